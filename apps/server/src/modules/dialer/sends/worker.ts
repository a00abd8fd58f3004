// Working a send through (docs/guide/dialer.md): a batch of its leads at a time, each lead's outcome and the send's
// counts written together after the batch (send-rows.ts). One process at a time works a send: it holds the send's
// advisory lock on a connection of its own (send-lock.ts), which PostgreSQL lets go the moment that process dies
// (kill -9 included) or the connection ends; a process that may have lost the lock stops at once, sends only the
// leads it claimed itself, and a process taking a send over first waits out the requests of the one before it.
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { TDialerSendConfig } from '../../../config.ts';
import type { Db } from '../../../db/schema.ts';
import { createPacer, deliverLead, type TDelivery } from './deliver.ts';
import { takeSendLock, type TSendLock } from './send-lock.ts';
import {
  claimLeads,
  finishIfDone,
  hasRecentOpenClaims,
  nextBatch,
  readSend,
  writeBatch,
  type LeadWrite,
} from './send-rows.ts';
import type { TLeadToSend, TLeadTransport } from './transport.ts';

/** This many leads in a row failing every try means the dialer is down: the send stops instead of failing them all. */
export const FAILURES_TO_STOP = 10;
/** How often a running send looks whether it was cancelled in another process. */
const STATE_CHECK_MS = 1000;
/** Beyond a request's time-out, what a process taking a send over waits before it looks up leads left open. */
const TAKEOVER_MARGIN_MS = 1000;

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

