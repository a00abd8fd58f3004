// npm run bench -- qc-queue (issue 20): the QC queue's "score next" (POST /api/qcQueue/claim) through the real server,
// on a database of its own holding 1M leads and 200k QC records. 50 agents' recorded calls over 120 days (40 a day
// each, 240k recordings attributed to them) make 6,000 agent-days: all but the last five met their target of 5
// (their QC records linked to recordings), the rest part-scored. Every day starts open, as after a settings change,
// so the first claim walks and closes them all (its own figure). Then 8 inspectors score next, each claim followed by
// the scoring (a QC record linked to the recording, as the QC panel's Submit does): first one request at a time (the
// target figure: what an inspector waits for, p99 ≤ 50 ms), then all 8 at once on the 2-core box (shown, no target),
// BENCH_QC_QUEUE_CLAIMS claims each. BENCH_QC_QUEUE_LEADS / BENCH_QC_QUEUE_RECORDS shrink the data for a quick run.
import pg from 'pg';
import { STANDARD_SCORECARD, bestScores, scoreMarks, standardMarksOf, storedMarksOf } from '@crm/shared';
import { hashPassword } from '@crm/server/auth/password';
import { buildQcRecords, settle } from './scale-data.ts';
import { QC_GRADE, QC_MARK_COLUMNS, QC_MARKS, QC_TOTAL } from './qc-rows.ts';
import { startBenchServer, type BenchServer } from './server.ts';
import { createSurvey, seedSurveyLeads, type SurveyCampaign } from './survey-setup.ts';
import type { Figure } from './table.ts';

const LEADS = Number(process.env.BENCH_QC_QUEUE_LEADS ?? 1_000_000);
const QC_RECORDS = Number(process.env.BENCH_QC_QUEUE_RECORDS ?? 200_000);
const CLAIMS = Number(process.env.BENCH_QC_QUEUE_CLAIMS ?? 300);
const INSPECTORS = 8;
const AGENTS = 50;
const DAYS = 120;
const CALLS_PER_DAY = 40;
const TARGET = 5;
const OPEN_DAYS = 5;
const LAST_DAY = '2024-06-30';
const TARGET_P99_MS = 50;
const PAGE_REPEATS = 15;
const CAMPAIGN: SurveyCampaign = { name: 'Bench Queue', code: 'BENCH-QUEUE' };
const PASSWORD = 'bench-qc-password';

