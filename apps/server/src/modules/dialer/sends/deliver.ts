// One lead to the dialer (docs/guide/dialer.md, "Never twice"): add_lead, retried with backoff after a failure that
// leaves it unknown whether VICIdial added the lead, and before each such retry a look-up by vendor_lead_code, so a
// request that was applied but never answered is not sent again.
import { setTimeout as sleep } from 'node:timers/promises';
import type { TDialerSendConfig } from '../../../config.ts';
import type { TLeadToSend, TLeadTransport, TSendSettings } from './transport.ts';

/**
 * What became of one lead. `unknown`: the send was stopped while the lead's fate was open (it is looked up before any
 * new try); `untried`: stopped before anything of it reached the dialer. A `failed` lead's last request may have been
 * applied too: a resume looks it up first.
 */
export type TDelivery =
  | { kind: 'added'; vicidialLeadId: string | null; message: string; attempts: number }
  | { kind: 'duplicate' | 'dnc' | 'refused' | 'failed'; message: string; attempts: number }
  | { kind: 'stop'; message: string; attempts: number }
  | { kind: 'unknown' | 'untried'; attempts: number };

export type TDeliverOptions = {
  transport: TLeadTransport;
  settings: TSendSettings;
  config: Pick<TDialerSendConfig, 'retries' | 'backoffMs'>;
  /** Aborted when the send is cancelled or the server stops: no further try starts. */
  signal: AbortSignal;
  /** Waits for the lead's turn under the send's rate; called before every request. */
  pace: () => Promise<void>;
};

/** Waits `ms`, or less when `signal` ends the wait (never throws). */
const pause = (ms: number, signal: AbortSignal) =>
  ms <= 0 ? Promise.resolve() : sleep(ms, undefined, { signal }).catch(() => undefined);

/**
 * Sends one lead. `mayBeThere`: an earlier try's fate is unknown (a crash or a time-out while it was on its way), so the
 * list is searched for it first. Requests abort only with `signal` (the transport's own time-out is a transient failure).
 */
export async function deliverLead(
  lead: TLeadToSend,
  mayBeThere: boolean,
  options: TDeliverOptions,
): Promise<TDelivery> {
  const { transport, settings, config, signal, pace } = options;
  let checkFirst = mayBeThere;
  let attempts = 0;
  let lastFailure = '';
  for (let round = 0; round <= config.retries; round += 1) {
    if (round > 0) await pause(config.backoffMs * 2 ** (round - 1), signal);
    if (signal.aborted) return { kind: checkFirst ? 'unknown' : 'untried', attempts };
    try {
      if (checkFirst) {
        await pace();
        // The wait for the pace may end with the send stopped: nothing more goes out.
        if (signal.aborted) return { kind: 'unknown', attempts };
        attempts += 1;
        const found = await transport.findLead(lead.leadId, settings, signal);
        if (found.kind === 'found')
          return { kind: 'added', vicidialLeadId: found.vicidialLeadId, message: found.message, attempts };
        if (found.kind === 'stop') return { kind: 'stop', message: found.message, attempts };
        if (found.kind === 'transient') {
          lastFailure = found.message;
          continue;
        }
        checkFirst = false;
      }
      await pace();
      if (signal.aborted) return { kind: 'untried', attempts };
      attempts += 1;
      const result = await transport.addLead(lead, settings, signal);
      if (result.kind === 'transient') {
        // The request may have been applied before the answer was lost: look before trying again.
        lastFailure = result.message;
        checkFirst = true;
        continue;
      }
      if (result.kind === 'added') return { ...result, attempts };
      return { kind: result.kind, message: result.message, attempts };
    } catch (error) {
      // Only an abort of `signal` is thrown by a transport: the send was stopped mid-request.
      if (signal.aborted) return { kind: 'unknown', attempts };
      throw error;
    }
  }
  // Every try failed: counted as failed, never as sent.
  return { kind: 'failed', message: lastFailure, attempts };
}

/**
 * The send's pace: at most `rate` requests a second, evenly spaced (0: no limit). Shared by the send's parallel
 * requests, so the rate holds whatever the concurrency.
 */
export function createPacer(rate: number, signal: AbortSignal): () => Promise<void> {
  if (rate <= 0) return async () => undefined;
  const gapMs = 1000 / rate;
  let nextAt = 0;
  return async () => {
    const now = performance.now();
    const at = Math.max(now, nextAt);
    nextAt = at + gapMs;
    await pause(at - now, signal);
  };
}
