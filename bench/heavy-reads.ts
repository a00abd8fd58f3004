// npm run bench -- heavy-reads (issue 33 item 4): one user runs the heaviest reads of their role in parallel for
// BENCH_HEAVY_SECONDS (40 s) on 200k QC records, while /healthz and another agent's lookup are sampled; their p99s
// are the figures (targets 100 ms and 200 ms). Three users in turn: an agent with 50k of the records asking
// list-of-qc-records-by-agent-id 8 at once, an inspector asking the print JSON of a 20k-record day 8 at once, and the
// inspector asking year-long QC insights 30 at once. Run twice on the same database: first with HEAVY_READS_PER_USER
// at 1000 (no per-user limit: the server as before this limit, the list caps kept), then with this machine's default.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '@crm/server/auth/password';
import { defaultHeavyReadsPerUser } from '@crm/server/config';
import { createSeededDatabase } from '@crm/server/test/seeded-database';
import { startServer } from '@crm/server/process';
import { buildQcRecords, settle } from './scale-data.ts';
import { BENCH_ADMIN_PASSWORD, type BenchServer } from './server.ts';
import { cellOf, createAgents, createSurvey, seedSurveyLeads, type SurveyCampaign } from './survey-setup.ts';
import type { Figure } from './table.ts';

const SECONDS = Number(process.env.BENCH_HEAVY_SECONDS ?? 40);
const QC_RECORDS = Number(process.env.BENCH_HEAVY_RECORDS ?? 200_000);
const LEADS = 20_000;
const CAMPAIGN: SurveyCampaign = { name: 'Bench Heavy', code: 'BENCH-HEAVY' };
const INSPECTOR = { username: 'bench-heavy-qc', password: 'bench-heavy-qc-password' };
/** The day most records are put on, so its print JSON is heavy. */
const HEAVY_DAY = '2024-06-30';
const TARGETS = { healthz: 100, lookup: 200 };
/**
 * The HEAVY_READS_PER_USER values run in turn (BENCH_HEAVY_LIMITS, e.g. "1,2"): by default 1000 (no per-user limit)
 * then this machine's default (half its cores).
 */
const LIMITS = (process.env.BENCH_HEAVY_LIMITS ?? `1000,${defaultHeavyReadsPerUser()}`).split(',').map(Number);

const log = (line: string) => console.log(`[heavy-reads] ${line}`);
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Scenario = { name: string; token: string; path: string; parallel: number };
type Outcome = {
  healthzP99: number;
  lookupP99: number;
  healthzFailed: number;
  lookupFailed: number;
  served: number;
  refused: number;
  failed: number;
};

/** Asks `path` one after another until `until`, `count` at once, reading each body whole; counts what came back. */
async function hammer(
  base: string,
  s: Scenario,
  until: number,
): Promise<{ served: number; refused: number; failed: number }> {
  const counts = { served: 0, refused: 0, failed: 0 };
  const worker = async () => {
    while (Date.now() < until) {
      try {
        const res = await fetch(`${base}${s.path}`, { headers: { authorization: `Bearer ${s.token}` } });
        await res.arrayBuffer();
        if (res.status === 200) counts.served += 1;
        else if (res.status === 429) {
          counts.refused += 1;
          // As the web app does: wait before asking again (a client ignoring Retry-After only spends its own time).
          await sleep(250);
        } else counts.failed += 1;
      } catch {
        counts.failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: s.parallel }, worker));
  return counts;
}

/** Times one request; a failure counts as endless. */
async function timed(base: string, path: string, token: string | undefined): Promise<number> {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    await res.arrayBuffer();
    return res.status === 200 ? performance.now() - started : Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Asks the next of `paths` one at a time until `until`, 50 ms apart; the times, sorted. */
async function sample(
  base: string,
  paths: readonly string[],
  token: string | undefined,
  until: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; Date.now() < until; i += 1) {
    times.push(await timed(base, paths[i % paths.length] ?? '/', token));
    await sleep(50);
  }
  return times.sort((a, b) => a - b);
}

async function runScenario(base: string, s: Scenario, lookup: { token: string; paths: string[] }): Promise<Outcome> {
  const until = Date.now() + SECONDS * 1000;
  const [load, healthz, lookups] = await Promise.all([
    hammer(base, s, until),
    sample(base, ['/healthz'], undefined, until),
    sample(base, lookup.paths, lookup.token, until),
  ]);
  const failed = (times: number[]) => times.filter((ms) => ms === Number.POSITIVE_INFINITY).length;
  return {
    ...load,
    healthzP99: quantile(healthz, 0.99),
    lookupP99: quantile(lookups, 0.99),
    healthzFailed: failed(healthz),
    lookupFailed: failed(lookups),
  };
}

