// Working a send through (docs/dialer-sends.md): a batch of its leads at a time, each lead's outcome and the send's
// counts written together after the batch. One process at a time works a send: it holds a PostgreSQL advisory lock
// on a connection of its own, which the database lets go the moment that process dies (kill -9 included).
import { sql } from 'kysely';
import type pg from 'pg';
import type { TDialerSendConfig } from '../../../config.ts';
import type { Db } from '../../../db/schema.ts';
import type { TSendLeadOutcome } from '../../../db/tables/dialer-sends.ts';
import { createPacer, deliverLead, type TDelivery } from './deliver.ts';
import type { TLeadToSend, TLeadTransport, TSendSettings } from './transport.ts';

/** The advisory lock's first key: the sends' own space, apart from any other lock of the application. */
const SEND_LOCK_SPACE = 72_021;
/** This many leads in a row failing every try means the dialer is down: the send stops instead of failing them all. */
export const FAILURES_TO_STOP = 10;
/** How often a running send looks whether it was cancelled in another process. */
const STATE_CHECK_MS = 1000;

export type TWorkerDeps = {
  db: Db;
  pool: pg.Pool;
  transport: TLeadTransport;
  config: TDialerSendConfig;
};

/** A batch takes about half a second at the send's rate (the progress on screen moves that often), at most 500 leads. */
export function batchSizeFor(rate: number): number {
  return rate <= 0 ? 500 : Math.min(500, Math.max(1, Math.ceil(rate / 2)));
}

type TodoRow = {
  leadId: string;
  outcome: 'pending' | 'sending';
  phoneNumber: string;
  present: boolean;
  respondentName: string | null;
  columns: Record<string, string>;
};

/** The lead columns that go to add_lead besides the number and the name (and the campaign's own columns after them). */
const LEAD_COLUMNS = ['did', 'data_status', 'br_id', 'region', 'territory', 'area', 'brand', 'target_selector', 'data_date'] as const;

/**
 * The next `size` leads to send after lead `after`, in lead order: picked from dialer_send_leads_todo_idx first, then
 * joined to their leads, so a batch costs the same whether ten or a hundred thousand leads are still waiting.
 */
async function nextBatch(db: Db, sendId: number, size: number, after: string): Promise<TodoRow[]> {
  const { rows } = await sql<{
    leadId: string; outcome: 'pending' | 'sending'; phoneNumber: string; present: boolean; respondentName: string | null;
    standard: Record<string, string | null> | null; fields: Record<string, string> | null;
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
    return { leadId: r.leadId, outcome: r.outcome, phoneNumber: r.phoneNumber, present: r.present, respondentName: r.respondentName, columns };
  });
}

type SendRow = { state: string; rate: number } & TSendSettings;

async function readSend(db: Db, sendId: number): Promise<SendRow | undefined> {
  return db
    .selectFrom('dialerSends')
    .select(['state', 'rate', 'listId', 'duplicateCheck', 'dncCheck', 'campaignDncCheck', 'vicidialCampaignId'])
    .where('id', '=', sendId)
    .executeTakeFirst();
}

/** The row of one lead after its delivery; null: the row stays as it is ('sending' stays open for a look-up). */
type LeadWrite = { leadId: string; outcome: TSendLeadOutcome; message: string; attempts: number; vicidialLeadId: string | null; sent: boolean };

function toWrite(leadId: string, d: TDelivery): LeadWrite | null {
  switch (d.kind) {
    case 'added':
      return { leadId, outcome: 'added', message: d.message, attempts: d.attempts, vicidialLeadId: d.vicidialLeadId, sent: true };
    case 'duplicate':
    case 'dnc':
    case 'refused':
    case 'failed':
      return { leadId, outcome: d.kind, message: d.message, attempts: d.attempts, vicidialLeadId: null, sent: d.kind !== 'failed' };
    case 'stop':
    case 'untried':
      // Nothing of it was applied: it waits for the next run as it was.
      return null;
    case 'unknown':
      return { leadId, outcome: 'sending', message: '', attempts: d.attempts, vicidialLeadId: null, sent: false };
  }
}

/** The batch's outcomes and the send's counts, in one transaction. */
async function writeBatch(db: Db, sendId: number, writes: LeadWrite[], untried: string[], stopMessage: string | null): Promise<void> {
  const added = (kind: TSendLeadOutcome) => writes.filter((w) => w.outcome === kind).length;
  await db.transaction().execute(async (trx) => {
    if (writes.length > 0) {
      const values = sql.join(writes.map((w) => sql`(${w.leadId}::bigint, ${w.outcome}, ${w.message}, ${w.attempts}::int, ${w.vicidialLeadId}::bigint, ${w.sent}::boolean)`));
      await sql`
        update dialer_send_leads s
           set outcome = v.outcome, message = v.message, attempts = s.attempts + v.attempts,
               vicidial_lead_id = coalesce(v.vicidial_lead_id, s.vicidial_lead_id),
               sent_at = case when v.sent then now() else s.sent_at end
          from (values ${values}) as v (lead_id, outcome, message, attempts, vicidial_lead_id, sent)
         where s.send_id = ${sendId} and s.lead_id = v.lead_id`.execute(trx);
    }
    if (untried.length > 0) {
      await sql`update dialer_send_leads set outcome = 'pending' where send_id = ${sendId} and outcome = 'sending' and lead_id = any(${untried}::bigint[])`.execute(trx);
    }
    await trx
      .updateTable('dialerSends')
      .set((eb) => ({
        added: eb('added', '+', added('added')),
        duplicate: eb('duplicate', '+', added('duplicate')),
        dnc: eb('dnc', '+', added('dnc')),
        refused: eb('refused', '+', added('refused')),
        failed: eb('failed', '+', added('failed')),
        updatedAt: new Date(),
      }))
      .where('id', '=', sendId)
      .execute();
    // A send cancelled meanwhile stays cancelled.
    if (stopMessage !== null) {
      await trx.updateTable('dialerSends').set({ state: 'stopped', message: stopMessage }).where('id', '=', sendId).where('state', '=', 'running').execute();
    }
  });
}

