// A send's rows as its worker reads and writes them (worker.ts): the next batch of leads, the send's settings and
// state, the leads claimed for the dialer, and each batch's outcomes with the send's counts. Every write touches only
// rows still open, so whatever two processes do to one send, a lead is sent by the one that claimed it and counted once.
import { sql } from 'kysely';
import type { Db } from '../../../db/schema.ts';
import type { TSendLeadOutcome } from '../../../db/tables/dialer-sends.ts';
import type { TSendSettings } from './transport.ts';
import { tellSendStopped } from './notices.ts';

export type TodoRow = {
  leadId: string;
  outcome: 'pending' | 'sending';
  phoneNumber: string;
  present: boolean;
  respondentName: string | null;
  columns: Record<string, string>;
};

/** The lead columns that go to add_lead besides the number and the name (and the campaign's own columns after them). */
const LEAD_COLUMNS = [
  'did',
  'data_status',
  'br_id',
  'region',
  'territory',
  'area',
  'brand',
  'target_selector',
  'data_date',
] as const;

/**
 * Leads claimed this recently and still open may have a request on its way from a process that held the send before:
 * a process taking the send over waits a request's time-out before it looks them up (a slice never runs this long).
 */
const RECENT_CLAIM_SECONDS = 5 * 60;

/**
 * The next `size` leads to send after lead `after`, in lead order: picked from dialer_send_leads_todo_idx first, then
 * joined to their leads, so a batch costs the same whether ten or a hundred thousand leads are still waiting.
 */
export async function nextBatch(db: Db, sendId: number, size: number, after: string): Promise<TodoRow[]> {
  const { rows } = await sql<{
    leadId: string;
    outcome: 'pending' | 'sending';
    phoneNumber: string;
    present: boolean;
    respondentName: string | null;
    standard: Record<string, string | null> | null;
    fields: Record<string, string> | null;
  }>`
    select s.lead_id, s.outcome, s.phone_number, l.id is not null as present, l.respondent_name, l.fields,
           case when l.id is null then null else json_build_object(
             'did', l.did, 'data_status', l.data_status, 'br_id', l.br_id, 'region', l.region, 'territory', l.territory,
             'area', l.area, 'brand', l.brand, 'target_selector', l.target_selector, 'data_date', l.data_date::text) end as standard
      from (select lead_id, outcome, phone_number from dialer_send_leads
             where send_id = ${sendId} and outcome in ('pending', 'sending') and lead_id > ${after}::bigint
             order by lead_id
             limit ${size}) s
      left join leads l on l.id = s.lead_id
     order by s.lead_id`.execute(db);
  return rows.map((r) => {
    const columns: Record<string, string> = {};
    for (const name of LEAD_COLUMNS) {
      const value = r.standard?.[name];
      if (value !== null && value !== undefined && value.trim() !== '') columns[name] = value.trim();
    }
    for (const [name, value] of Object.entries(r.fields ?? {})) {
      if (typeof value === 'string' && value.trim() !== '' && !(name in columns)) columns[name] = value.trim();
    }
    return {
      leadId: String(r.leadId),
      outcome: r.outcome,
      phoneNumber: r.phoneNumber,
      present: r.present,
      respondentName: r.respondentName,
      columns,
    };
  });
}

export type SendRow = { state: string; rate: number } & TSendSettings;

export async function readSend(db: Db, sendId: number): Promise<SendRow | undefined> {
  return db
    .selectFrom('dialerSends')
    .select(['state', 'rate', 'listId', 'duplicateCheck', 'dncCheck', 'campaignDncCheck', 'vicidialCampaignId'])
    .where('id', '=', sendId)
    .executeTakeFirst();
}

/** The row of one lead after its delivery ('sending': its fate is open, it is looked up before any new try). */
export type LeadWrite = {
  leadId: string;
  outcome: TSendLeadOutcome;
  message: string;
  attempts: number;
  vicidialLeadId: string | null;
  sent: boolean;
};

