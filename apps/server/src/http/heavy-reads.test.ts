// Heavy reads (docs/trust.md, Heavy reads and downloads): a user runs at most HEAVY_READS_PER_USER at once, others are
// served meanwhile; HEAD is never offered on a generated download.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createCampaign, useTestApp, type Caller } from '../test/harness.ts';
import { DEFAULT_DB_LIMITS } from '../db/limits.ts';
import { HEAVY_READS_BUSY, heavyReadsBusyMessage } from './heavy-reads.ts';

// Reads wait behind the test's lock as long as the test needs (the default 2 s lock time-out would answer 503).
const t = useTestApp({ heavyReadsPerUser: 2, db: { ...DEFAULT_DB_LIMITS, lockTimeoutMs: 60_000 } });

const PRINT = '/api/qcReport/get-all-qc-records-in-house-for-excel-print?date=2024-05-01';

/** Statements of this database waiting for a lock (the reads held behind the test's lock). */
async function readsWaiting(): Promise<number> {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
  return r.rows[0]?.n ?? 0;
}

/** Runs `during` while qc_records is locked by another transaction, so every read of it waits. */
async function withQcRecordsLocked<T>(during: () => Promise<T>): Promise<T> {
  return t.db.connection().execute(async (conn) => {
    await sql`begin`.execute(conn);
    try {
      await sql`lock table qc_records in access exclusive mode`.execute(conn);
      return await during();
    } finally {
      await sql`rollback`.execute(conn);
    }
  });
}

describe('heavy reads per user', () => {
  it('refuses a third heavy read of the same user with 429 while another user is served', async () => {
    const inspectorA = await t.callerFor('qc');
    const inspectorB = await t.callerFor('qc');
    let pending: Promise<{ a1: number; a2: number; b: number }> | undefined;
    const third = await withQcRecordsLocked(async () => {
      const a1 = inspectorA.get(PRINT);
      const a2 = inspectorA.get(PRINT);
      await expect.poll(readsWaiting, { timeout: 10_000 }).toBe(2);
      const refused = await inspectorA.get(PRINT);
      // Another user's heavy read is taken (it waits for the lock like the others, then is served).
      const b = inspectorB.get(PRINT);
      await expect.poll(readsWaiting, { timeout: 10_000 }).toBe(3);
      pending = Promise.all([a1, a2, b]).then(([r1, r2, rb]) => ({ a1: r1.status, a2: r2.status, b: rb.status }));
      return refused;
    });
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ message: heavyReadsBusyMessage(2), code: HEAVY_READS_BUSY });
    expect(third.headers['retry-after']).toMatch(/^\d+$/);
    expect(await pending).toEqual({ a1: 200, a2: 200, b: 200 });
    // Their replies ended: the user's slots are free again.
    expect((await inspectorA.get(PRINT)).status).toBe(200);
  });

  it('gives back the slot of a heavy read that failed', async () => {
    const admin = await t.callerFor('admin');
    // Refused by the service (an admin must name the agent), after the slot was taken: each gives it back.
    for (let i = 0; i < 3; i += 1)
      expect((await admin.get('/api/qcReport/list-of-qc-records-by-agent-id')).status).toBe(400);
    // A refused range is answered before any slot is taken.
    for (let i = 0; i < 3; i += 1)
      expect((await admin.get('/api/qcInsights?startDate=2024-05-02&endDate=2024-05-01')).status).toBe(400);
    const ok = await Promise.all([admin.get(PRINT), admin.get(PRINT)]);
    expect(ok.map((r) => r.status)).toEqual([200, 200]);
  });

  it('counts each user on their own: two users run two heavy reads each at once', async () => {
    const users: Caller[] = [await t.callerFor('qc'), await t.callerFor('admin')];
    const all = await withQcRecordsLocked(async () => {
      const started = users.flatMap((u) => [u.get(PRINT), u.get(PRINT)]);
      await expect.poll(readsWaiting, { timeout: 10_000 }).toBe(4);
      return started;
    });
    expect((await Promise.all(all)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });
});

describe('HEAD on generated downloads', () => {
  it('is not offered on the dialer send report, as on the other generated downloads', async () => {
    const admin = await t.callerFor('admin');
    const campaign = await createCampaign(t.db, { campaignType: 'Outbound' });
    const send = await t.db
      .insertInto('dialerSends')
      .values({
        campaignId: campaign.id,
        dataDate: '2024-05-01',
        state: 'finished',
        listId: '1001',
        duplicateCheck: 'DUPLIST',
        dncCheck: true,
        campaignDncCheck: false,
        rate: 0,
        total: 0,
        startedBy: 'admin',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = `/api/dialer/sends/${send.id}/report`;
    expect((await admin.get(url)).status).toBe(200);
    // HEAD would run the whole report only to throw it away: refused as an unknown path, as the QC exports are.
    const head = await admin.request('HEAD', url);
    expect(head.status).toBe(404);
    expect((await admin.request('HEAD', '/api/qcReport/export/in-house?date=2024-05-01')).status).toBe(404);
  });

  it('no route marked heavy that answers a file offers HEAD', async () => {
    const downloads = [
      '/api/dialer/sends/:id/report',
      '/api/file/generateCsv',
      '/api/file/generateFullReportCsv',
      '/api/audit/export',
      '/api/qcInsights/export',
      '/api/qcReport/export/in-house',
      '/api/qcReport/export/client',
      '/api/qcReport/export/daily-summary',
      '/api/qcReport/export/monthly-summary',
    ];
    for (const url of downloads) {
      expect(t.app.hasRoute({ method: 'GET', url }), url).toBe(true);
      expect(t.app.hasRoute({ method: 'HEAD', url }), url).toBe(false);
    }
  });
});
