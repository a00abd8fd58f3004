// What the screens read of the dialer sync (docs/guide/call-loop.md "The dialer kept in step"): the pulls and callbacks of
// /dnc and of a send as done, waiting and refused (VICIdial's words), the sent leads a do-not-call number would pull,
// and refused requests tried again.
import { sql } from 'kysely';
import type { CountryCode } from 'libphonenumber-js';
import {
  DIALER_SYNC_MESSAGES,
  DIALER_SEND_MESSAGES,
  VICIDIAL_SYSTEM_DNC,
  dncSentWarning,
  localDateTimeText,
  normalisePhone,
  type TDialerSyncAction,
  type TDialerSyncCounts,
  type TDialerSyncSummary,
  type TDncSentCheck,
  type TDncSentQuery,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { listIdOf } from '../dnc/service.ts';
import { queueSyncJobIn } from '../../db/dialer-sync-queue.ts';
import type { TDialerMode } from './runtime.ts';

const PULLS_OF_DNC: TDialerSyncAction[] = ['dnc_number', 'lead_dnc'];
const PULLS_OF_SEND: TDialerSyncAction[] = ['lead_dnc', 'lead_quota'];
const REFUSALS_SHOWN = 20;

type Scope = { kind: 'dnc' } | { kind: 'send'; sendId: number };

/** `i` of the items in scope, of these actions. */
function inScope(scope: Scope, actions: readonly TDialerSyncAction[]) {
  const send = scope.kind === 'send' ? sql`and i.send_id = ${scope.sendId}` : sql``;
  return sql`i.action = any(${actions}::text[]) ${send}`;
}

async function countsOf(db: Db, scope: Scope, actions: readonly TDialerSyncAction[]): Promise<TDialerSyncCounts> {
  const { rows } = await sql<{ state: string; n: string }>`
    select i.state, count(*) as n from dialer_sync_items i where ${inScope(scope, actions)} group by i.state`.execute(
    db,
  );
  const n = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return { done: n('done'), waiting: n('waiting'), refused: n('refused') };
}

async function summaryOf(db: Db, scope: Scope, dialer: TDialerMode, timeZone: string): Promise<TDialerSyncSummary> {
  const pullActions = scope.kind === 'dnc' ? PULLS_OF_DNC : PULLS_OF_SEND;
  const [pulls, callbacks, reason, refusals] = await Promise.all([
    countsOf(db, scope, pullActions),
    scope.kind === 'send'
      ? countsOf(db, scope, ['lead_callback'])
      : Promise.resolve({ done: 0, waiting: 0, refused: 0 }),
    sql<{ message: string }>`
      select i.message from dialer_sync_items i
       where ${inScope(scope, [...pullActions, 'lead_callback'])} and i.state = 'waiting' and i.attempts > 0
       order by i.next_at desc limit 1`.execute(db),
    sql<{ action: TDialerSyncAction; phoneNumber: string; leadId: string | null; message: string; doneAt: Date }>`
      select i.action, i.phone_number, i.lead_id, i.message, i.done_at from dialer_sync_items i
       where ${inScope(scope, [...pullActions, 'lead_callback'])} and i.state = 'refused'
       order by i.done_at desc, i.id desc limit ${REFUSALS_SHOWN}`.execute(db),
  ]);
  return {
    dialer,
    pulls,
    callbacks,
    waitingReason: reason.rows[0]?.message ?? null,
    refusals: refusals.rows.map((r) => ({
      action: r.action,
      phoneNumber: r.phoneNumber,
      leadId: r.leadId === null ? null : Number(r.leadId),
      message: r.message,
      at: localDateTimeText(r.doneAt, timeZone),
    })),
  };
}

/** GET /api/dialer/sync/dnc: every number of the do-not-call lists sent to VICIdial's, and every sent lead pulled for one. */
export function findDncSyncSummary(db: Db, dialer: TDialerMode, timeZone: string): Promise<TDialerSyncSummary> {
  return summaryOf(db, { kind: 'dnc' }, dialer, timeZone);
}

/** GET /api/dialer/sync/sends/{id}: the send's leads pulled (do-not-call, full quota) and its callbacks; 404 for no send. */
export async function findSendSyncSummary(
  db: Db,
  sendId: number,
  dialer: TDialerMode,
  timeZone: string,
): Promise<TDialerSyncSummary> {
  const send = await db.selectFrom('dialerSends').select('id').where('id', '=', sendId).executeTakeFirst();
  if (send === undefined) throw notFound(DIALER_SEND_MESSAGES.notFound);
  return summaryOf(db, { kind: 'send', sendId }, dialer, timeZone);
}

/**
 * GET /api/dialer/sync/sent: the sent, not yet completed leads of the number that putting it on the list would pull
 * (that campaign's, or every campaign's for the system list; not those pulled already), and the VICIdial DNC list it
 * would go on. A text that is
 * not a phone number answers no leads (the add itself says why); 404 for an unknown campaign.
 */
export async function findDncSentLeads(
  db: Db,
  query: TDncSentQuery,
  dialer: TDialerMode,
  country: CountryCode,
  timeZone: string,
): Promise<TDncSentCheck> {
  const campaignId = await listIdOf(db, query.campaignName);
  const phoneNumber = normalisePhone(query.number, country);
  if (!phoneNumber) return { phoneNumber: null, dialer, leads: [], vicidialDncList: null, warning: null };
  const { rows } = await sql<{ leadId: string; campaignName: string; listId: string; sentOn: string }>`
    select l.id as lead_id, c.campaign_name, ds.list_id, to_char(sl.sent_at at time zone ${timeZone}, 'YYYY-MM-DD') as sent_on
      from leads l
      join campaigns c on c.id = l.campaign_id
      join dialer_send_leads sl on sl.lead_id = l.id and sl.outcome = 'added'
      join dialer_sends ds on ds.id = sl.send_id
     where l.cell_number = ${phoneNumber}
       and l.campaign_id in (select s.campaign_id from dialer_sends s where ${campaignId}::int is null or s.campaign_id = ${campaignId}::int)
       and l.is_called <> 1
       and not exists (select 1 from dialer_sync_items x where x.lead_id = l.id and x.action = 'lead_dnc' and x.state <> 'refused')
     order by sl.sent_at, l.id
     limit 50`.execute(db);
  const leads = rows.map((r) => ({
    leadId: Number(r.leadId),
    campaignName: r.campaignName,
    listId: r.listId,
    sentOn: r.sentOn,
  }));
  let vicidialDncList: string | null = null;
  if (dialer !== 'unconfigured') {
    if (campaignId === null) {
      const any = await db.selectFrom('campaignDialerSettings').select('campaignId').limit(1).executeTakeFirst();
      vicidialDncList = any === undefined ? null : VICIDIAL_SYSTEM_DNC;
    } else {
      const settings = await db
        .selectFrom('campaignDialerSettings')
        .select('vicidialCampaignId')
        .where('campaignId', '=', campaignId)
        .executeTakeFirst();
      vicidialDncList = settings?.vicidialCampaignId ?? null;
    }
  }
  return {
    phoneNumber,
    dialer,
    leads,
    vicidialDncList,
    warning: dialer === 'unconfigured' ? null : dncSentWarning(leads),
  };
}

/**
 * POST /api/dialer/sync/retry: the refused requests of a send (or, without one, of the do-not-call lists) wait to be
 * sent again, at once: after the VICIdial user was given what it lacked (modify leads, modify lists).
 */
export async function retryRefused(
  db: Db,
  sendId: number | undefined,
  actor: TAuditActor,
): Promise<{ message: string; retried: number }> {
  if (sendId !== undefined) {
    const send = await db.selectFrom('dialerSends').select('id').where('id', '=', sendId).executeTakeFirst();
    if (send === undefined) throw notFound(DIALER_SEND_MESSAGES.notFound);
  }
  const scope: Scope = sendId === undefined ? { kind: 'dnc' } : { kind: 'send', sendId };
  const actions: TDialerSyncAction[] = scope.kind === 'dnc' ? PULLS_OF_DNC : [...PULLS_OF_SEND, 'lead_callback'];
  const retried = await db.transaction().execute(async (trx) => {
    const { numAffectedRows } = await sql`
      update dialer_sync_items i set state = 'waiting', attempts = 0, next_at = now(), claimed_at = null, done_at = null
       where ${inScope(scope, actions)} and i.state = 'refused'`.execute(trx);
    const n = Number(numAffectedRows ?? 0);
    if (n > 0) {
      await queueSyncJobIn(trx);
      await recordAudit(trx, actor, {
        action: 'update',
        objectType: sendId === undefined ? 'dnc' : 'dialerSend',
        objectId: sendId ?? 'dialer',
        changes: { note: 'refused VICIdial requests sent again', counts: { retried: n } },
      });
    }
    return n;
  });
  return { message: DIALER_SYNC_MESSAGES.retried(retried), retried };
}
