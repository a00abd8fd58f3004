// The recordings' analysis while the database fails (issue 31): a backlog being analysed when PostgreSQL is stopped
// at once for 10 s must not end the process (pg-boss marks a job done or failed without awaiting it), and once the
// database is back every recording ends analysed, by one job each, none marked unreadable for the outage.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureDatabase } from '../db/database.ts';
import { ANALYSIS_QUEUE } from '../modules/voicelog/checks/queue.ts';
import { writeBurstyCall } from './audio-writers-support.ts';
import { ADMIN_PASSWORD, query, waitFor } from './crash-support.ts';
import { STACK, readLog, sleep } from './fault-support.ts';
import { startOwnPostgres, type OwnPostgres } from './fault-postgres.ts';
import { startServer, type RunningServer } from './process.ts';

const DAY = '2026-11-17';
const RECORDINGS = 40;
/** Two minutes of 8 kHz stereo each (one file, linked under every name): a backlog of a few seconds' analysis. */
const SECONDS = 120;
const RATE = 8000;

let postgres: OwnPostgres;
let work: string;
let databaseUrl: string;
let server: RunningServer | undefined;

beforeAll(async () => {
  postgres = await startOwnPostgres('analysis');
  databaseUrl = await ensureDatabase(postgres.adminUrl, 'crm');
  work = await fsp.mkdtemp(path.join(os.tmpdir(), 'crm-fault-analysis-'));
  const day = path.join(work, 'recordings', DAY);
  await fsp.mkdir(day, { recursive: true });
  const first = path.join(work, 'call.wav');
  await writeBurstyCall(first, SECONDS, RATE, 7);
  for (let i = 0; i < RECORDINGS; i += 1) {
    const minute = String(10 + Math.floor(i / 60)).padStart(2, '0');
    const second = String(i % 60).padStart(2, '0');
    await fsp.link(
      first,
      path.join(day, `20261117-${minute}${second}00_0171${String(2_000_000 + i).padStart(7, '0')}_AG-1001-all.wav`),
    );
  }
}, 120_000);

afterAll(async () => {
  await server?.kill();
  await postgres?.remove();
  if (work) await fsp.rm(work, { recursive: true, force: true });
});

type TStatus = { status: string; n: number };
const statuses = async () =>
  query<TStatus>(
    databaseUrl,
    'select analysis_status as status, count(*)::int as n from recordings group by 1 order by 1',
  );
const count = (rows: TStatus[], status: string) => rows.find((r) => r.status === status)?.n ?? 0;

it(
  'PostgreSQL stopped at once for 10 s mid-backlog: the process lives, and every recording ends analysed by one job',
  { timeout: 240_000 },
  async () => {
    server = await startServer({
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(work, 'data'),
      RECORDINGS_DIR: path.join(work, 'recordings'),
      ANALYSIS_CONCURRENCY: '1',
      CRM_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
    });
    const log = readLog(server);
    // The start-up scan indexes the files and queues them; the stop lands while the backlog is being worked.
    await waitFor(async () => count(await statuses(), 'done') >= 5, 120_000, 'five recordings analysed', 20);
    const before = await statuses();
    await postgres.stopImmediately();
    await sleep(10_000);
    const aliveMeanwhile = server.child.exitCode === null && server.child.signalCode === null;
    expect(aliveMeanwhile, `the server process is still running:\n${server.output().slice(-2000)}`).toBe(true);
    const backAt = await postgres.start();
    await waitFor(
      async () => count(await statuses().catch(() => []), 'done') === RECORDINGS,
      180_000,
      'every recording analysed',
      200,
    );
    const jobs = await query<{ key: string; ids: number; states: string }>(
      databaseUrl,
      `select singleton_key as key, count(distinct id)::int as ids, string_agg(state::text, ',') as states
       from (select id, singleton_key, state from pgboss.job where name = $1
             union all select id, singleton_key, state from pgboss.archive where name = $1) j
      group by singleton_key`,
      [ANALYSIS_QUEUE],
    );
    console.log(
      `analysis across a 10 s stop: ${count(before, 'done')} of ${RECORDINGS} done at the stop, all done ${Date.now() - backAt} ms after PostgreSQL answered; jobs per recording ${JSON.stringify([...new Set(jobs.map((j) => j.ids))])}`,
    );

    expect(server.child.exitCode).toBeNull();
    expect(await statuses()).toEqual([{ status: 'done', n: RECORDINGS }]);
    expect(jobs).toHaveLength(RECORDINGS);
    expect(jobs.filter((j) => j.ids !== 1)).toEqual([]);
    expect(
      log
        .lines()
        .filter((l) => STACK.test(l.raw) || /unhandled/i.test(l.raw))
        .map((l) => `${l.msg}: ${l.raw.slice(0, 300)}`),
    ).toEqual([]);
    expect(await server.stop(), server.output().slice(-1500)).toBe(0);
  },
);
