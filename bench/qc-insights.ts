// npm run bench -- qc-insights: GET /api/qcInsights as the admin on 200k in-house QC records over one year
// (2023-07-01 … 2024-06-30; 200 agents, 4 inspectors, two campaigns), 30k of them on a published 3-section weighted
// scorecard with N/A and an auto-fail criterion (summed with jsonb_each), the rest on "Standard" (summed from its 14
// generated columns). After VACUUM ANALYZE, each of the whole year, one campaign over the year and one month: 2
// warm-ups, then 5 calls; the median and the slowest. No issue names a target: the reference is the upper end of what
// the guide measured before scorecards (a year 0.9–1.2 s, a campaign-year 0.25–0.3 s, a month 80–110 ms). A database
// and server of its own, dropped afterwards (TEST_DATABASE_URL / DATABASE_URL, else embedded PostgreSQL).
import pg from 'pg';
import {
  markProblems,
  scoreMarks,
  storedMarksOf,
  type TQcInsights,
  type TScorecard,
  type TScorecardDefinitionInput,
  type TScorecardMark,
} from '@crm/shared';
import { hashPassword } from '@crm/server/auth/password';
import { QC_GRADE, QC_MARK_COLUMNS, QC_MARKS, QC_TOTAL } from './qc-rows.ts';
import { settle } from './scale-data.ts';
import { BENCH_ADMIN_PASSWORD, startBenchServer, type BenchServer } from './server.ts';
import type { Figure } from './table.ts';

const RECORDS = Number(process.env.BENCH_INSIGHTS_RECORDS ?? 200_000);
const FIRST_DAY = '2023-07-01';
const DAYS = 366; // to 2024-06-30
const AGENTS = 200;
const INSPECTORS = ['bench-qi-anika', 'bench-qi-bashir', 'bench-qi-chandra', 'bench-qi-dipa'];
/** Even calls are campaign A's (all on "Standard"), odd calls campaign B's. */
const CAMPAIGNS = [
  { name: 'Bench Insights A', code: 'BENCH-QI-A' },
  { name: 'Bench Insights B', code: 'BENCH-QI-B' },
] as const;
/** Call g is on the weighted card when g % 20 is one of these (all odd, so campaign B's): 3 in 20, 30k of 200k. */
const CARD_RESIDUES = [1, 5, 9];
/** Distinct scorings of the card the records cycle through (a prime, so call g's is spread over days and agents). */
const VARIANTS = 997;
const WARMUPS = 2;
const CALLS = 5;
const B = CAMPAIGNS[1].name;
const QUERIES: { name: string; params: Record<string, string>; reference: number }[] = [
  { name: 'the whole year', params: { startDate: FIRST_DAY, endDate: '2024-06-30' }, reference: 1200 },
  {
    name: 'one campaign over the year',
    params: { startDate: FIRST_DAY, endDate: '2024-06-30', campaignName: B },
    reference: 300,
  },
  { name: 'one month (June 2024)', params: { startDate: '2024-06-01', endDate: '2024-06-30' }, reference: 110 },
];

const log = (line: string) => console.log(`[qc-insights] ${line}`);

