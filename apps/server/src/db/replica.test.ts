// Heavy reads on a real streaming replica (pg_basebackup of a primary, test/replica-support.ts): used while it has
// replayed the primary's changes of the last READ_MAX_LAG_MS, and the user's own; the primary otherwise (behind,
// stopped, not a standby), and again the replica once it is fresh.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLeadPage } from '@crm/shared';
import { buildApp, type App } from '../app.ts';
import { waitFor } from '../test/crash-support.ts';
import { caller, createCampaign, createUser, sessionTokenFor, testConfig } from '../test/harness.ts';
import { insertLeads } from '../test/leads-support.ts';
import { startReplicaPair, type ReplicaPair } from '../test/replica-support.ts';
import { appUrlOf } from '../test/databases.ts';
import { ensureDatabase, openDatabase, type Database } from './database.ts';
import { createReadRouter, parseLsn, type ReadRouter } from './replica.ts';
import { DEFAULT_DB_LIMITS } from './limits.ts';
import type { Db } from './schema.ts';

let pair: ReplicaPair;
let database: Database;
const DB_NAME = 'crm';

beforeAll(async () => {
  pair = await startReplicaPair('reads');
  // As a server runs: the owner migrates and grants, the pools (the replica's too) sign in as the application's role.
  const ownerUrl = await ensureDatabase(pair.primaryUrl, DB_NAME);
  database = await openDatabase({
    databaseUrl: appUrlOf(ownerUrl),
    ownerUrl,
    dataDir: '/nonexistent',
    readReplica: { url: appUrlOf(pair.urlOf('replica', DB_NAME)), maxLagMs: 1_500 },
  });
}, 120_000);

afterAll(async () => {
  await database?.close();
  await pair?.remove();
});

/** Whether a query on this database runs on the replica. */
async function onReplica(db: Db): Promise<boolean> {
  const { rows } = await sql<{ standby: boolean }>`select pg_is_in_recovery() as standby`.execute(db);
  return rows[0]?.standby === true;
}

/** Some change on the primary (WAL to replay). */
async function change(): Promise<number> {
  const c = await createCampaign(database.db);
  return c.id;
}

