// The server survives a locked table: the test holds `lock table leads in access exclusive mode` for 30 s
// while agents work. /healthz answers within 1 s throughout, agents get a timely 503 "busy", no save answered as failed
// is committed later, and agents succeed again within 2 s of the release. Then the same with a pool too small for
// the agents: requests that wait too long for a connection get 503 "busy", and /healthz says the server is busy.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { ADMIN_PASSWORD, signIn } from './crash-support.ts';
import { createDatabaseFromTemplate, dropDatabase } from './databases.ts';
import {
  BUSY,
  BUSY_READING,
  NOT_ANSWERING,
  lastAnsweredVersions,
  mixedRows,
  ok,
  outcomes,
  pollHealth,
  readLog,
  runFloor,
  setUpFloor,
  sleep,
  storedAnswers,
  type Call,
  type Floor,
  type HealthSample,
  type LogReader,
} from './fault-support.ts';
import { startServer, type RunningServer } from './process.ts';

const AGENTS = 12;
const LEADS_PER_AGENT = 8;
/** The longest any request may take while the table is locked: its lock wait is 2 s (DB_LOCK_TIMEOUT_MS). */
const ANSWER_WITHIN_MS = 8000;
/**
 * With too few connections a request may also wait 3 s (DB_POOL_TIMEOUT_MS) for a connection, twice: once for the
 * check of its session, once for its own work. Still an answer in seconds, never a hang.
 */
const ANSWER_WITHIN_POOL_MS = 11_000;
const BACK_WITHIN_MS = 2000;

let databaseUrl: string;
let dataDir: string;
const servers: RunningServer[] = [];

beforeAll(async () => {
  databaseUrl = await createDatabaseFromTemplate(inject('dbAdminUrl'), inject('dbTemplate'));
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'crm-fault-lock-'));
});

afterAll(async () => {
  for (const s of servers) await s.kill();
  if (databaseUrl) await dropDatabase(inject('dbAdminUrl'), new URL(databaseUrl).pathname.slice(1));
  if (dataDir) await fsp.rm(dataDir, { recursive: true, force: true });
});

type LockRun = {
  server: RunningServer;
  floor: Floor;
  log: LogReader;
  calls: Call[];
  samples: HealthSample[];
  lockedAt: number;
  releasedAt: number;
};

/** A server (with `env`), a floor of agents at work, and leads locked by the test for `holdMs` in the middle. */
async function lockDuringLoad(label: string, env: Record<string, string>, holdMs: number): Promise<LockRun> {
  const server = await startServer({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    CRM_ADMIN_PASSWORD: ADMIN_PASSWORD,
    ...env,
  });
  servers.push(server);
  const log = readLog(server);
  const admin = await signIn(server);
  const floor = await setUpFloor(server, admin, databaseUrl, { label, agents: AGENTS, leadsPerAgent: LEADS_PER_AGENT });
  const health = pollHealth(server);
  const work = runFloor(server, floor, { thinkMs: 100 });
  await sleep(1500);

  const holder = new pg.Client({ connectionString: databaseUrl });
  await holder.connect();
  let lockedAt: number;
  let releasedAt: number;
  try {
    await holder.query('begin');
    await holder.query('lock table leads in access exclusive mode');
    lockedAt = Date.now();
    await sleep(holdMs);
  } finally {
    await holder.query('rollback');
    releasedAt = Date.now();
    await holder.end();
  }
  await sleep(4000);
  const calls = await work.stop();
  const samples = await health.stop();
  return { server, floor, log, calls, samples, lockedAt, releasedAt };
}

