// A busy database reaches the user as a clear 503 within the pools' limits, never as a hang or a later commit;
// /healthz answers within a second even when every pooled connection is taken.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_PANEL_MESSAGES, MESSAGES, SAVE_OUTCOME_UNKNOWN } from '@crm/shared';
import { poolOf } from '../db/database.ts';
import { DEFAULT_DB_LIMITS } from '../db/limits.ts';
import { useTestApp } from '../test/harness.ts';
import { addLead, lookupUrl, panelCampaign, saveUrl, storedLead } from '../test/crm-support.ts';

// Time-outs of seconds: a request that should get a connection (a new one opens slowly on a busy machine) or meet no
// lock never meets them; the tests below make requests wait them out on purpose.
const LIMITS = { ...DEFAULT_DB_LIMITS, poolSize: 3, poolTimeoutMs: 2000, lockTimeoutMs: 2000 };
/** An upper bound on a wait that ends at a time-out: wide, for a busy machine (without the time-out it is endless). */
const WIDE = 5;
const t = useTestApp({ db: LIMITS });

let other: pg.Client;
beforeAll(async () => {
  // The test's own connection, outside the app's pools: it holds the locks.
  other = new pg.Client({ connectionString: poolOf(t.db).options.connectionString });
  await other.connect();
});
afterAll(async () => {
  await other.end();
});

/** Waits until /healthz answers 200: its own connection is open (opening one on a busy machine may take long). */
async function healthy(): Promise<void> {
  await expect
    .poll(async () => (await t.anonymous.get('/healthz')).status, { timeout: 10_000, interval: 50 })
    .toBe(200);
}

async function timed<T>(call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await call();
  return { value, ms: performance.now() - started };
}

describe('a locked table', () => {
  it('answers the agent 503 "busy" within the lock time-out, and the save refused is never stored later', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801712500001');
    expect((await c.agent.put(saveUrl(c.name, '01712500001', id), { Q1: 'Yes', is_called: 1 })).status).toBe(200);
    await healthy();

    await other.query('begin');
    await other.query('lock table leads in access exclusive mode');
    try {
      const lookup = await timed(() => c.agent.get(lookupUrl(c.name, '01712500001')));
      expect(lookup.value.status, lookup.value.text).toBe(503);
      expect(lookup.value.body).toEqual({ message: MESSAGES.database.busyReading });
      const save = await timed(() => c.agent.put(saveUrl(c.name, '01712500001', id), { Q1: 'No', is_called: 0 }));
      expect(save.value.status, save.value.text).toBe(503);
      expect(save.value.body).toEqual({ message: MESSAGES.database.busy });
      for (const ms of [lookup.ms, save.ms]) expect(ms).toBeLessThan(LIMITS.lockTimeoutMs * WIDE);
      // Health is asked on a connection of its own: the lock does not touch it.
      const health = await timed(() => t.anonymous.get('/healthz'));
      expect(health.value.status).toBe(200);
      expect(health.ms).toBeLessThan(1000 * WIDE);
    } finally {
      await other.query('rollback');
    }
    await new Promise((r) => setTimeout(r, 300));
    const stored = await storedLead(t, id);
    expect(stored.answers).toEqual({ Q1: 'Yes' });
    expect(stored.isCalled).toBe(1);
    // Once the lock is gone the same save goes through.
    expect((await c.agent.put(saveUrl(c.name, '01712500001', id), { Q1: 'No', is_called: 0 })).status).toBe(200);
    expect((await storedLead(t, id)).answers).toEqual({ Q1: 'No' });
  });
});

describe('a save whose connection is cut while its statement runs', () => {
  it('answers 503 "may have been saved" with its code (the commit may have gone through), and the same save retried is stored once', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801712500002');
    const url = `${saveUrl(c.name, '01712500002', id)}&version=0`;
    // The save's statement waits on the lead's row, held by a connection of the test's (pg_stat_activity is read on
    // another: inside a transaction it would show one snapshot), and its backend is terminated under it. Only this
    // database's: the other worker's files may have saves waiting on their own leads.
    const locker = new pg.Client({ connectionString: poolOf(t.db).options.connectionString });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('select 1 from leads where id = $1 for update', [id]);
      const saving = c.agent.put(url, { Q1: 'Yes', is_called: 1 });
      let pid: number | undefined;
      for (const deadline = Date.now() + 10_000; pid === undefined && Date.now() < deadline;) {
        const { rows } = await other.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
            and query like '%update "leads"%' and pid <> pg_backend_pid()`,
        );
        pid = rows[0]?.pid;
        if (pid === undefined) await new Promise((r) => setTimeout(r, 10));
      }
      expect(pid, 'the save waits on the row').toBeDefined();
      await other.query('select pg_terminate_backend($1)', [pid]);
      const reply = await saving;
      expect(reply.status, reply.text).toBe(503);
      expect(reply.body).toEqual({ message: AGENT_PANEL_MESSAGES.saveOutcomeUnknown, code: SAVE_OUTCOME_UNKNOWN });
      await locker.query('rollback');
    } finally {
      await locker.end();
    }
    // Retry save: the same body naming the same version. This time it was not stored, so it is now; once.
    const retry = await c.agent.put(url, { Q1: 'Yes', is_called: 1 });
    expect(retry.status, retry.text).toBe(200);
    const again = await c.agent.put(url, { Q1: 'Yes', is_called: 1 });
    expect(again.status, again.text).toBe(200);
    expect(await storedLead(t, id)).toMatchObject({ answers: { Q1: 'Yes' }, isCalled: 1, version: 1 });
    const history = await t.db
      .selectFrom('leadAnswerHistory')
      .select('version')
      .where('leadId', '=', String(id))
      .execute();
    expect(history).toEqual([{ version: 1 }]);
  });
});

describe('every pooled connection taken', () => {
  it('answers requests 503 after the pool time-out, and /healthz 503 with the reason within a second', async () => {
    const admin = await t.callerFor('admin');
    const pool = poolOf(t.db);
    await healthy();
    const held = await Promise.all(Array.from({ length: LIMITS.poolSize }, () => pool.connect()));
    try {
      const waiting = timed(() => admin.get('/cc/pagination/0/10'));
      // The request is queueing for a connection now.
      while (pool.waitingCount === 0) await new Promise((r) => setTimeout(r, 10));
      const health = await timed(() => t.anonymous.get('/healthz'));
      expect(health.value.status).toBe(503);
      expect(health.value.json<{ message: string }>().message).toMatch(
        /^The server is busy: all 3 database connections are in use and \d+ requests? (are|is) waiting/,
      );
      expect(health.ms).toBeLessThan(1000 * WIDE);
      const refused = await waiting;
      expect(refused.value.status).toBe(503);
      expect(refused.value.body).toEqual({ message: MESSAGES.database.busyReading });
      expect(refused.ms).toBeGreaterThanOrEqual(LIMITS.poolTimeoutMs - 50);
      expect(refused.ms).toBeLessThan(LIMITS.poolTimeoutMs * WIDE);
    } finally {
      for (const c of held) c.release();
    }
    expect((await t.anonymous.get('/healthz')).body).toEqual({ status: 'ok', db: 'postgres' });
  });
});
