// The server survives its own database: with the embedded PostgreSQL (no DATABASE_URL), kill -9 of its
// postmaster under agent load. The server starts it again by itself on the same port; agents get 503 "not answering"
// meanwhile and succeed again within a few seconds; every save answered 2xx is stored whole. And the same kill in the
// middle of a send to the dialer: the process lives, and the send finishes by itself with each lead sent once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstallation, isAlive, query, signIn, waitFor, type Installation } from './crash-support.ts';
import {
  ANSWERING_AGAIN,
  LEVEL,
  NOT_ANSWERING,
  isOutageReply,
  lastAnsweredVersions,
  mixedRows,
  ok,
  outcomes,
  readLog,
  runFloor,
  setUpFloor,
  sleep,
  storedAnswers,
} from './fault-support.ts';
import type { RunningServer } from './process.ts';
import { startFakeVicidial, type FakeVicidial } from './fake-vicidial.ts';
import { dialerEnv, sendFinished, standInLeads, startSend } from './fault-send-support.ts';

const AGENTS = 10;
const LEADS_PER_AGENT = 10;
/** From the kill to the database answering again: the restart and its crash recovery. */
const RESTARTED_WITHIN_MS = 8000;
/** From the database answering again to the last failure: the pools reconnect by themselves. */
const BACK_WITHIN_MS = 2000;

let installation: Installation;
let server: RunningServer | undefined;
let fake: FakeVicidial;

beforeAll(async () => {
  fake = await startFakeVicidial();
  installation = await createInstallation('embedded', dialerEnv(fake));
});

afterAll(async () => {
  await server?.kill();
  await installation?.remove();
  await fake?.close();
});

/** kill -9 of the embedded postmaster; resolves once the server has started a new one that answers. */
async function killPostmaster(): Promise<{ before: number; after: number | undefined; backAt: number }> {
  const before = await installation.postgresPid();
  if (before === undefined) throw new Error('no embedded PostgreSQL running');
  process.kill(before, 'SIGKILL');
  await waitFor(() => !isAlive(before), 10_000, 'the postmaster to die', 10);
  let after: number | undefined;
  await waitFor(
    async () => {
      after = await installation.postgresPid();
      return after !== undefined && after !== before && isAlive(after);
    },
    30_000,
    'the server to start PostgreSQL again',
    50,
  );
  await waitFor(
    async () =>
      await query(await installation.databaseUrl(), 'select 1').then(
        () => true,
        () => false,
      ),
    30_000,
    'PostgreSQL to answer again',
    20,
  );
  return { before, after, backAt: Date.now() };
}

