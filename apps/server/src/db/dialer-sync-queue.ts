// What keeps VICIdial in step, written in the transaction of what caused it (docs/guide/call-loop.md "The dialer kept in
// step"): a number put on a do-not-call list, a quota that filled, a callback. Each becomes rows of dialer_sync_items
// and a job on the dialer-sync queue in the same transaction, so a crash right after the commit loses nothing and a
// rollback leaves nothing behind. Only campaigns that send to a dialer (dialer settings saved) and leads VICIdial
// holds (sent: outcome added) get rows.
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import { VICIDIAL_DNC_STATUS, VICIDIAL_SYSTEM_DNC } from '@crm/shared';
import type { Db } from './schema.ts';

export const SYNC_QUEUE = 'dialer-sync';

/**
 * Writes jobs only, through the transaction it is handed (pg-boss's `db` option); never started. Any server process
 * with a dialer works the queue (runtime.ts).
 */
let jobWriter: PgBoss | undefined;

function writerOf(): PgBoss {
  jobWriter ??= new PgBoss({
    db: { executeSql: () => Promise.reject(new Error('the dialer-sync job writer only writes through a transaction')) },
    schema: 'pgboss',
  });
  return jobWriter;
}

/**
 * A job on the dialer-sync queue, in `trx`, inside a savepoint: where pg-boss's tables are not there yet (no process
 * with a dialer has started on this database) the rows still stand and the worker's first look finds them. The queue
 * holds at most one waiting job (policy stately): a second one is dropped, the waiting one works every row.
 */
export async function queueSyncJobIn(trx: Db): Promise<void> {
  try {
    await sql`savepoint dialer_sync_job`.execute(trx);
  } catch {
    return; // not in a transaction: the worker's periodic look finds the rows
  }
  try {
    await writerOf().send(
      SYNC_QUEUE,
      {},
      {
        db: {
          executeSql: async (text: string, values?: unknown[]) => {
            const result = await trx.executeQuery(CompiledQuery.raw(text, values ?? []));
            return { rows: result.rows };
          },
        },
      },
    );
    await sql`release savepoint dialer_sync_job`.execute(trx);
  } catch {
    await sql`rollback to savepoint dialer_sync_job`.execute(trx);
  }
}

/** Joins a lead `l` to the send that put it in VICIdial (outcome added): `ds` is that send, with its list. */
export const SENT = sql`join dialer_send_leads sl on sl.lead_id = l.id and sl.outcome = 'added' join dialer_sends ds on ds.id = sl.send_id`;

/** update_lead's search of a sent lead (`l`) in its send's list (`ds`), as jsonb: vendor_lead_code is our lead id. */
export const LEAD_SEARCH = sql`jsonb_build_object('search_method', 'VENDOR_LEAD_CODE', 'search_location', 'LIST', 'list_id', ds.list_id, 'vendor_lead_code', l.id::text)`;

/**
 * The do-not-call entries `dncIds`, just inserted in `trx`: each number goes on VICIdial's DNC list (add_dnc_phone: a
 * campaign list's to the campaign's VICIdial campaign id when its dialer settings name one, the system list's to
 * SYSTEM_INTERNAL), and each sent, not yet completed lead of the number (of that campaign, or of every campaign for
 * the system list) gets update_lead status=DNC, once (a lead already pulled for do-not-call is not pulled again).
 * Answers how many rows were written.
 */
