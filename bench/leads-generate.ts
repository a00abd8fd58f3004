// Generate and regenerate over HTTP on one campaign's 200k leads of one date (50 branches × 4 selectors).
import pg from 'pg';
import type { TGenerateResult, TRegenerateResult } from '@crm/shared';
import type { BenchServer } from './server.ts';
import { BENCH_ADMIN_PASSWORD } from './server.ts';
import type { Figure } from './table.ts';

const LEADS = 200_000;
const BRANCHES = 50;
const SELECTORS = ['Smoker', 'Non-smoker', 'Trial', 'Loyal'];
const DATA_DATE = '2024-05-01';
const CAMPAIGN = 'Bench Generate';
/** 1,000 leads per group: 400 each generated, a third of those called, then up to 300 more each regenerated. */
const GENERATE_TARGET = 400;
const REGENERATE_TARGET = 300;
const TARGET_MS = 2000;
/** A few leads per group: what a generate costs should follow what it marks, not the size of the date. */
const FEW_TARGET = 5;
const FEW_DATE = '2024-05-02';
const FEW_TARGET_MS = 100;

async function seedLeads(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `insert into campaigns (campaign_id, campaign_name, campaign_type, call_target, status)
       values ('BENCH-GEN', $1, 'Outbound', 50, true) returning id`,
      [CAMPAIGN],
    );
    const campaignId = rows[0]!.id;
    // Branch and selector cycle independently, so each (br_id, selector) group holds 1,000 leads, ~70% of them valid.
    await client.query(
      `insert into leads (campaign_id, data_status, br_id, region, respondent_name, cell_number, data_date, target_selector, fields)
       select $1, case when (g / 200) % 10 < 7 then 'valid' else 'invalid' end, 'BR' || (g % $2), 'Dhaka', 'Respondent ' || g,
              '+88017' || lpad(g::text, 8, '0'), $3::date, ($4::text[])[1 + (g / $2) % cardinality($4::text[])], '{"shop":"Store"}'::jsonb
         from generate_series(1, $5) as g`,
      [campaignId, BRANCHES, DATA_DATE, SELECTORS, LEADS],
    );
    await client.query('analyze leads');
    // Flushed now, so the timed calls do not pay for writing back these rows (or an upload run before).
    await client.query('checkpoint');
    return campaignId;
  } finally {
    await client.end();
  }
}

/** Another date of the same shape, untouched, for a generate of a few leads per group. */
async function seedFreshDate(databaseUrl: string, campaignId: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into leads (campaign_id, data_status, br_id, region, respondent_name, cell_number, data_date, target_selector, fields)
       select campaign_id, data_status, br_id, region, respondent_name, cell_number, $2::date, target_selector, fields
         from leads where campaign_id = $1 and data_date = $3::date`,
      [campaignId, FEW_DATE, DATA_DATE],
    );
    await client.query('analyze leads');
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

/** A third of the generated leads get called, so regenerate has uncalled leads to top up in every group. */
async function callAThird(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `update leads set is_called = 1 where generate_status > 0 and id % 3 = 0
      and campaign_id = (select id from campaigns where campaign_name = $1)`,
      [CAMPAIGN],
    );
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

async function timedPost<T>(url: string, token: string, body: unknown): Promise<{ ms: number; reply: T }> {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return { ms, reply: (await res.json()) as T };
}

export async function benchLeadsGenerate(server: BenchServer): Promise<Figure[]> {
  const campaignId = await seedLeads(server.databaseUrl);
  const signIn = await fetch(`${server.url}/api/auth/signInSuperAdmin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
  });
  const { jwtToken } = (await signIn.json()) as { jwtToken: string };
  const query = new URLSearchParams({ tableName: CAMPAIGN, dataDate: DATA_DATE }).toString();
  const targets = (n: number) => Object.fromEntries(SELECTORS.map((s) => [s, n]));

  const generated = await timedPost<TGenerateResult>(
    `${server.url}/dynamic/updateData?${query}`,
    jwtToken,
    targets(GENERATE_TARGET),
  );
  const expected = BRANCHES * SELECTORS.length * GENERATE_TARGET;
  if (generated.reply.rowsUpdated !== expected)
    throw new Error(`generate marked ${generated.reply.rowsUpdated} leads, expected ${expected}`);
  await callAThird(server.databaseUrl);
  const regenerated = await timedPost<TRegenerateResult>(
    `${server.url}/dynamic/reGenerateData?${query}`,
    jwtToken,
    targets(REGENERATE_TARGET),
  );
  if (regenerated.reply.rowsRegenerated === 0) throw new Error('regenerate marked no leads');
  // A few per group from another large date: read from the pick index group by group, not a ranking of the date.
  await seedFreshDate(server.databaseUrl, campaignId);
  const fewQuery = new URLSearchParams({ tableName: CAMPAIGN, dataDate: FEW_DATE }).toString();
  const few = await timedPost<TGenerateResult>(
    `${server.url}/dynamic/updateData?${fewQuery}`,
    jwtToken,
    targets(FEW_TARGET),
  );
  if (few.reply.rowsUpdated !== BRANCHES * SELECTORS.length * FEW_TARGET)
    throw new Error(`a few per group marked ${few.reply.rowsUpdated} leads`);

  const k = (n: number) => `${Math.round(n / 1000)}k`;
  return [
    {
      figure: `POST /dynamic/updateData, ${k(LEADS)} leads, ${k(generated.reply.rowsUpdated)} generated`,
      value: Math.round(generated.ms),
      unit: 'ms',
      target: TARGET_MS,
    },
    {
      figure: `POST /dynamic/reGenerateData, ${k(LEADS)} leads, ${k(regenerated.reply.rowsRegenerated)} regenerated`,
      value: Math.round(regenerated.ms),
      unit: 'ms',
      target: TARGET_MS,
    },
    {
      figure: `POST /dynamic/updateData, ${FEW_TARGET} per group of ${BRANCHES * SELECTORS.length} from another ${k(LEADS)}-lead date`,
      value: Math.round(few.ms),
      unit: 'ms',
      target: FEW_TARGET_MS,
    },
  ];
}