/**
 * The batch's outcomes and the send's counts, in one transaction. Only rows still open are written, and the counts
 * move by the outcomes written: a lead another process finished meanwhile is neither overwritten nor counted again.
 * `untried`: claimed leads nothing of which went out, open again for the next batch.
 */
export async function writeBatch(
  db: Db,
  sendId: number,
  writes: LeadWrite[],
  untried: string[],
  stopMessage: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const written: TSendLeadOutcome[] = [];
    if (writes.length > 0) {
      const values = sql.join(
        writes.map(
          (w) =>
            sql`(${w.leadId}::bigint, ${w.outcome}, ${w.message}, ${w.attempts}::int, ${w.vicidialLeadId}::bigint, ${w.sent}::boolean)`,
        ),
      );
      const { rows } = await sql<{ outcome: TSendLeadOutcome }>`
        update dialer_send_leads s
           set outcome = v.outcome, message = v.message, attempts = s.attempts + v.attempts,
               vicidial_lead_id = coalesce(v.vicidial_lead_id, s.vicidial_lead_id),
               sent_at = case when v.sent then now() else s.sent_at end
          from (values ${values}) as v (lead_id, outcome, message, attempts, vicidial_lead_id, sent)
         where s.send_id = ${sendId} and s.lead_id = v.lead_id and s.outcome in ('pending', 'sending')
        returning s.outcome`.execute(trx);
      for (const r of rows) written.push(r.outcome);
    }
    if (untried.length > 0) {
      await sql`update dialer_send_leads set outcome = 'pending' where send_id = ${sendId} and outcome = 'sending' and lead_id = any(${untried}::bigint[])`.execute(
        trx,
      );
    }
    const count = (kind: TSendLeadOutcome) => written.filter((w) => w === kind).length;
    await trx
      .updateTable('dialerSends')
      .set((eb) => ({
        added: eb('added', '+', count('added')),
        duplicate: eb('duplicate', '+', count('duplicate')),
        dnc: eb('dnc', '+', count('dnc')),
        refused: eb('refused', '+', count('refused')),
        failed: eb('failed', '+', count('failed')),
        updatedAt: new Date(),
      }))
      .where('id', '=', sendId)
      .execute();
    // A send cancelled meanwhile stays cancelled.
    if (stopMessage !== null) {
      const stopped = await trx
        .updateTable('dialerSends')
        .set({ state: 'stopped', message: stopMessage })
        .where('id', '=', sendId)
        .where('state', '=', 'running')
        .executeTakeFirst();
      if (Number(stopped.numUpdatedRows) > 0) await tellSendStopped(trx, sendId, stopMessage);
    }
  });
}

/**
 * Claims the batch's waiting leads for this process (pending → sending, before anything goes out: after a crash their
 * fate is open and they are looked up, not resent). Returns the leads this update claimed: only those are sent.
 */
export async function claimLeads(db: Db, sendId: number, leadIds: string[]): Promise<Set<string>> {
  if (leadIds.length === 0) return new Set();
  const { rows } = await sql<{ leadId: string }>`
    update dialer_send_leads set outcome = 'sending', claimed_at = now()
     where send_id = ${sendId} and outcome = 'pending' and lead_id = any(${leadIds}::bigint[])
    returning lead_id`.execute(db);
  return new Set(rows.map((r) => String(r.leadId)));
}

/** Whether leads of the send were claimed lately and are still open: another process may have requests on their way. */
export async function hasRecentOpenClaims(db: Db, sendId: number): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from dialer_send_leads
                    where send_id = ${sendId} and outcome = 'sending'
                      and claimed_at > now() - make_interval(secs => ${RECENT_CLAIM_SECONDS})) as found`.execute(db);
  return rows[0]?.found === true;
}

export async function finishIfDone(db: Db, sendId: number): Promise<void> {
  await sql`
    update dialer_sends set state = 'finished', finished_at = now(), updated_at = now()
     where id = ${sendId} and state = 'running'
       and not exists (select 1 from dialer_send_leads where send_id = ${sendId} and outcome in ('pending', 'sending'))`.execute(
    db,
  );
}