export async function queueDncSync(trx: Db, dncIds: readonly number[]): Promise<number> {
  if (dncIds.length === 0) return 0;
  const { rows } = await sql<{ numbers: string; leads: string }>`
    with d as (select id, campaign_id, phone_number from dnc_numbers where id = any(${dncIds}::int[])),
    numbers as (
      insert into dialer_sync_items (action, dnc_id, campaign_id, phone_number, params)
      select 'dnc_number', d.id, d.campaign_id, d.phone_number,
             jsonb_build_object('campaign_id', coalesce(cds.vicidial_campaign_id, ${VICIDIAL_SYSTEM_DNC}))
        from d left join campaign_dialer_settings cds on cds.campaign_id = d.campaign_id
       where case when d.campaign_id is null then exists (select 1 from campaign_dialer_settings)
                  else cds.vicidial_campaign_id is not null end
      returning 1),
    leads as (
      insert into dialer_sync_items (action, dnc_id, campaign_id, phone_number, lead_id, send_id, params)
      select distinct on (l.id) 'lead_dnc', d.id, l.campaign_id, l.cell_number, l.id, ds.id,
             ${LEAD_SEARCH} || jsonb_build_object('status', ${VICIDIAL_DNC_STATUS}::text)
        from d
        join leads l on l.cell_number = d.phone_number
                    and l.campaign_id in (select s.campaign_id from dialer_sends s where d.campaign_id is null or s.campaign_id = d.campaign_id)
        ${SENT}
       where l.is_called <> 1
         and not exists (select 1 from dialer_sync_items x where x.lead_id = l.id and x.action = 'lead_dnc' and x.state <> 'refused')
       order by l.id, d.id
      returning 1)
    select (select count(*) from numbers) as numbers, (select count(*) from leads) as leads`.execute(trx);
  const written = Number(rows[0]?.numbers ?? 0) + Number(rows[0]?.leads ?? 0);
  if (written > 0) await queueSyncJobIn(trx);
  return written;
}

/**
 * Quota `quotaId` filled in `trx` (a save took its last place, or an admin's limit met its count): one quota_full row,
 * which the worker turns into its sent, not yet called leads (expandQuotaFull). A quota of a campaign that sends to no
 * dialer writes nothing.
 */
export async function queueQuotaFull(trx: Db, quotaId: number): Promise<void> {
  const { numAffectedRows } = await sql`
    insert into dialer_sync_items (action, quota_id, campaign_id, params)
    select 'quota_full', q.id, q.campaign_id, '{}'::jsonb
      from quotas q join campaign_dialer_settings cds on cds.campaign_id = q.campaign_id
     where q.id = ${quotaId}`.execute(trx);
  if (Number(numAffectedRows ?? 0) > 0) await queueSyncJobIn(trx);
}

/**
 * Callback `callbackId`, just stored in `trx`, on a lead VICIdial holds: update_lead callback=Y at its time in the call
 * centre's zone (`timeZone`), USERONLY for the agent (their profile's VICIdial user, else their agent id) or ANYONE, with the note
 * as callback_comments and the campaign's VICIdial campaign id when set. A lead pulled for do-not-call is left alone.
 */
export async function queueCallbackSync(trx: Db, callbackId: string | number, timeZone: string): Promise<void> {
  const { numAffectedRows } = await sql`
    insert into dialer_sync_items (action, callback_id, campaign_id, phone_number, lead_id, send_id, params)
    select 'lead_callback', cb.id, cb.campaign_id, l.cell_number, l.id, ds.id,
           ${LEAD_SEARCH} || jsonb_strip_nulls(jsonb_build_object(
             'callback', 'Y',
             'callback_datetime', to_char(cb.due_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS'),
             'callback_type', case when cb.mine_only then 'USERONLY' else 'ANYONE' end,
             'callback_user', case when cb.mine_only then coalesce(ag.vicidial_user, cb.agent_id) end,
             'callback_comments', nullif(left(cb.note, 255), ''),
             'campaign_id', cds.vicidial_campaign_id))
      from callbacks cb
      join leads l on l.id = cb.lead_id
      ${SENT}
      left join campaign_dialer_settings cds on cds.campaign_id = cb.campaign_id
      left join agents ag on ag.user_id = cb.user_id
     where cb.id = ${String(callbackId)}::bigint
       and not exists (select 1 from dialer_sync_items x where x.lead_id = l.id and x.action = 'lead_dnc' and x.state <> 'refused')`.execute(
    trx,
  );
  if (Number(numAffectedRows ?? 0) > 0) await queueSyncJobIn(trx);
}