/** The data: a campaign with leads for the lookups, 200k QC records (a quarter the heavy agent's, a tenth on one day). */
async function seed(
  server: BenchServer,
): Promise<{ heavyAgent: string; otherAgent: string; inspector: string; lookupPaths: string[] }> {
  const { adminToken } = await createSurvey(server, CAMPAIGN);
  await seedSurveyLeads(server.databaseUrl, CAMPAIGN.name, LEADS);
  const [heavy, other] = await createAgents(server, adminToken, 2, CAMPAIGN.name, 'HVY');
  if (!heavy || !other) throw new Error('agents were not created');
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    await buildQcRecords(client, CAMPAIGN.name, 0, QC_RECORDS, log);
    const hash = await hashPassword(INSPECTOR.password);
    const { rows } = await client.query<{ id: number }>(
      `insert into users (username, name, role, password_hash) values ($1, 'Heavy Inspector', 'qc', $2) returning id`,
      [INSPECTOR.username, hash],
    );
    await client.query(
      `update qc_records set qc_inspector_id = $1, qc_inspector = $2,
         agent_user_id = case when id % 4 = 0 then (select id from users where username = $3) end,
         agent_id = case when id % 4 = 0 then $3 else agent_id end,
         call_date = case when id % 10 = 1 then $4::date else call_date end`,
      [rows[0]?.id, INSPECTOR.username, heavy.agentId, HEAVY_DAY],
    );
    await settle(client, log);
  } finally {
    await client.end();
  }
  const res = await fetch(`${server.url}/api/auth/signInSuperAdmin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(INSPECTOR),
  });
  if (res.status !== 200) throw new Error(`inspector sign-in: ${res.status} ${await res.text()}`);
  const inspector = ((await res.json()) as { jwtToken: string }).jwtToken;
  const lookupPaths = Array.from(
    { length: 500 },
    (_, i) =>
      `/api/ap/getByNumber?tableName=${encodeURIComponent(CAMPAIGN.name)}&cellNumber=${encodeURIComponent(cellOf(2 * (1 + ((i * 37) % (LEADS / 2 - 1)))))}`,
  );
  return { heavyAgent: heavy.token, otherAgent: other.token, inspector, lookupPaths };
}

export async function benchHeavyReads(_shared?: BenchServer): Promise<Figure[]> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-bench-heavy-'));
  const database = await createSeededDatabase(`crm_bench_heavy_${process.pid}`, BENCH_ADMIN_PASSWORD, work);
  const figures: Figure[] = [];
  try {
    const env = (perUser: number) => ({
      DATABASE_URL: database.url,
      DATA_DIR: path.join(work, 'data'),
      LOGIN_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'warn',
      HEAVY_READS_PER_USER: String(perUser),
    });
    let seeded: Awaited<ReturnType<typeof seed>> | undefined;
    for (const perUser of LIMITS) {
      const label = perUser >= 1000 ? 'no per-user limit' : `HEAVY_READS_PER_USER=${perUser}`;
      const running = await startServer({ ...env(perUser), LOG_LEVEL: 'info' });
      try {
        seeded ??= await seed({ ...running, databaseUrl: database.url });
        const scenarios: Scenario[] = [
          {
            name: "8 × an agent's QC records (50k)",
            token: seeded.heavyAgent,
            path: '/api/qcReport/list-of-qc-records-by-agent-id',
            parallel: 8,
          },
          {
            name: '8 × print JSON of a 20k-record day',
            token: seeded.inspector,
            path: `/api/qcReport/get-all-qc-records-in-house-for-excel-print?date=${HEAVY_DAY}`,
            parallel: 8,
          },
          {
            name: '30 × year-long QC insights',
            token: seeded.inspector,
            path: '/api/qcInsights?startDate=2023-07-01&endDate=2024-06-30',
            parallel: 30,
          },
        ];
        for (const s of scenarios) {
          // One such read alone first (also a warm-up): what a heavy read costs with nothing else running.
          const alone = await timed(running.url, s.path, s.token);
          const o = await runScenario(running.url, s, { token: seeded.otherAgent, paths: seeded.lookupPaths });
          log(
            `${label}, ${s.name}: one alone ${alone.toFixed(0)} ms; /healthz p99 ${o.healthzP99.toFixed(0)} ms (${o.healthzFailed} not 200), lookup p99 ${o.lookupP99.toFixed(0)} ms (${o.lookupFailed} not 200); heavy reads served ${o.served}, refused ${o.refused}, failed ${o.failed}`,
          );
          const after = perUser < 1000;
          figures.push(
            {
              figure: `heavy-reads ${label}: ${s.name}, /healthz p99`,
              value: Math.round(o.healthzP99),
              unit: 'ms',
              ...(after ? { target: TARGETS.healthz } : {}),
            },
            {
              figure: `heavy-reads ${label}: ${s.name}, other agent's lookup p99`,
              value: Math.round(o.lookupP99),
              unit: 'ms',
              ...(after ? { target: TARGETS.lookup } : {}),
            },
            {
              figure: `heavy-reads ${label}: ${s.name}, served / refused (429)`,
              value: o.served,
              unit: `/ ${o.refused}`,
            },
          );
        }
      } finally {
        await running.stop();
      }
    }
  } finally {
    await database.drop();
    await fs.rm(work, { recursive: true, force: true });
  }
  return figures;
}