/** The row of one lead after its delivery; null: the row stays as it is ('sending' stays open for a look-up). */
function toWrite(leadId: string, d: TDelivery): LeadWrite | null {
  switch (d.kind) {
    case 'added':
      return {
        leadId,
        outcome: 'added',
        message: d.message,
        attempts: d.attempts,
        vicidialLeadId: d.vicidialLeadId,
        sent: true,
      };
    case 'duplicate':
    case 'dnc':
    case 'refused':
    case 'failed':
      return {
        leadId,
        outcome: d.kind,
        message: d.message,
        attempts: d.attempts,
        vicidialLeadId: null,
        sent: d.kind !== 'failed',
      };
    case 'stop':
    case 'untried':
      // Nothing of it was applied: it waits for the next run as it was.
      return null;
    case 'unknown':
      return { leadId, outcome: 'sending', message: '', attempts: d.attempts, vicidialLeadId: null, sent: false };
  }
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

/** Why a send stopped after FAILURES_TO_STOP failures in a row, with the last one's words (one full stop at most). */
export function dialerStoppedMessage(lastFailure: string): string {
  return `The dialer stopped answering: ${lastFailure.trim().replace(/\.+$/, '')}. Resume the send when it is back.`;
}

export type TRunResult = 'done' | 'more' | 'busy';

/**
 * Works send `sendId` for about `sliceMs` (then 'more': the caller queues the rest), until it is finished, stopped or
 * cancelled ('done'), or answers 'busy' when another process holds it. A lock that may be lost ends the slice with
 * 'more': whichever process takes the lock next goes on. `stopSignal`: the server is closing.
 */
export async function runSend(
  deps: TWorkerDeps,
  sendId: number,
  sliceMs: number,
  stopSignal: AbortSignal,
): Promise<TRunResult> {
  const lock = await takeSendLock(deps.pool, sendId);
  if (lock === null) return 'busy';
  try {
    return await workLocked(deps, sendId, sliceMs, stopSignal, lock);
  } finally {
    await lock.release();
  }
}

async function workLocked(
  deps: TWorkerDeps,
  sendId: number,
  sliceMs: number,
  stopSignal: AbortSignal,
  lock: TSendLock,
): Promise<TRunResult> {
  const { db, transport, config } = deps;
  const until = Date.now() + sliceMs;
  // No new request once the server stops, the send is not running any more, or the lock may be lost.
  const halt = new AbortController();
  const onStop = () => halt.abort();
  stopSignal.addEventListener('abort', onStop, { once: true });
  lock.lost.addEventListener('abort', onStop, { once: true });
  // Cancelled in any process: the state is read every second, and no new request starts once it is not running.
  const watch = setInterval(() => {
    readSend(db, sendId).then(
      (s) => {
        if (s?.state !== 'running') halt.abort();
      },
      () => undefined,
    );
  }, STATE_CHECK_MS);
  let failuresInARow = 0;
  try {
    const first = await readSend(db, sendId);
    if (first?.state !== 'running') return 'done';
    // Taken over from a process that held the send moments ago (it died, or lost its lock): its last requests may
    // still be on their way. Once they have ended (answered or timed out), the leads they left open are looked up.
    if (await hasRecentOpenClaims(db, sendId))
      await sleep(config.timeoutMs + TAKEOVER_MARGIN_MS, undefined, { signal: halt.signal }).catch(() => undefined);
    const pace = createPacer(first.rate, halt.signal);
    // Within a slice every lead up to `after` has its outcome written (a stop or a cancel ends the slice): the next
    // batch starts past it. Each slice starts from the first lead again and finds what an earlier run left.
    let after = '0';
    while (Date.now() < until) {
      if (!(await lock.stillHeld())) return 'more';
      const send = await readSend(db, sendId);
      if (send?.state !== 'running' || stopSignal.aborted) return 'done';
      if (halt.signal.aborted) return lock.lost.aborted ? 'more' : 'done';
      const batch = await nextBatch(db, sendId, batchSizeFor(send.rate), after);
      if (batch.length === 0) {
        await finishIfDone(db, sendId);
        return 'done';
      }
      const claimed = await claimLeads(
        db,
        sendId,
        batch.filter((r) => r.outcome === 'pending').map((r) => r.leadId),
      );
      // Leads another process claimed first are its to send; the open ones ('sending') are looked up first.
      const mine = batch.filter((r) => r.outcome === 'sending' || claimed.has(r.leadId));
      const writes: LeadWrite[] = [];
      const untried: string[] = [];
      let stopMessage: string | null = null;
      // A stop answer or a dialer that stopped answering ends the batch too: no new request after it.
      const stopBatch = new AbortController();
      const signal = AbortSignal.any([halt.signal, stopBatch.signal]);
      await eachLimited(mine, config.concurrency, async (row) => {
        const wasPending = row.outcome === 'pending';
        if (signal.aborted) {
          if (wasPending) untried.push(row.leadId);
          return;
        }
        if (!row.present) {
          writes.push({
            leadId: row.leadId,
            outcome: 'failed',
            message: 'The lead was deleted from the CRM before it was sent.',
            attempts: 0,
            vicidialLeadId: null,
            sent: false,
          });
          return;
        }
        const lead: TLeadToSend = {
          leadId: row.leadId,
          phoneNumber: row.phoneNumber,
          respondentName: row.respondentName,
          columns: row.columns,
        };
        const delivery = await deliverLead(lead, !wasPending, { transport, settings: send, config, signal, pace });
        if (delivery.kind === 'stop') {
          stopMessage ??= delivery.message;
          stopBatch.abort();
        }
        if (delivery.kind === 'failed') {
          failuresInARow += 1;
          if (failuresInARow >= FAILURES_TO_STOP && stopMessage === null) {
            stopMessage = dialerStoppedMessage(delivery.message);
            stopBatch.abort();
          }
        } else if (delivery.kind !== 'unknown' && delivery.kind !== 'untried' && delivery.kind !== 'stop') {
          failuresInARow = 0;
        }
        const write = toWrite(row.leadId, delivery);
        if (write) writes.push(write);
        else if (wasPending) untried.push(row.leadId);
      });
      await writeBatch(db, sendId, writes, untried, stopMessage);
      if (stopMessage !== null) return 'done';
      after = batch.at(-1)?.leadId ?? after;
    }
    return 'more';
  } finally {
    clearInterval(watch);
    stopSignal.removeEventListener('abort', onStop);
    lock.lost.removeEventListener('abort', onStop);
  }
}