/** Leads handed to the dialer are marked first: after a crash their fate is open and they are looked up, not resent. */
async function markSending(db: Db, sendId: number, leadIds: string[]): Promise<void> {
  if (leadIds.length === 0) return;
  await sql`update dialer_send_leads set outcome = 'sending' where send_id = ${sendId} and outcome = 'pending' and lead_id = any(${leadIds}::bigint[])`.execute(db);
}

async function finishIfDone(db: Db, sendId: number): Promise<void> {
  await sql`
    update dialer_sends set state = 'finished', finished_at = now(), updated_at = now()
     where id = ${sendId} and state = 'running'
       and not exists (select 1 from dialer_send_leads where send_id = ${sendId} and outcome in ('pending', 'sending'))`.execute(db);
}

/** Runs `work` over the items, at most `limit` at once, in order of start. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

export type TRunResult = 'done' | 'more' | 'busy';

/**
 * Works send `sendId` for about `sliceMs` (then 'more': the caller queues the rest), until it is finished, stopped or
 * cancelled ('done'), or answers 'busy' when another process holds it. `stopSignal`: the server is closing.
 */
export async function runSend(deps: TWorkerDeps, sendId: number, sliceMs: number, stopSignal: AbortSignal): Promise<TRunResult> {
  const client = await deps.pool.connect();
  let locked = false;
  try {
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [SEND_LOCK_SPACE, sendId]);
    locked = rows[0]?.ok === true;
    if (!locked) return 'busy';
    return await workLocked(deps, sendId, sliceMs, stopSignal);
  } finally {
    if (locked) await client.query('select pg_advisory_unlock($1, $2)', [SEND_LOCK_SPACE, sendId]).catch(() => undefined);
    client.release();
  }
}

async function workLocked(deps: TWorkerDeps, sendId: number, sliceMs: number, stopSignal: AbortSignal): Promise<TRunResult> {
  const { db, transport, config } = deps;
  const until = Date.now() + sliceMs;
  const halt = new AbortController();
  const onStop = () => halt.abort();
  stopSignal.addEventListener('abort', onStop, { once: true });
  // Cancelled in any process: the state is read every second, and no new request starts once it is not running.
  const watch = setInterval(() => {
    readSend(db, sendId).then((s) => {
      if (s?.state !== 'running') halt.abort();
    }, () => undefined);
  }, STATE_CHECK_MS);
  let failuresInARow = 0;
  try {
    const first = await readSend(db, sendId);
    if (first?.state !== 'running') return 'done';
    const pace = createPacer(first.rate, halt.signal);
    // Within a slice every lead up to `after` has its outcome written (a stop or a cancel ends the slice): the next
    // batch starts past it. Each slice starts from the first lead again and finds what an earlier run left.
    let after = '0';
    while (Date.now() < until) {
      const send = await readSend(db, sendId);
      if (send?.state !== 'running' || halt.signal.aborted) return 'done';
      const batch = await nextBatch(db, sendId, batchSizeFor(send.rate), after);
      if (batch.length === 0) {
        await finishIfDone(db, sendId);
        return 'done';
      }
      await markSending(db, sendId, batch.filter((r) => r.outcome === 'pending').map((r) => r.leadId));
      const writes: LeadWrite[] = [];
      const untried: string[] = [];
      let stopMessage: string | null = null;
      // A stop answer or a dialer that stopped answering ends the batch too: no new request after it.
      const stopBatch = new AbortController();
      const signal = AbortSignal.any([halt.signal, stopBatch.signal]);
      await eachLimited(batch, config.concurrency, async (row) => {
        if (signal.aborted) {
          if (row.outcome === 'pending') untried.push(row.leadId);
          return;
        }
        if (!row.present) {
          writes.push({ leadId: row.leadId, outcome: 'failed', message: 'The lead was deleted from the CRM before it was sent.', attempts: 0, vicidialLeadId: null, sent: false });
          return;
        }
        const lead: TLeadToSend = { leadId: row.leadId, phoneNumber: row.phoneNumber, respondentName: row.respondentName, columns: row.columns };
        const delivery = await deliverLead(lead, row.outcome !== 'pending', { transport, settings: send, config, signal, pace });
        if (delivery.kind === 'stop') {
          stopMessage ??= delivery.message;
          stopBatch.abort();
        }
        if (delivery.kind === 'failed') {
          failuresInARow += 1;
          if (failuresInARow >= FAILURES_TO_STOP && stopMessage === null) {
            stopMessage = `The dialer stopped answering: ${delivery.message}. Resume the send when it is back.`;
            stopBatch.abort();
          }
        } else if (delivery.kind !== 'unknown' && delivery.kind !== 'untried' && delivery.kind !== 'stop') {
          failuresInARow = 0;
        }
        const write = toWrite(row.leadId, delivery);
        if (write) writes.push(write);
        else if (row.outcome === 'pending') untried.push(row.leadId);
      });
      await writeBatch(db, sendId, writes, untried, stopMessage);
      if (stopMessage !== null) return 'done';
      after = batch.at(-1)?.leadId ?? after;
    }
    return 'more';
  } finally {
    clearInterval(watch);
    stopSignal.removeEventListener('abort', onStop);
  }
}
