// The dialer sync's rows as its worker reads and writes them (worker.ts): a filled quota turned into its leads, the
// next due items claimed, each outcome written, and every waiting item held back while VICIdial does not answer.
import { sql } from 'kysely';
import type { TDialerSyncAction } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { leadInQuotaSql } from '../quotas/service.ts';
import { LEAD_SEARCH, SENT } from '../../db/dialer-sync-queue.ts';

/** An item claimed for a request. */
export type TClaimedItem = {
  id: string;
  action: TDialerSyncAction;
  phoneNumber: string;
  leadId: string | null;
  params: Record<string, string>;
  attempts: number;
};

/** An item's outcome: done or refused (final), or waiting again until `nextAt` with why. */
export type TItemWrite = { id: string; state: 'done' | 'refused' | 'waiting'; message: string; nextAt: Date };

/**
 * Turns waiting quota_full rows into the quota's sent, not yet called leads (is_called 0 and no call attempt), each
 * update_lead status=<the campaign's quota status>, in one transaction per quota. A lead already pulled (do-not-call or
 * another quota) is not pulled again. A quota on a question holds no lead before its call, and a quota no longer full
 * (its limit raised meanwhile) pulls none: their rows are done, saying so.
 */
export async function expandQuotaFull(db: Db): Promise<number> {
  let expanded = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const marker = await trx
        .selectFrom('dialerSyncItems')
        .select(['id', 'quotaId'])
        .where('action', '=', 'quota_full')
        .where('state', '=', 'waiting')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (marker === undefined) return false;
      const quota =
        marker.quotaId === null
          ? undefined
          : await trx.selectFrom('quotas').selectAll().where('id', '=', marker.quotaId).executeTakeFirst();
      let message: string;
      if (quota === undefined) message = 'The quota was deleted before its leads were pulled.';
      else if (quota.field === null)
        message = "A question's quota: no lead is in it before its call, so none is pulled.";
      else if (quota.count < quota.limit) message = 'The quota is no longer full: no lead is pulled.';
      else {
        const { numAffectedRows } = await sql`
          insert into dialer_sync_items (action, quota_id, campaign_id, phone_number, lead_id, send_id, params)
          select distinct on (l.id) 'lead_quota', ${quota.id}, l.campaign_id, l.cell_number, l.id, ds.id,
                 ${LEAD_SEARCH} || jsonb_build_object('status', cds.quota_status)
            from leads l
            ${SENT}
            join campaign_dialer_settings cds on cds.campaign_id = l.campaign_id
           where l.campaign_id = ${quota.campaignId} and ${leadInQuotaSql({ field: quota.field, question: null }, quota.value)}
             and l.is_called <> 1
             and not exists (select 1 from call_attempts a where a.lead_id = l.id)
             and not exists (select 1 from dialer_sync_items x where x.lead_id = l.id and x.action in ('lead_dnc', 'lead_quota') and x.state <> 'refused')
           order by l.id`.execute(trx);
        const n = Number(numAffectedRows ?? 0);
        message = `${n} sent, not yet called ${n === 1 ? 'lead' : 'leads'} of the quota to pull.`;
      }
      await trx
        .updateTable('dialerSyncItems')
        .set({ state: 'done', message, doneAt: new Date() })
        .where('id', '=', marker.id)
        .execute();
      return true;
    });
    if (!done) return expanded;
    expanded += 1;
  }
}

/**
 * Claims up to `limit` due waiting items, oldest due first, one per lead (or number) at a time, so two requests about
 * one lead never cross: the others stay for the next batch. A claim older than `claimSeconds` is free again (its
 * process died or lost its connection: a batch's requests all end sooner).
 */
export async function claimDueItems(db: Db, limit: number, claimSeconds: number): Promise<TClaimedItem[]> {
  const { rows } = await sql<TClaimedItem & { leadId: string | null }>`
    update dialer_sync_items i set claimed_at = now()
      from (select id from dialer_sync_items
             where state = 'waiting' and action <> 'quota_full' and next_at <= now()
               and (claimed_at is null or claimed_at < now() - make_interval(secs => ${claimSeconds}))
             order by next_at, id
             limit ${limit}
             for update skip locked) due
     where i.id = due.id
    returning i.id, i.action, i.phone_number, i.lead_id, i.params, i.attempts`.execute(db);
  const seen = new Set<string>();
  const mine: TClaimedItem[] = [];
  const later: string[] = [];
  for (const r of [...rows].sort((a, b) => Number(a.id) - Number(b.id))) {
    const key = r.leadId === null ? `n${r.phoneNumber}` : `l${r.leadId}`;
    if (seen.has(key)) later.push(String(r.id));
    else {
      seen.add(key);
      mine.push({ ...r, id: String(r.id), leadId: r.leadId === null ? null : String(r.leadId) });
    }
  }
  await releaseItems(db, later);
  return mine;
}

/** Items claimed and not tried: free for the next batch as they were. */
export async function releaseItems(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`update dialer_sync_items set claimed_at = null where id = any(${ids}::bigint[]) and state = 'waiting'`.execute(
    db,
  );
}

/** The batch's outcomes, to rows still waiting only; each try counted. */
export async function writeOutcomes(db: Db, writes: readonly TItemWrite[]): Promise<void> {
  if (writes.length === 0) return;
  const values = sql.join(
    writes.map((w) => sql`(${w.id}::bigint, ${w.state}, ${w.message}, ${w.nextAt.toISOString()}::timestamptz)`),
  );
  await sql`
    update dialer_sync_items i
       set state = v.state, message = v.message, attempts = i.attempts + 1, next_at = v.next_at, claimed_at = null,
           done_at = case when v.state = 'waiting' then null else now() end
      from (values ${values}) as v (id, state, message, next_at)
     where i.id = v.id and i.state = 'waiting'`.execute(db);
}

/** VICIdial does not answer: every waiting item due before `until` waits until then (with the failure as its reason). */
export async function holdWaitingItems(db: Db, until: Date, reason: string): Promise<void> {
  await sql`
    update dialer_sync_items set next_at = ${until.toISOString()}::timestamptz, message = ${reason}
     where state = 'waiting' and action <> 'quota_full' and next_at < ${until.toISOString()}::timestamptz`.execute(db);
}

/** When the next waiting item (or quota_full row) may be taken (a claimed one: once its claim runs out); null when none waits. */
export async function nextDueAt(db: Db, claimSeconds: number): Promise<Date | null> {
  const { rows } = await sql<{ at: Date | null }>`
    select min(case when claimed_at is null then next_at
                    else greatest(next_at, claimed_at + make_interval(secs => ${claimSeconds})) end) as at
      from dialer_sync_items where state = 'waiting'`.execute(db);
  return rows[0]?.at ?? null;
}

/** Whether this database may have rows for VICIdial: a campaign sends to a dialer (has dialer settings), or rows wait. */
export async function mayHaveSyncWork(db: Db): Promise<boolean> {
  const { rows } = await sql<{ yes: boolean }>`
    select exists (select 1 from campaign_dialer_settings) or exists (select 1 from dialer_sync_items where state = 'waiting') as yes`.execute(
    db,
  );
  return rows[0]?.yes === true;
}
