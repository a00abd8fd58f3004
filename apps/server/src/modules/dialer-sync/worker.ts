// Working the dialer sync's rows through (docs/guide/call-loop.md "The dialer kept in step"): due items a batch at a time,
// a request each, each outcome stored. VICIdial not answering (a time-out, a network error, HTTP 5xx, a reply that is
// not VICIdial's) leaves the item waiting and holds every waiting item back, the wait doubling from one try to the
// next up to 5 minutes, until VICIdial answers: nothing is dropped. An ERROR reply is final (refused, in its words).
import { setTimeout as sleep } from 'node:timers/promises';
import type { CountryCode } from 'libphonenumber-js';
import type { Db } from '../../db/schema.ts';
import type { TNonAgentRequest } from '../dialer/sends/vicidial-transport.ts';
import {
  claimDueItems,
  expandQuotaFull,
  holdWaitingItems,
  nextDueAt,
  releaseItems,
  writeOutcomes,
  type TClaimedItem,
  type TItemWrite,
} from './items.ts';
import { readSyncReply, syncRequestParams, type TSyncOutcome } from './vicidial-calls.ts';

/** The dialer the requests go to: VICIdial over HTTP, or the in-memory one of DIALER=simulated. */
export type TSyncTransport = {
  mode: 'vicidial' | 'simulated';
  request: TNonAgentRequest;
  /** Kept out of every stored message (VICIdial echoes the user, a credentials error the password). */
  secrets: readonly string[];
};

export type TSyncDeps = {
  db: Db;
  transport: TSyncTransport;
  /** The sends' settings (DIALER_SEND_*): request time-out, first wait after a failure, requests at once. */
  config: { timeoutMs: number; backoffMs: number; concurrency: number };
  country?: CountryCode;
};

/** The longest an item waits between two tries while VICIdial does not answer. */
export const MAX_SYNC_BACKOFF_MS = 5 * 60_000;
/** Items a lane takes in one batch: a batch ends within this many request time-outs. */
const ITEMS_PER_LANE = 5;
/** How often an idle pass looks for new or due items before its slice ends. */
const IDLE_LOOK_MS = 1000;

/** The wait after the `attempts`-th failed try: the first wait (DIALER_SEND_BACKOFF_MS, 1 s if 0) doubled each time. */
export function syncBackoffMs(firstMs: number, attempts: number): number {
  const first = firstMs > 0 ? firstMs : 1000;
  return Math.min(MAX_SYNC_BACKOFF_MS, first * 2 ** Math.max(0, attempts - 1));
}

/** A claim older than this is free again: a batch's requests have all ended by then. */
export function claimSecondsOf(config: TSyncDeps['config']): number {
  return Math.ceil(((ITEMS_PER_LANE + 1) * config.timeoutMs) / 1000) + 5;
}

/** Runs `work` over the items, at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        await work(item);
      }
    }),
  );
}

/** One request: VICIdial's outcome, or null when the server began stopping while it was on its way. */
async function send(deps: TSyncDeps, item: TClaimedItem, signal: AbortSignal): Promise<TSyncOutcome | null> {
  try {
    const reply = await deps.transport.request(syncRequestParams(item, deps.country), signal);
    return typeof reply === 'string'
      ? readSyncReply(item.action, reply, deps.transport.secrets)
      : { kind: 'transient', message: reply.message };
  } catch (error) {
    if (signal.aborted) return null;
    throw error;
  }
}

/** One batch: its items sent, their outcomes written; VICIdial not answering holds every waiting item back. */
async function workBatch(deps: TSyncDeps, batch: TClaimedItem[], signal: AbortSignal): Promise<void> {
  const writes: TItemWrite[] = [];
  const untried: string[] = [];
  let down: { until: Date; reason: string } | null = null;
  await eachLimited(batch, deps.config.concurrency, async (item) => {
    // Once VICIdial failed to answer, no new request of the batch starts (those on their way end by themselves).
    if (down !== null || signal.aborted) {
      untried.push(item.id);
      return;
    }
    const outcome = await send(deps, item, signal);
    if (outcome === null) {
      // It may have been applied: every request is safe to repeat, so it simply waits for the next pass.
      untried.push(item.id);
      return;
    }
    if (outcome.kind === 'transient') {
      const until = new Date(Date.now() + syncBackoffMs(deps.config.backoffMs, item.attempts + 1));
      writes.push({ id: item.id, state: 'waiting', message: outcome.message, nextAt: until });
      down ??= { until, reason: outcome.message };
      return;
    }
    writes.push({ id: item.id, state: outcome.kind, message: outcome.message, nextAt: new Date() });
  });
  await writeOutcomes(deps.db, writes);
  await releaseItems(deps.db, untried);
  const held = down as { until: Date; reason: string } | null;
  if (held !== null) await holdWaitingItems(deps.db, held.until, held.reason);
}

/**
 * Works the due items for about `sliceMs`: 'done' when none is left waiting, 'more' when some wait still (the caller
 * queues the next slice). `signal`: the server is stopping.
 */
export async function workSyncItems(deps: TSyncDeps, sliceMs: number, signal: AbortSignal): Promise<'done' | 'more'> {
  const until = Date.now() + sliceMs;
  const claimSeconds = claimSecondsOf(deps.config);
  while (Date.now() < until && !signal.aborted) {
    await expandQuotaFull(deps.db);
    const batch = await claimDueItems(deps.db, deps.config.concurrency * ITEMS_PER_LANE, claimSeconds);
    if (batch.length > 0) {
      await workBatch(deps, batch, signal);
      continue;
    }
    const next = await nextDueAt(deps.db, claimSeconds);
    if (next === null) return 'done';
    // Nothing due yet: look again when the first is due, or sooner for rows written meanwhile.
    const wait = Math.min(Math.max(next.getTime() - Date.now(), 50), IDLE_LOOK_MS, until - Date.now());
    if (wait > 0) await sleep(wait, undefined, { signal }).catch(() => undefined);
  }
  return (await nextDueAt(deps.db, claimSeconds)) === null ? 'done' : 'more';
}
