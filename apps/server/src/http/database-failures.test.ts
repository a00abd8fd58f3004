// A busy database reaches the user as a clear 503 within the pools' limits, never as a hang or a later commit;
// /healthz answers within a second even when every pooled connection is taken.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@crm/shared';
import { poolOf } from '../db/database.ts';
import { DEFAULT_DB_LIMITS } from '../db/limits.ts';
import { useTestApp } from '../test/harness.ts';
import { addLead, lookupUrl, panelCampaign, saveUrl, storedLead } from '../test/agent-panel-support.ts';

const LIMITS = { ...DEFAULT_DB_LIMITS, poolSize: 3, poolTimeoutMs: 600, lockTimeoutMs: 500 };
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

    await other.query('begin');
    await other.query('lock table leads in access exclusive mode');
    try {
      const lookup = await timed(() => c.agent.get(lookupUrl(c.name, '01712500001')));
      expect(lookup.value.status, lookup.value.text).toBe(503);
      expect(lookup.value.body).toEqual({ message: MESSAGES.database.busyReading });
      const save = await timed(() => c.agent.put(saveUrl(c.name, '01712500001', id), { Q1: 'No', is_called: 0 }));
      expect(save.value.status, save.value.text).toBe(503);
      expect(save.value.body).toEqual({ message: MESSAGES.database.busy });
      for (const ms of [lookup.ms, save.ms]) expect(ms).toBeLessThan(LIMITS.lockTimeoutMs + 1500);
      // Health is asked on a connection of its own: the lock does not touch it.
      const health = await timed(() => t.anonymous.get('/healthz'));
      expect(health.value.status).toBe(200);
      expect(health.ms).toBeLessThan(1000);
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

describe('every pooled connection taken', () => {
  it('answers requests 503 after the pool time-out, and /healthz 503 with the reason within a second', async () => {
    const admin = await t.callerFor('admin');
    const pool = poolOf(t.db);
    const held = await Promise.all(Array.from({ length: LIMITS.poolSize }, () => pool.connect()));
    try {
      const waiting = timed(() => admin.get('/cc/pagination/0/10'));
      // The request is queueing for a connection now.
      while (pool.waitingCount === 0) await new Promise((r) => setTimeout(r, 10));
      const health = await timed(() => t.anonymous.get('/healthz'));
      expect(health.value.status).toBe(503);
      expect(health.value.json<{ message: string }>().message).toMatch(/^The server is busy: all 3 database connections are in use and \d+ requests? (are|is) waiting/);
      expect(health.ms).toBeLessThan(1000);
      const refused = await waiting;
      expect(refused.value.status).toBe(503);
      expect(refused.value.body).toEqual({ message: MESSAGES.database.busyReading });
      expect(refused.ms).toBeLessThan(LIMITS.poolTimeoutMs + 1000);
    } finally {
      for (const c of held) c.release();
    }
    expect((await t.anonymous.get('/healthz')).body).toEqual({ status: 'ok', db: 'postgres' });
  });
});