async function hasCampaign(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('campaigns').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

const settled = (reads: ReadRouter, inUse: boolean) =>
  waitFor(() => reads.state().inUse === inUse, 15_000, `the replica to be ${inUse ? 'in use' : 'left'}`);

describe('parseLsn', () => {
  it('orders WAL positions as PostgreSQL does, and refuses anything else', () => {
    expect(parseLsn('0/3000148') < parseLsn('0/30001F0')).toBe(true);
    expect(parseLsn('0/FFFFFFFF') < parseLsn('1/0')).toBe(true);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(() => parseLsn('16B374D848')).toThrow(/not a WAL position/);
  });
});

describe('a streaming replica (READ_DATABASE_URL)', () => {
  it('takes the heavy reads once it has replayed the primary, and keeps them while the primary is idle', async () => {
    const { reads } = database;
    await settled(reads, true);
    const id = await change();
    await waitFor(() => hasCampaign(reads.db(), id), 15_000, 'the replica to have the new campaign');
    expect(await onReplica(reads.db())).toBe(true);
    expect(await onReplica(reads.bulkDb())).toBe(true);
    expect(await onReplica(database.db)).toBe(false);
    // Nothing written for several polls: the replica stays in use (it holds everything the primary has).
    await new Promise((r) => setTimeout(r, 2_500));
    expect(reads.state()).toMatchObject({ configured: true, inUse: true, reason: null });
    expect(reads.state().lagMs).toBeLessThanOrEqual(1_500);
    // The replica's connections refuse to write, whatever a caller tries.
    await expect(sql`create table must_not_exist (x int)`.execute(reads.db())).rejects.toThrow(/read-only/);
  });

  it('is left while it is further behind than READ_MAX_LAG_MS, and taken again once it has caught up', async () => {
    const { reads } = database;
    await settled(reads, true);
    await pair.pauseReplay();
    try {
      const id = await change();
      await settled(reads, false);
      expect(reads.state().reason).toMatch(/the replica is \d+ ms behind \(READ_MAX_LAG_MS=1500\)/);
      expect(await onReplica(reads.db())).toBe(false);
      expect(await hasCampaign(reads.db(), id)).toBe(true);
      expect(await hasCampaign(reads.bulkDb(), id)).toBe(true);
    } finally {
      await pair.resumeReplay();
    }
    await settled(reads, true);
    expect(await onReplica(reads.db())).toBe(true);
  });

  it('is left while it does not answer, and taken again when it is back', async () => {
    const { reads } = database;
    await settled(reads, true);
    await pair.stopReplica();
    try {
      await settled(reads, false);
      expect(reads.state().reason).toMatch(/the replica does not answer/);
      expect(await onReplica(reads.db())).toBe(false);
    } finally {
      await pair.startReplica();
    }
    await settled(reads, true);
    expect(await onReplica(reads.bulkDb())).toBe(true);
  }, 60_000);

  it("reads a user's own change from the primary until the replica has replayed it; others read the replica meanwhile", async () => {
    // A generous limit: the paused replica stays in use for everyone whose own change it does not lack.
    const reads = await createReadRouter({
      primary: database,
      primaryUrl: database.url,
      replicaUrl: appUrlOf(pair.urlOf('replica', DB_NAME)),
      maxLagMs: 60_000,
      limits: DEFAULT_DB_LIMITS,
      pollMs: 100,
    });
    try {
      await settled(reads, true);
      await pair.pauseReplay();
      const id = await change();
      reads.noteWrite('7');
      expect(await hasCampaign(reads.db('7'), id)).toBe(true);
      expect(await hasCampaign(reads.bulkDb('7'), id)).toBe(true);
      expect(await onReplica(reads.db('8'))).toBe(true);
      expect(await hasCampaign(reads.db('8'), id)).toBe(false);
      await pair.resumeReplay();
      await waitFor(async () => onReplica(reads.db('7')), 15_000, "user 7's reads to reach the replica again");
      expect(await hasCampaign(reads.db('7'), id)).toBe(true);
    } finally {
      await pair.resumeReplay();
      await reads.close();
    }
  });

  it('is never used when READ_DATABASE_URL is not a standby', async () => {
    const reads = await createReadRouter({
      primary: database,
      primaryUrl: database.url,
      replicaUrl: database.url,
      maxLagMs: 5_000,
      limits: DEFAULT_DB_LIMITS,
      pollMs: 100,
    });
    try {
      expect(reads.state()).toMatchObject({
        configured: true,
        inUse: false,
        reason: 'READ_DATABASE_URL is not a standby (pg_is_in_recovery() is false)',
      });
      expect(reads.db()).toBe(database.db);
      expect(reads.bulkDb()).toBe(database.bulkDb);
    } finally {
      await reads.close();
    }
  });
});

describe('the server with a read replica', () => {
  let app: App;
  beforeAll(async () => {
    const config = await testConfig({
      readReplica: { url: appUrlOf(pair.urlOf('replica', DB_NAME)), maxLagMs: 60_000 },
    });
    app = await buildApp(config, { database });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("serves the lead browser from the replica, and a user's reads from the primary after their own change", async () => {
    const user = await createUser(app.db, { role: 'admin' });
    const api = caller(app, await sessionTokenFor(app, user));
    const campaign = await createCampaign(app.db);
    await insertLeads(app.db, campaign.id, [{}, {}]);
    const count = async () => {
      const r = await api.get(`/dynamic/leads/${encodeURIComponent(campaign.campaignName)}`);
      expect(r.status, r.text).toBe(200);
      return r.json<TLeadPage>().response.content.length;
    };
    await waitFor(async () => (await count()) === 2, 15_000, 'the replica to have the two leads');
    const health = await caller(app).get('/healthz');
    expect(health.json()).toMatchObject({ status: 'ok', readReplica: { inUse: true, reason: null } });

    await pair.pauseReplay();
    try {
      // A lead someone else's upload added: the replica, within READ_MAX_LAG_MS, does not show it yet.
      await insertLeads(app.db, campaign.id, [{}]);
      expect(await count()).toBe(2);
      // The user changes something: from then on their reads come from the primary, which has the third lead.
      const added = await api.post('/cc/addCampaign', {
        campaignType: 'Outbound',
        campaignName: `Replica check ${campaign.id}`,
        campaignId: `RC-${campaign.id}`,
        callTarget: 40,
      });
      expect(added.status, added.text).toBe(200);
      expect(await count()).toBe(3);
    } finally {
      await pair.resumeReplay();
    }
  });
});
