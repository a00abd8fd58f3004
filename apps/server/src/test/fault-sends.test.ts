// A send to the dialer while the database fails (issue 31): PostgreSQL stopped at once (`pg_ctl stop -m immediate`)
// for 10 s in the middle of a send must not end the process (pg-boss marks a job done without awaiting it), and the
// send finishes by itself once the database is back, each lead at the stand-in VICIdial once and the send's counts
// equal to the stand-in's. And two servers on one database: the connection holding the send's lock cut (a proxy's
// idle time-out does the same) while a second server takes the send: still each lead once, the counts exact.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureDatabase } from '../db/database.ts';
import { startFakeVicidial, type FakeVicidial } from './fake-vicidial.ts';
import { ADMIN_PASSWORD, query, signIn, waitFor } from './crash-support.ts';
import { STACK, UNAVAILABLE, pollHealth, readLog, sleep } from './fault-support.ts';
import { startOwnPostgres, type OwnPostgres } from './fault-postgres.ts';
import { dialerEnv, sendFinished, sendLockHolder, standInLeads, startSend } from './fault-send-support.ts';
import { startServer, type RunningServer } from './process.ts';

let postgres: OwnPostgres;
let fake: FakeVicidial;
let databaseUrl: string;
const dirs: string[] = [];
const servers: RunningServer[] = [];

beforeAll(async () => {
  fake = await startFakeVicidial();
  postgres = await startOwnPostgres('sends');
  databaseUrl = await ensureDatabase(postgres.adminUrl, 'crm');
});

afterAll(async () => {
  for (const s of servers) await s.kill();
  await postgres?.remove();
  await fake?.close();
  for (const d of dirs) await fsp.rm(d, { recursive: true, force: true });
});

beforeEach(() => {
  fake.resetLeads();
  // Answers slow enough that requests are on their way whenever the fault lands.
  fake.setLeads({ kind: 'normal', latencyMs: 15 });
});

/** A server on the test's PostgreSQL, sending to the stand-in; each has its own DATA_DIR. */
async function start(): Promise<RunningServer> {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'crm-fault-sends-'));
  dirs.push(dataDir);
  const server = await startServer({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    CRM_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LOG_LEVEL: 'info',
    ...dialerEnv(fake),
  });
  servers.push(server);
  return server;
}

const alive = (s: RunningServer) => s.child.exitCode === null && s.child.signalCode === null;

describe('a send to the dialer while the database fails', () => {
  it(
    'PostgreSQL stopped at once for 10 s mid-send: the process lives, and the send finishes by itself with each lead sent once',
    { timeout: 180_000 },
    async () => {
      const LEADS = 400;
      const server = await start();
      const log = readLog(server);
      const admin = await signIn(server);
      const id = await startSend(admin, databaseUrl, { label: 'stop', leads: LEADS, rate: 50 });
      await waitFor(() => fake.leadCounters().requests >= 80, 60_000, '80 requests at the stand-in', 5);

      const health = pollHealth(server);
      const downAt = Date.now();
      await postgres.stopImmediately();
      await sleep(10_000);
      expect(alive(server), `the server process is still running:\n${server.output().slice(-2000)}`).toBe(true);
      const backAt = await postgres.start();
      const done = await sendFinished(admin, id, 120_000);
      const samples = await health.stop();
      const atStandIn = standInLeads(fake);
      console.log(
        `send across a 10 s stop: ${fake.leadCounters().requests} requests at the stand-in, finished ${Date.now() - backAt} ms after PostgreSQL answered; ` +
          `send ${JSON.stringify({ added: done.added, failed: done.failed, pending: done.pending })}, stand-in ${JSON.stringify(atStandIn)}`,
      );

      expect(alive(server)).toBe(true);
      expect(done).toMatchObject({
        total: LEADS,
        added: LEADS,
        duplicate: 0,
        dnc: 0,
        refused: 0,
        failed: 0,
        pending: 0,
      });
      expect(atStandIn).toEqual({ stored: LEADS, distinct: LEADS, mostAddsOfOneLead: 1 });
      // Meanwhile the server answered, saying the database was away; afterwards it was healthy again.
      expect(samples.filter((s) => s.status === 0)).toEqual([]);
      expect(
        samples.some((s) => s.status === 503 && s.message === UNAVAILABLE && s.start >= downAt && s.end <= backAt),
      ).toBe(true);
      expect(samples.at(-1)?.status).toBe(200);
      // No unhandled rejection, no stack: a line saying the send waits for the database, and one when it goes on.
      expect(
        log
          .lines()
          .filter((l) => STACK.test(l.raw) || /unhandled/i.test(l.raw))
          .map((l) => `${l.msg}: ${l.raw.slice(0, 300)}`),
      ).toEqual([]);
      expect(log.matching(/^dialer send: the database stopped answering/).length).toBeGreaterThan(0);
      expect(log.matching(/^dialer send: the database answers again/).length).toBeGreaterThan(0);
      const jobLines = log.matching(/^job queue /);
      expect(jobLines.length, jobLines.map((l) => l.msg).join('\n')).toBeLessThanOrEqual(6);
      expect(await server.stop(), server.output().slice(-1500)).toBe(0);
    },
  );

  it(
    "two servers: the connection holding the send's lock cut while another server takes it over; each lead once, the counts exact",
    { timeout: 180_000 },
    async () => {
      const LEADS = 300;
      const first = await start();
      const admin = await signIn(first);
      const id = await startSend(admin, databaseUrl, { label: 'twin', leads: LEADS, rate: 50 });
      await waitFor(() => fake.leadCounters().requests >= 60, 60_000, '60 requests at the stand-in', 5);
      const holder = await sendLockHolder(databaseUrl, id);
      expect(holder, 'a backend holds the send lock').toBeDefined();
      const [cut] = await query<{ ok: boolean }>(databaseUrl, 'select pg_terminate_backend($1) as ok', [holder]);
      expect(cut?.ok).toBe(true);
      // A second server starts now: it looks for running sends at once and competes for this one.
      const second = await start();
      const done = await sendFinished(admin, id, 120_000);
      const atStandIn = standInLeads(fake);
      const [rows] = await query<{ added: number; open: number }>(
        databaseUrl,
        `select count(*) filter (where outcome = 'added')::int as added, count(*) filter (where outcome in ('pending', 'sending'))::int as open
         from dialer_send_leads where send_id = $1`,
        [id],
      );
      console.log(
        `two servers, lock connection cut: send ${JSON.stringify({ added: done.added, pending: done.pending })}, rows ${JSON.stringify(rows)}, stand-in ${JSON.stringify(atStandIn)}`,
      );

      expect([alive(first), alive(second)]).toEqual([true, true]);
      expect(done).toMatchObject({ total: LEADS, added: LEADS, failed: 0, pending: 0 });
      expect(rows).toEqual({ added: LEADS, open: 0 });
      expect(atStandIn).toEqual({ stored: LEADS, distinct: LEADS, mostAddsOfOneLead: 1 });
      expect(await first.stop()).toBe(0);
      expect(await second.stop()).toBe(0);
    },
  );
});
