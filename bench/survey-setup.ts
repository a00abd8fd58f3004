// Set-up of the survey benchmark: the campaign, its data table, questions and agents through the real API as the admin,
// then 1,000,000 leads straight into PostgreSQL (one INSERT … SELECT), half of them generated.
import pg from 'pg';
import type { TQuestion, TQuestionType } from '@crm/shared';
import type { BenchServer } from './server.ts';
import { BENCH_ADMIN_PASSWORD } from './server.ts';

export const SURVEY_CAMPAIGN = 'Bench Survey';
export const LEAD_COUNT = 1_000_000;
export const DATA_DATES = ['2024-05-01', '2024-05-08', '2024-05-15', '2024-05-22', '2024-05-29'];
const COLUMNS = ['Outlet name', 'Outlet code'];

/** The questions every save answers: each answered type at least once (Plain Text is shown, never answered). */
const QUESTIONS: { title: string; type: TQuestionType; options?: string }[] = [
  { title: 'Do you smoke?', type: 'Select Option', options: 'Yes, No' },
  { title: 'Which brand do you smoke most?', type: 'Select Option', options: 'Brand A, Brand B, Brand C, Other' },
  {
    title: 'Which other brands have you tried?',
    type: 'Multi Select Option',
    options: 'Brand A, Brand B, Brand C, Brand D',
  },
  { title: 'How many sticks a day?', type: 'Number' },
  { title: 'Where do you usually buy?', type: 'Text Input' },
  { title: 'How do you like the taste?', type: 'Select Option', options: 'Very much, Somewhat, Neutral, Not at all' },
  { title: 'What do you like about it?', type: 'Multi Select Option', options: 'Taste, Price, Pack, Availability' },
  { title: 'Your email for the offer?', type: 'Email' },
  { title: 'Anything else?', type: 'Textarea' },
  { title: 'May we call you again?', type: 'Select Option', options: 'Yes, No' },
];

export type SurveyAgent = { agentId: string; token: string };

/** A benchmark's own campaign: its name and VICIdial campaign id (the load benchmark uses another than the survey's). */
export type SurveyCampaign = { name: string; code: string };
export const SURVEY: SurveyCampaign = { name: SURVEY_CAMPAIGN, code: 'BENCH-SURVEY' };

/** Lead g (1 … LEAD_COUNT) has this number; the lookup and the seeding agree on it. */
export function cellOf(g: number): string {
  return `+88017${String(g).padStart(8, '0')}`;
}

/** Even leads are generated (for_d 'd', generate_status 1): half of the million. */
export function isGenerated(g: number): boolean {
  return g % 2 === 0;
}