async function call<T>(server: BenchServer, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

const yesNo = (yes: number) => [
  { label: 'Yes', marks: yes },
  { label: 'No', marks: 0 },
];
const yesPartlyNo = (yes: number) => [
  { label: 'Yes', marks: yes },
  { label: 'Partly', marks: yes / 2 },
  { label: 'No', marks: 0 },
];

/**
 * Weighted, three sections: Opening 20 (greeting, N/A allowed; identity), Discovery 50 (needs, a comment when not at
 * its best; probing, N/A allowed), Close 30 (resolved, its No an auto-fail: total 0; summary). Pass mark 70.
 */
function cardDefinition(): TScorecardDefinitionInput {
  const criterion = (key: string, name: string, choices: { label: string; marks: number }[], extra = {}) => ({
    key,
    name,
    question: `${name}?`,
    choices,
    allowNa: false,
    autoFailChoice: null,
    commentRequired: false,
    ...extra,
  });
  return {
    name: 'Bench weighted card',
    scoringMode: 'weighted',
    passMark: 70,
    autoFailResult: 'zeroTotal',
    sections: [
      {
        name: 'Opening',
        weight: 20,
        criteria: [
          criterion('greeting', 'Greeting', yesNo(10), { allowNa: true }),
          criterion('identity', 'Identity checked', yesNo(5)),
        ],
      },
      {
        name: 'Discovery',
        weight: 50,
        criteria: [
          criterion('needs', 'Needs found', yesPartlyNo(10), { commentRequired: true }),
          criterion('probing', 'Probing questions', yesPartlyNo(10), { allowNa: true }),
        ],
      },
      {
        name: 'Close',
        weight: 30,
        criteria: [
          criterion('resolved', 'Resolved', yesNo(10), { autoFailChoice: 'No' }),
          criterion('summary', 'Summary', yesNo(5)),
        ],
      },
    ],
  };
}

/** A small deterministic generator (mulberry32): the same variants every run. */
function randomOf(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Variant = { marks: string; total: number; grade: string };

/**
 * VARIANTS scorings of the card as the server stores them: mostly the best choice, sometimes a lower one, N/A where
 * allowed one time in ten, the auto-fail one call in fifty; each checked as a save is (markProblems) and scored with
 * the shared scoreMarks, so marks, total and grade are what the server would have written.
 */
function cardVariants(card: TScorecard): Variant[] {
  const random = randomOf(36);
  return Array.from({ length: VARIANTS }, () => {
    const marks: TScorecardMark[] = card.sections.flatMap((s) =>
      s.criteria.map((c) => {
        let choice: string | null;
        if (c.allowNa && random() < 0.1) choice = null;
        else if (c.autoFailChoice !== null) choice = random() < 0.02 ? c.autoFailChoice : (c.choices[0]?.label ?? null);
        else {
          const r = random();
          choice = (r < 0.7 ? c.choices[0] : r < 0.9 ? c.choices[1] : c.choices[c.choices.length - 1])?.label ?? null;
        }
        const best = choice === c.choices[0]?.label;
        return { key: c.key, choice, comment: best || choice === null ? '' : 'Heard on the call' };
      }),
    );
    const problems = markProblems(card, marks);
    if (problems.length > 0)
      throw new Error(`a generated scoring is invalid: ${problems.map((p) => p.message).join('; ')}`);
    const result = scoreMarks(card, marks);
    return { marks: JSON.stringify(storedMarksOf(result)), total: result.total, grade: result.grade };
  });
}

/** The records, in call-date order as they would have been saved: one INSERT … SELECT. */
async function insertRecords(client: pg.Client, card: TScorecard, variants: Variant[]): Promise<void> {
  const started = performance.now();
  const hash = await hashPassword('bench-qi-inspector-password');
  const { rows: inspectors } = await client.query<{ id: number; username: string }>(
    `insert into users (username, name, role, password_hash)
     select u, 'Inspector ' || u, 'qc', $2 from unnest($1::text[]) with ordinality as t(u, n) order by n
     returning id, username`,
    [INSPECTORS, hash],
  );
  const { rows: campaigns } = await client.query<{ id: number; campaign_name: string }>(
    'select id, campaign_name from campaigns where campaign_name = any($1::text[])',
    [CAMPAIGNS.map((c) => c.name)],
  );
  const campaignId = (name: string) => {
    const id = campaigns.find((c) => c.campaign_name === name)?.id;
    if (id === undefined) throw new Error(`campaign ${name} not found`);
    return id;
  };
  await client.query(
    `insert into qc_records (kind, call_date, agent_id, agent_name, campaign_id, campaign_name, consumer_number, duration,
       qc_inspector_id, qc_inspector, scorecard_id, marks, fatal_reason, eas_voice_matched_with_report, suggestion, total,
       agent_grade, created_at, updated_at)
     select 'in-house', call_date, agent_id, agent_name, campaign_id, campaign_name, consumer_number, duration,
       inspector_id, inspector,
       case when v is null then 1 else $7::int end,
       case when v is null then marks else v -> 'marks' end,
       case when v is null then fatal_reason else '' end,
       eas, suggestion,
       case when v is null then total else (v ->> 'total')::float8 end,
       case when v is null then ${QC_GRADE} else v ->> 'grade' end,
       call_date + time '18:00', call_date + time '18:00'
     from (
       select s.*, ${QC_TOTAL}, ${QC_MARKS},
         case when g % 20 = any($8::int[]) then ($9::jsonb -> ((g::bigint * 7919) % $10)::int) end as v
       from (
         select g, $1::date + ((g - 1) * $2 / $3)::int as call_date,
                'QI' || lpad((g % $4)::text, 3, '0') as agent_id,
                (array['Rina Akter', 'Sabbir Hasan', 'Nusrat Jahan', 'Tanvir Ahmed', 'Farhana Islam'])[1 + g % 5] || ' ' || (g % $4) as agent_name,
                ($5::int[])[1 + g % 2] as campaign_id, ($6::text[])[1 + g % 2] as campaign_name,
                ($11::int[])[1 + (g / 3) % cardinality($11::int[])] as inspector_id,
                ($12::text[])[1 + (g / 3) % cardinality($12::text[])] as inspector,
                '+88017' || lpad((g * 10)::text, 8, '0') as consumer_number, 20 + g % 600 as duration,
                ${QC_MARK_COLUMNS},
                (array['Keep it up', 'Greet the respondent by name before the first question', 'Slow down while reading the options',
                       'Confirm the number before closing the call', ''])[1 + g % 5] as suggestion
         from generate_series(1, $3::int) g
       ) s
     ) r
     order by g`,
    [
      FIRST_DAY,
      DAYS,
      RECORDS,
      AGENTS,
      CAMPAIGNS.map((c) => campaignId(c.name)),
      CAMPAIGNS.map((c) => c.name),
      card.id,
      CARD_RESIDUES,
      JSON.stringify(variants.map((v) => ({ ...v, marks: JSON.parse(v.marks) as unknown }))),
      VARIANTS,
      inspectors.map((i) => i.id),
      inspectors.map((i) => i.username),
    ],
  );
  await linkAgentsAndAcknowledge(client);
  const { rows } = await client.query<{ scorecard_id: number; records: string; from: string; to: string }>(
    `select scorecard_id, count(*) as records, min(call_date)::text as from, max(call_date)::text as to
       from qc_records where campaign_name = any($1::text[]) group by 1 order by 1`,
    [CAMPAIGNS.map((c) => c.name)],
  );
  log(
    `QC records inserted in ${((performance.now() - started) / 1000).toFixed(1)} s: ${rows
      .map((r) => `${Number(r.records).toLocaleString('en-US')} on version ${r.scorecard_id} (${r.from} … ${r.to})`)
      .join(', ')}`,
  );
}

/**
 * Each bench agent an account, its records linked to it, and 85 % of them acknowledged (the rest awaiting, most of them
 * overdue): what the insights' acknowledgement figures read (docs/qc-records.md, Overdue).
 */
async function linkAgentsAndAcknowledge(client: pg.Client): Promise<void> {
  await client.query(
    `insert into users (username, name, role, password_hash)
     select 'QI' || lpad(g::text, 3, '0'), 'Bench agent ' || g, 'agent', 'not-for-sign-in'
       from generate_series(0, $1::int - 1) g`,
    [AGENTS],
  );
  await client.query(
    `update qc_records r set agent_user_id = u.id
       from users u where u.username = r.agent_id and r.campaign_name = any($1::text[])`,
    [CAMPAIGNS.map((c) => c.name)],
  );
  await client.query(
    `insert into qc_record_acknowledgements (qc_record_id, agent_user_id, acknowledged_at)
     select id, agent_user_id, created_at + interval '1 day' from qc_records
      where campaign_name = any($1::text[]) and id % 20 >= 3`,
    [CAMPAIGNS.map((c) => c.name)],
  );
  await client.query('analyze qc_records; analyze qc_record_acknowledgements');
}

/** Times one call, reading the body whole; refuses anything but 200. */
async function timedInsights(
  server: BenchServer,
  token: string,
  query: string,
): Promise<{ ms: number; reply: TQcInsights }> {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/qcInsights?${query}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`GET /api/qcInsights?${query}: ${res.status} ${text.slice(0, 500)}`);
  return { ms, reply: JSON.parse(text) as TQcInsights };
}

export async function benchQcInsights(): Promise<Figure[]> {
  const server = await startBenchServer('qc_insights');
  const figures: Figure[] = [];
  try {
    const { jwtToken: admin } = await call<{ jwtToken: string }>(
      server,
      'POST',
      '/api/auth/signInSuperAdmin',
      undefined,
      {
        username: 'admin',
        password: BENCH_ADMIN_PASSWORD,
      },
    );
    for (const c of CAMPAIGNS)
      await call(server, 'POST', '/cc/addCampaign', admin, {
        campaignType: 'Outbound',
        campaignName: c.name,
        campaignId: c.code,
        callTarget: 50,
      });
    // Made and published as an admin does, then campaign B's in-house scorecard.
    const draft = await call<TScorecard>(server, 'POST', '/api/scorecards', admin, cardDefinition());
    const card = await call<TScorecard>(server, 'POST', `/api/scorecards/${draft.id}/publish`, admin);
    await call(server, 'PUT', '/api/campaign-scorecards', admin, { campaignName: B, inHouse: card.id, client: 1 });
    const variants = cardVariants(card);
    const autoFailed = variants.filter((v) => v.total === 0).length;
    log(
      `"${card.name}" version ${card.version} (id ${card.id}, ${card.state}); ${VARIANTS} scorings, ${autoFailed} auto-failed`,
    );

    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      await insertRecords(client, card, variants);
      await settle(client, log);
    } finally {
      await client.end();
    }

    for (const q of QUERIES) {
      const query = new URLSearchParams(q.params).toString();
      for (let i = 0; i < WARMUPS; i += 1) await timedInsights(server, admin, query);
      const runs: number[] = [];
      let last: TQcInsights | undefined;
      for (let i = 0; i < CALLS; i += 1) {
        const { ms, reply } = await timedInsights(server, admin, query);
        runs.push(ms);
        last = reply;
      }
      runs.sort((a, b) => a - b);
      // The guide's figures were at 200k records: no reference at another size.
      const reference = RECORDS === 200_000 ? { reference: q.reference } : {};
      const median = runs[Math.floor(CALLS / 2)] ?? Number.NaN;
      const slowest = runs[CALLS - 1] ?? Number.NaN;
      const onCard = last?.criteria.filter((c) => c.scorecardId === card.scorecardId).length ?? 0;
      const onStandard = last?.criteria.filter((c) => c.scorecardId === 1).length ?? 0;
      log(
        `${q.name}: median ${median.toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms (${runs.map((ms) => ms.toFixed(0)).join(', ')}); ` +
          `${last?.floor.records.toLocaleString('en-US')} records, ${last?.criteria.length} criteria (${onStandard} of "Standard", ${onCard} of "${card.name}"), ${last?.agents.length} agents, ${last?.inspectors.length} inspectors, ` +
          `${last?.acknowledgements.unacknowledged.toLocaleString('en-US')} unacknowledged (${last?.acknowledgements.overdue.toLocaleString('en-US')} overdue)`,
      );
      if (onCard === 0 || onStandard === 0) throw new Error(`${q.name}: the reply lacks one of the two scorecards`);
      if (!last?.acknowledgements.unacknowledged)
        throw new Error(`${q.name}: the reply counts no unacknowledged record`);
      figures.push(
        {
          figure: `qc-insights: ${q.name}, ${RECORDS / 1000}k records (${(RECORDS * CARD_RESIDUES.length) / 20 / 1000}k on a weighted card), median`,
          value: Math.round(median),
          unit: 'ms',
          ...reference,
        },
        {
          figure: `qc-insights: ${q.name}, slowest of ${CALLS}`,
          value: Math.round(slowest),
          unit: 'ms',
          ...reference,
        },
      );
    }
  } finally {
    await server.stop();
  }
  return figures;
}