describe('kill -9 of the embedded PostgreSQL under agent load', () => {
  it(
    'is started again by the server on the same port; agents get 503 meanwhile and succeed again within a few seconds',
    { timeout: 180_000 },
    async () => {
      server = await installation.start();
      const log = readLog(server);
      const admin = await signIn(server);
      const databaseUrl = await installation.databaseUrl();
      const floor = await setUpFloor(server, admin, databaseUrl, {
        label: 'embedded',
        agents: AGENTS,
        leadsPerAgent: LEADS_PER_AGENT,
      });
      const work = runFloor(server, floor, { thinkMs: 100 });
      await sleep(1500);
      const killedAt = Date.now();
      // The server starts a new postmaster (a new pid in DATA_DIR/pg/postmaster.pid); answering again: the moment a
      // connection of the test's own gets an answer.
      const { before, after, backAt } = await killPostmaster();
      await sleep(4000);
      const calls = await work.stop();
      await sleep(500);

      const stored = await storedAnswers(await installation.databaseUrl(), floor);
      const last = lastAnsweredVersions(calls);
      const failed = calls.filter((c) => !ok(c));
      // Recovered: from the last failure on, every call succeeds.
      const lastFailure = Math.max(killedAt, ...failed.map((c) => c.end));
      const savedAfter = calls.filter((c) => c.kind === 'save' && ok(c) && c.start >= lastFailure).length;
      console.log(
        `embedded kill -9: postmaster ${before} → ${after}, answering again ${backAt - killedAt} ms after the kill; ${calls.length} calls, outcomes ${JSON.stringify(outcomes(calls))}; last failure ${lastFailure - backAt} ms after it answered, ${savedAfter} saves answered 2xx after that`,
      );

      console.log(
        `the server's log after the kill:\n${log
          .lines()
          .filter((l) => l.level >= LEVEL.warn && l.msg !== 'request')
          .map((l) => `  +${l.time - killedAt} ms: ${l.msg}`)
          .join('\n')}`,
      );
      expect(server.child.exitCode, 'the server process is still running').toBeNull();
      expect(server.child.signalCode).toBeNull();
      expect(calls.filter((c) => c.status === 0).map((c) => `${c.kind} ${c.error}`)).toEqual([]);
      expect(failed.filter((c) => !isOutageReply(c)).map((c) => `${c.kind} ${c.status} ${c.message}`)).toEqual([]);
      expect(failed.length, 'the kill was felt').toBeGreaterThan(0);
      expect(failed.filter((c) => c.end < killedAt).length, 'nothing failed before the kill').toBe(0);

      // Same port as before the kill (DATA_DIR/pg/postmaster.pid, line 4): the pools' URL stays valid.
      expect(new URL(await installation.databaseUrl()).port).toBe(new URL(databaseUrl).port);

      // Agents work again within a few seconds of the kill (within 2 s of the database answering), and keep working.
      expect(backAt - killedAt, 'PostgreSQL answering again, in ms after the kill').toBeLessThanOrEqual(
        RESTARTED_WITHIN_MS,
      );
      expect(lastFailure - backAt, 'the last failure, in ms after PostgreSQL answered again').toBeLessThanOrEqual(
        BACK_WITHIN_MS,
      );
      expect(savedAfter, 'saves answered 2xx after the last failure').toBeGreaterThan(AGENTS);

      expect(mixedRows(floor, stored)).toEqual([]);
      const lost = [...last].filter(([leadId, version]) => (stored.get(leadId)?.version ?? 0) < version);
      expect(
        lost.map(([leadId, version]) => `lead ${leadId}: answered v${version}, stored v${stored.get(leadId)?.version}`),
      ).toEqual([]);

      expect(log.matching(NOT_ANSWERING).map((l) => l.level)).toEqual([LEVEL.error]);
      expect(log.matching(ANSWERING_AGAIN)).toHaveLength(1);
      expect(await server.stop(), server.output().slice(-1500)).toBe(0);
    },
  );

  it(
    'kill -9 mid-send: the server lives, and the send finishes by itself with each lead sent once',
    { timeout: 180_000 },
    async () => {
      const LEADS = 400;
      fake.resetLeads();
      fake.setLeads({ kind: 'normal', latencyMs: 15 });
      await server?.kill();
      server = await installation.start();
      const admin = await signIn(server);
      const id = await startSend(admin, await installation.databaseUrl(), {
        label: 'embedded',
        leads: LEADS,
        rate: 40,
      });
      await waitFor(() => fake.leadCounters().requests >= 80, 60_000, '80 requests at the stand-in', 5);
      const { backAt } = await killPostmaster();
      const done = await sendFinished(admin, id, 120_000);
      const atStandIn = standInLeads(fake);
      console.log(
        `embedded kill -9 mid-send: finished ${Date.now() - backAt} ms after PostgreSQL answered again; stand-in ${JSON.stringify(atStandIn)}`,
      );

      expect(server.child.exitCode, server.output().slice(-2000)).toBeNull();
      expect(done).toMatchObject({ total: LEADS, added: LEADS, failed: 0, pending: 0 });
      expect(atStandIn).toEqual({ stored: LEADS, distinct: LEADS, mostAddsOfOneLead: 1 });
      expect(await server.stop(), server.output().slice(-1500)).toBe(0);
      server = undefined;
    },
  );
});
