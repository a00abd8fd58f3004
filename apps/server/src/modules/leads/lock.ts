// One campaign's lead operations (upload's store step, generate, regenerate, delete) never run at once.
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../../db/schema.ts';

/** The advisory lock class of campaign lead operations; the campaign id is the key within it. */
const LEAD_LOCK_CLASS = 4242;

/** Holds the campaign's lead lock until the surrounding transaction ends. */
export async function lockCampaignLeads(trx: Db, campaignId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LEAD_LOCK_CLASS}, ${campaignId})`.execute(trx);
}

/** The same lock, taken on a raw client inside its open transaction (the upload's COPY runs on one). */
export async function lockCampaignLeadsOn(client: pg.ClientBase, campaignId: number): Promise<void> {
  await client.query('select pg_advisory_xact_lock($1, $2)', [LEAD_LOCK_CLASS, campaignId]);
}