/** One API call of the benchmarks' set-ups: a 200's JSON, or an error naming the call and its reply. */
export async function call<T>(
  server: BenchServer,
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | FormData | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${server.url}${path}`, { method, headers, body: payload });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

async function mapConcurrently<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** A survey's questions, data table columns and call target: the survey benchmark's unless told. */
export type SurveyContent = {
  questions?: readonly { title: string; type: string; options?: string }[];
  columns?: readonly string[];
  callTarget?: number;
};

/** Campaign, data table and questions through the API; returns the questions as stored (qno order). */
export async function createSurvey(
  server: BenchServer,
  campaign: SurveyCampaign = SURVEY,
  { questions: asked = QUESTIONS, columns = COLUMNS, callTarget = 50 }: SurveyContent = {},
): Promise<{ adminToken: string; questions: TQuestion[] }> {
  const { jwtToken: adminToken } = await call<{ jwtToken: string }>(
    server,
    'POST',
    '/api/auth/signInSuperAdmin',
    undefined,
    {
      username: 'admin',
      password: BENCH_ADMIN_PASSWORD,
    },
  );
  await call(server, 'POST', '/cc/addCampaign', adminToken, {
    campaignType: 'Outbound',
    campaignName: campaign.name,
    campaignId: campaign.code,
    callTarget,
  });
  await call(server, 'POST', '/dt/addDataTables', adminToken, {
    campaignName: campaign.name,
    numberOfField: columns.length,
    columns,
  });
  const questions = await call<TQuestion[]>(
    server,
    'POST',
    '/questions/add',
    adminToken,
    asked.map((q) => ({ campaignId: campaign.name, title: q.title, type: q.type, options: q.options ?? '' })),
  );
  if (questions.length !== asked.length) throw new Error(`expected ${asked.length} questions, got ${questions.length}`);
  return { adminToken, questions };
}

/** `count` agents (ids `<idPrefix>-0001` …) in one CSV upload, then each signed in to the campaign (scrypt-bound, so a few at a time). */
export async function createAgents(
  server: BenchServer,
  adminToken: string,
  count: number,
  campaign = SURVEY_CAMPAIGN,
  idPrefix = 'BSA',
): Promise<SurveyAgent[]> {
  const ids = Array.from({ length: count }, (_, i) => `${idPrefix}-${String(i + 1).padStart(4, '0')}`);
  // Never containing the agent ID or a part of the name "Bench Agent N" (the password rules refuse them): the ID's
  // digits spelled as letters (0 → a, 1 → b, …).
  const password = (id: string) =>
    `quiet-secret-${id.replace(/\D/g, '').replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? '')}`;
  const csv = [
    'type,name,agentId,joiningDate,cellNumber,bankAcNumber,nagadAcNumber,bkashAcNumber,password',
    ...ids.map(
      (id, i) => `Physical,Bench Agent ${i + 1},${id},2024-01-15,0181${String(i).padStart(7, '0')},,,,${password(id)}`,
    ),
  ].join('\r\n');
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'agents.csv');
  await call(server, 'POST', '/api/ac/upload', adminToken, form);
  return mapConcurrently(ids, 8, async (agentId) => {
    const { jwtToken } = await call<{ jwtToken: string }>(server, 'POST', '/api/auth/signInAgent', undefined, {
      username: agentId,
      password: password(agentId),
      shift: 'Morning',
      campaign,
    });
    return { agentId, token: jwtToken };
  });
}

/** `count` leads (the million by default; lead g as cellOf(g), isGenerated(g)) in one statement, with the values an upload would bring; then statistics and a clean table. */
export async function seedSurveyLeads(
  databaseUrl: string,
  campaign = SURVEY_CAMPAIGN,
  count = LEAD_COUNT,
): Promise<{ ms: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  try {
    const { rows } = await client.query<{ id: number }>('select id from campaigns where campaign_name = $1', [
      campaign,
    ]);
    const campaignId = rows[0]?.id;
    if (campaignId === undefined) throw new Error(`campaign ${campaign} not found`);
    await client.query(
      `insert into leads (campaign_id, did, data_status, br_id, region, territory, area, respondent_name, cell_number, data_date,
                          brand, target_selector, for_d, generate_status, fields)
       select $1, 'D' || g, case when g % 10 < 8 then 'valid' else 'invalid' end, 'BR' || (g % 50),
              (array['Dhaka','Chattogram','Khulna','Rajshahi','Sylhet','Barishal','Rangpur','Mymensingh'])[1 + g % 8],
              'Territory ' || (g % 120), 'Area ' || (g % 400), 'Respondent ' || g,
              '+88017' || lpad(g::text, 8, '0'), ($2::date[])[1 + (g / 2) % cardinality($2::date[])],
              (array['Brand A','Brand B','Brand C'])[1 + g % 3], (array['Smoker','Non-smoker','Trial','Loyal'])[1 + (g / 3) % 4],
              case when g % 2 = 0 then 'd' else '' end, case when g % 2 = 0 then 1 else 0 end,
              jsonb_build_object($3::text, 'Store ' || (g % 5000), $4::text, 'OC-' || lpad((g % 5000)::text, 5, '0'))
         from generate_series(1, $5::int) as g`,
      [campaignId, DATA_DATES, COLUMNS[0], COLUMNS[1], count],
    );
    // As a table that has lived a while would be: hint bits set, statistics known, nothing left to write back.
    await client.query('vacuum analyze leads');
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
  return { ms: performance.now() - started };
}