const log = (line: string) => console.log(`[qc-queue] ${line}`);
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The agents, their recordings (attributed), the queue's QC records and days, and the campaign's settings. */
export async function buildQueue(client: pg.Client, campaignId: number): Promise<number> {
  const started = performance.now();
  await client.query(
    `insert into users (username, name, role, password_hash)
     select 'QQ-' || lpad(a::text, 3, '0'), 'Queue Agent ' || a, 'agent', 'not-for-sign-in' from generate_series(1, $1::int) a`,
    [AGENTS],
  );
  // Agent a's call c of day d: at 09:00 + 10 min × c, 15 s to 7 min long (one in ten shorter than the minimum).
  await client.query(
    `insert into recordings (call_date, file_name, phone_number, phone_key, agent_id, call_time, duration_sec, analysis_status, campaign_id, agent_user_id, attributed_at)
     select day, to_char(day, 'YYYYMMDD') || '-' || to_char(time '09:00' + c * interval '10 minutes', 'HH24MISS') || '_0171' || lpad((a * 1000 + c)::text, 7, '0') || '_' || u.username || '-all.wav',
            '0171' || lpad((a * 1000 + c)::text, 7, '0'), '+880171' || lpad((a * 1000 + c)::text, 7, '0'), u.username,
            to_char(day, 'YYYY-MM-DD') || ' ' || to_char(time '09:00' + c * interval '10 minutes', 'HH24:MI:SS'),
            case when (a + c) % 10 = 0 then 15 else 40 + (a * 7 + c * 13) % 380 end, 'done', $1, u.id, now()
       from generate_series(0, $2::int - 1) d
       cross join lateral (select $3::date - d as day) dd
       cross join generate_series(1, $4::int) a
       join users u on u.username = 'QQ-' || lpad(a::text, 3, '0')
       cross join generate_series(0, $5::int - 1) c`,
    [campaignId, DAYS, LAST_DAY, AGENTS, CALLS_PER_DAY],
  );
  await client.query(
    `insert into qc_queue_days (campaign_id, call_date, agent_user_id) select distinct campaign_id, call_date, agent_user_id from recordings where campaign_id = $1`,
    [campaignId],
  );
  await client.query(
    'insert into qc_queue_settings (campaign_id, target_per_agent_day, min_duration_sec) values ($1, $2, 30)',
    [campaignId, TARGET],
  );
  // Scored: the first calls of each agent-day long enough, up to the target (part of it on the open days).
  const { rows } = await client.query<{ n: number }>(
    `with chosen as (
       select r.*, row_number() over (partition by r.agent_user_id, r.call_date order by r.call_time) as k
         from recordings r where r.campaign_id = $1 and r.duration_sec >= 30
     ), picked as (
       select * from chosen where k <= case when call_date > $2::date - $3::int then (agent_user_id + extract(day from call_date)::int) % 3 else $4 end
     ), numbered as (
       select p.*, row_number() over (order by p.id) as g from picked p
     ), records as (
       insert into qc_records (kind, call_date, agent_user_id, agent_id, agent_name, campaign_id, campaign_name, consumer_number, duration, qc_inspector_id, qc_inspector,
         marks, fatal_reason, eas_voice_matched_with_report, suggestion, total, agent_grade, created_at, updated_at)
       select 'in-house', call_date, agent_user_id, agent_id, agent_id, $1, $5, phone_key, duration_sec,
         (select id from users where username = 'admin'), 'admin',
         marks, fatal_reason, eas, '', total, ${QC_GRADE}, call_date + time '18:00', call_date + time '18:00'
       from (select s.*, ${QC_TOTAL}, ${QC_MARKS} from (select n.*, ${QC_MARK_COLUMNS} from numbered n) s) t
       returning id, call_date, consumer_number, agent_user_id
     )
     insert into qc_record_files (qc_record_id, file_name)
     select rec.id, r.file_name from records rec
       join recordings r on r.call_date = rec.call_date and r.phone_key = rec.consumer_number and r.agent_user_id = rec.agent_user_id
     returning 1`,
    [campaignId, LAST_DAY, OPEN_DAYS, TARGET, CAMPAIGN.name],
  );
  log(
    `${(AGENTS * DAYS * CALLS_PER_DAY).toLocaleString('en-US')} recordings, ${rows.length.toLocaleString('en-US')} scored through the queue, in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return rows.length;
}

type Inspector = { id: number; token: string };

async function createInspectors(server: BenchServer, client: pg.Client): Promise<Inspector[]> {
  const hash = await hashPassword(PASSWORD);
  const inspectors: Inspector[] = [];
  for (let i = 1; i <= INSPECTORS; i += 1) {
    const username = `bench-queue-qc-${i}`;
    const { rows } = await client.query<{ id: number }>(
      `insert into users (username, name, role, password_hash) values ($1, $2, 'qc', $3) returning id`,
      [username, `Queue Inspector ${i}`, hash],
    );
    const res = await fetch(`${server.url}/api/auth/signInSuperAdmin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status} ${await res.text()}`);
    inspectors.push({ id: rows[0]?.id ?? 0, token: ((await res.json()) as { jwtToken: string }).jwtToken });
  }
  return inspectors;
}

/** One "score next": the claim's time, and the claimed recording (null: nothing left). */
async function scoreNext(
  server: BenchServer,
  inspector: Inspector,
): Promise<{ ms: number; recordingId: number | null }> {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/qcQueue/claim`, {
    method: 'POST',
    headers: { authorization: `Bearer ${inspector.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ campaignName: CAMPAIGN.name }),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status === 404) return { ms, recordingId: null };
  if (res.status !== 200) throw new Error(`claim: ${res.status} ${text.slice(0, 300)}`);
  return { ms, recordingId: (JSON.parse(text) as { recordingId: number }).recordingId };
}

/** Every criterion at its best on "Standard" (total 100, Exceed Expectation), and those marks as qc_records.marks. */
const BEST = scoreMarks(STANDARD_SCORECARD, standardMarksOf(bestScores()));
const BEST_MARKS = JSON.stringify(storedMarksOf(BEST));

/** What the QC panel's Submit leaves: a QC record of the call, its recording linked, the claim consumed. */
async function scoreCall(client: pg.Pool, recordingId: number, inspectorId: number): Promise<void> {
  await client.query(
    `with rec as (
       insert into qc_records (kind, call_date, agent_user_id, agent_id, agent_name, campaign_id, campaign_name, consumer_number, duration, qc_inspector_id, qc_inspector,
         marks, total, agent_grade)
       select 'in-house', call_date, agent_user_id, agent_id, agent_id, campaign_id, $3, phone_key, duration_sec, $2, 'bench',
         $4::jsonb, $5, $6
       from recordings where id = $1
       returning id
     ), linked as (
       insert into qc_record_files (qc_record_id, file_name) select rec.id, r.file_name from rec, recordings r where r.id = $1
     )
     delete from qc_queue_claims where recording_id = $1`,
    [recordingId, inspectorId, CAMPAIGN.name, BEST_MARKS, BEST.total, BEST.grade],
  );
}

/** The queue page as /qcQueue reads it (15 rows): its time, median of REPEATS, for the page asked. */
async function readPage(
  server: BenchServer,
  inspector: Inspector,
  page: number,
  date?: string,
): Promise<{ ms: number; totalPages: number }> {
  const times: number[] = [];
  let totalPages = 0;
  for (let i = 0; i < PAGE_REPEATS; i += 1) {
    const query = new URLSearchParams({ campaignName: CAMPAIGN.name, ...(date === undefined ? {} : { date }) });
    const started = performance.now();
    const res = await fetch(`${server.url}/api/qcQueue/pagination/${page}/15?${query.toString()}`, {
      headers: { authorization: `Bearer ${inspector.token}` },
    });
    const text = await res.text();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`queue page: ${res.status} ${text.slice(0, 300)}`);
    totalPages = (JSON.parse(text) as { response: { totalPages: number } }).response.totalPages;
  }
  times.sort((a, b) => a - b);
  return { ms: quantile(times, 0.5), totalPages };
}

/** CLAIMS claims with their scorings, the inspectors taking turns (one request at a time) or all at once; the claims' times, sorted. */
async function claimRounds(
  server: BenchServer,
  client: pg.Pool,
  inspectors: Inspector[],
  together: boolean,
): Promise<number[]> {
  const times: number[] = [];
  let emptied = 0;
  let claims = 0;
  const run = async (inspector: Inspector) => {
    const { ms, recordingId } = await scoreNext(server, inspector);
    times.push(ms);
    if (recordingId === null) emptied += 1;
    else await scoreCall(client, recordingId, inspector.id);
  };
  if (together) {
    await Promise.all(
      inspectors.map(async (inspector) => {
        while (claims < CLAIMS) {
          claims += 1;
          await run(inspector);
        }
      }),
    );
  } else {
    for (; claims < CLAIMS; claims += 1) await run(inspectors[claims % inspectors.length]!);
  }
  if (emptied > 0)
    console.error(`[qc-queue] PROBLEM: ${emptied} claims found the queue empty; lower BENCH_QC_QUEUE_CLAIMS`);
  times.sort((a, b) => a - b);
  log(
    `${times.length} claims, ${together ? `${inspectors.length} inspectors at once` : 'one at a time'}: p50 ${round1(quantile(times, 0.5))} ms, p99 ${round1(quantile(times, 0.99))} ms`,
  );
  return times;
}

export async function benchQcQueue(): Promise<Figure[]> {
  const server = await startBenchServer('queue', { recordings: true });
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  // The scorings of inspectors working at once: a connection each.
  const scorer = new pg.Pool({ connectionString: server.databaseUrl, max: INSPECTORS });
  try {
    await createSurvey(server, CAMPAIGN);
    const leadsMs = (await seedSurveyLeads(server.databaseUrl, CAMPAIGN.name, LEADS)).ms;
    log(`${LEADS.toLocaleString('en-US')} leads in ${(leadsMs / 1000).toFixed(0)} s`);
    const { rows } = await client.query<{ id: number }>('select id from campaigns where campaign_name = $1', [
      CAMPAIGN.name,
    ]);
    const campaignId = rows[0]?.id;
    if (campaignId === undefined) throw new Error('no bench campaign');
    const queued = await buildQueue(client, campaignId);
    const { rows: had } = await client.query<{ n: string }>('select count(*) as n from qc_records');
    await buildQcRecords(client, CAMPAIGN.name, 0, Math.max(0, QC_RECORDS - Number(had[0]?.n ?? 0)), log);
    await settle(client, log);
    const { rows: counted } = await client.query<{ records: string; leads: string; recordings: string }>(
      'select (select count(*) from qc_records) as records, (select count(*) from leads) as leads, (select count(*) from recordings) as recordings',
    );
    log(
      `holding ${Number(counted[0]?.leads).toLocaleString('en-US')} leads, ${Number(counted[0]?.records).toLocaleString('en-US')} QC records (${queued.toLocaleString('en-US')} through the queue), ${Number(counted[0]?.recordings).toLocaleString('en-US')} recordings`,
    );
    const inspectors = await createInspectors(server, client);

    // Every agent-day open: the first claim closes the met ones on its way.
    const first = await scoreNext(server, inspectors[0]!);
    if (first.recordingId === null) throw new Error('the queue is empty');
    await scoreCall(scorer, first.recordingId, inspectors[0]!.id);
    log(`first score next, walking ${(AGENTS * DAYS).toLocaleString('en-US')} open agent-days: ${round1(first.ms)} ms`);

    const firstPage = await readPage(server, inspectors[0]!, 0);
    const lastPage = await readPage(server, inspectors[0]!, Math.max(0, firstPage.totalPages - 1));
    const oneDay = await readPage(server, inspectors[0]!, 0, LAST_DAY);
    log(
      `queue page (15 rows) of ${firstPage.totalPages.toLocaleString('en-US')}: first ${round1(firstPage.ms)} ms, last ${round1(lastPage.ms)} ms, one date's first ${round1(oneDay.ms)} ms (medians of ${PAGE_REPEATS})`,
    );

    const oneAtATime = await claimRounds(server, scorer, inspectors, false);
    const atOnce = await claimRounds(server, scorer, inspectors, true);
    const size = `${LEADS >= 1_000_000 ? `${LEADS / 1_000_000}M` : `${LEADS / 1000}k`} leads, ${Math.round(Number(counted[0]?.records) / 1000)}k QC records`;
    return [
      {
        figure: `qc-queue: score next p99 (${size})`,
        value: round1(quantile(oneAtATime, 0.99)),
        unit: 'ms',
        target: TARGET_P99_MS,
      },
      { figure: 'qc-queue: score next median', value: round1(quantile(oneAtATime, 0.5)), unit: 'ms' },
      {
        figure: `qc-queue: score next p99, ${INSPECTORS} inspectors at once`,
        value: round1(quantile(atOnce, 0.99)),
        unit: 'ms',
      },
      { figure: `qc-queue: first score next, ${AGENTS * DAYS} agent-days open`, value: round1(first.ms), unit: 'ms' },
      {
        figure: `qc-queue: queue page, first of ${firstPage.totalPages} (median)`,
        value: round1(firstPage.ms),
        unit: 'ms',
      },
      { figure: 'qc-queue: queue page, last (median)', value: round1(lastPage.ms), unit: 'ms' },
      { figure: "qc-queue: queue page, one date's first (median)", value: round1(oneDay.ms), unit: 'ms' },
    ];
  } finally {
    await scorer.end();
    await client.end();
    await server.stop();
  }
}