/** What every lock run must show: timely answers, the right 503s, and exactly the saves answered 2xx stored. */
async function expectSurvived(r: LockRun, answerWithinMs: number) {
  const failed = r.calls.filter((c) => !ok(c));
  const slowest = Math.max(...r.calls.map((c) => c.end - c.start));
  const firstSaveBack = r.calls
    .filter((c) => c.kind === 'save' && ok(c) && c.end >= r.releasedAt)
    .sort((a, b) => a.end - b.end)[0];
  console.log(
    `leads locked ${r.releasedAt - r.lockedAt} ms: ${r.calls.length} calls, outcomes ${JSON.stringify(outcomes(r.calls))}; slowest call ${slowest} ms; ` +
      `/healthz slowest ${Math.max(...r.samples.map((s) => s.end - s.start))} ms, ${r.samples.filter((s) => s.status === 200).length} × 200, ${r.samples.filter((s) => s.status === 503).length} × 503; first save after the release ${firstSaveBack ? firstSaveBack.end - r.releasedAt : 'never'} ms`,
  );

  expect(r.server.child.exitCode, 'the server process is still running').toBeNull();
  expect(r.calls.filter((c) => c.status === 0).map((c) => `${c.kind} ${c.error}`)).toEqual([]);
  // Every request answered in time, the locked table notwithstanding.
  expect(
    r.calls
      .filter((c) => c.end - c.start > answerWithinMs)
      .map((c) => `${c.kind} took ${c.end - c.start} ms: ${c.status} ${c.message}`),
  ).toEqual([]);
  // Failures are 503 "busy": "nothing was stored" to a save, "try again" to a lookup; and only while the lock was held.
  expect(
    failed
      .filter((c) => !(c.status === 503 && c.message === (c.kind === 'save' ? BUSY : BUSY_READING)))
      .map((c) => `${c.kind} ${c.status} ${c.message}`),
  ).toEqual([]);
  expect(
    failed
      .filter((c) => c.end < r.lockedAt || c.start > r.releasedAt)
      .map((c) => `${c.kind} ${c.status} ${c.message} at ${c.start - r.lockedAt} ms`),
  ).toEqual([]);
  expect(failed.length, 'requests failed while the leads were locked').toBeGreaterThan(0);

  // Agents succeed again within 2 s of the release.
  expect(firstSaveBack, 'a save answered 2xx after the release').toBeDefined();
  expect(firstSaveBack!.end - r.releasedAt).toBeLessThanOrEqual(BACK_WITHIN_MS);

  // A few seconds after the release: every lead holds exactly the last answers answered 2xx for it. A save answered
  // 503 was rolled back by PostgreSQL (statement or lock time-out) and is never committed later.
  await sleep(2000);
  const stored = await storedAnswers(databaseUrl, r.floor);
  const last = lastAnsweredVersions(r.calls);
  expect(mixedRows(r.floor, stored)).toEqual([]);
  const wrong = r.floor.agents.flatMap((a) => a.leads).filter((l) => stored.get(l.id)?.version !== last.get(l.id));
  expect(
    wrong.map((l) => `lead ${l.id}: last answered v${last.get(l.id)}, stored v${stored.get(l.id)?.version}`),
  ).toEqual([]);

  // /healthz answered within a second, every time.
  expect(
    r.samples
      .filter((s) => s.status === 0 || s.end - s.start > 1000)
      .map((s) => `${s.status} in ${s.end - s.start} ms`),
  ).toEqual([]);
  // A lock is not an outage: the database answered all along.
  expect(r.log.matching(NOT_ANSWERING).map((l) => l.msg)).toEqual([]);
}

describe('a table lock held for 30 s during agent load', () => {
  it(
    'answers every request within 8 s (503 busy while locked), /healthz within 1 s, commits no failed save, and serves again within 2 s',
    { timeout: 120_000 },
    async () => {
      const r = await lockDuringLoad('lock', {}, 30_000);
      await expectSurvived(r, ANSWER_WITHIN_MS);
      // 30 s is long enough for both to meet the lock: a save is told nothing was stored, a lookup to try again.
      expect(
        r.calls.filter((c) => c.kind === 'save' && c.status === 503).length,
        'saves failed while the leads were locked',
      ).toBeGreaterThan(0);
      expect(
        r.calls.filter((c) => c.kind === 'lookup' && c.status === 503).length,
        'lookups failed while the leads were locked',
      ).toBeGreaterThan(0);
      // Enough connections for every agent: /healthz said ok all along.
      expect(r.samples.filter((s) => s.status !== 200).map((s) => `${s.status} ${JSON.stringify(s.body)}`)).toEqual([]);
      expect(r.samples.every((s) => JSON.stringify(s.body) === JSON.stringify({ status: 'ok', db: 'postgres' }))).toBe(
        true,
      );
      expect(await r.server.stop(), r.server.output().slice(-1500)).toBe(0);
    },
  );

  it(
    'with fewer database connections than agents: 503 busy within seconds, and /healthz says the server is busy',
    { timeout: 120_000 },
    async () => {
      const r = await lockDuringLoad('pool', { DB_POOL_SIZE: '4' }, 6_000);
      await expectSurvived(r, ANSWER_WITHIN_POOL_MS);
      const busy = r.samples.filter((s) => s.status === 503);
      expect(busy.length, '/healthz said busy while every connection waited on the lock').toBeGreaterThan(0);
      expect(
        busy.filter((s) => !(s.message ?? '').startsWith('The server is busy')).map((s) => JSON.stringify(s.body)),
      ).toEqual([]);
      expect(busy.filter((s) => s.start < r.lockedAt || s.start > r.releasedAt + BACK_WITHIN_MS)).toEqual([]);
      expect(r.samples.filter((s) => s.start > r.releasedAt + BACK_WITHIN_MS && s.status !== 200)).toEqual([]);
      expect(await r.server.stop(), r.server.output().slice(-1500)).toBe(0);
    },
  );
});
