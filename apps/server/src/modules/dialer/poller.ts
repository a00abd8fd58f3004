// The poller: reads the dialer every few seconds and publishes the resulting state (on one server of several: fanout.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { TDialerState } from '@crm/shared';
import type { DialerStatePublisher } from './publisher.ts';
import { DialerReadError, type DialerSource } from './vicidial.ts';

export type DialerPoller = {
  start: () => void;
  /** Stops the timer and cancels a read in flight; resolves once it has settled. */
  stop: () => Promise<void>;
  /** Reads now (tests, and the first read at start); resolves with the state it published. */
  pollNow: () => Promise<TDialerState>;
};

type Options = {
  source: DialerSource;
  publisher: DialerStatePublisher;
  intervalMs: number;
  log: FastifyBaseLogger;
  now?: () => Date;
};

export function createDialerPoller({
  source,
  publisher,
  intervalMs,
  log,
  now = () => new Date(),
}: Options): DialerPoller {
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let controller = new AbortController();
  let inFlight: Promise<TDialerState> | undefined;

  async function readOnce(): Promise<TDialerState> {
    const previous = publisher.current();
    let next: TDialerState;
    try {
      const stats = await source.read(controller.signal);
      next = { mode: source.mode, stats, updatedAt: now().toISOString(), error: null, errorAt: null };
      if (previous.error !== null) log.info('dialer: figures read again');
    } catch (error) {
      if (controller.signal.aborted) return previous;
      const message = error instanceof DialerReadError ? error.message : 'The dialer could not be read.';
      if (!(error instanceof DialerReadError)) log.error({ err: error }, 'dialer: unexpected read failure');
      // Only the first failure of a run is worth a warning; the state carries the rest.
      else if (previous.error !== message) log.warn({ reason: message }, 'dialer: read failed');
      next = { ...previous, mode: source.mode, error: message, errorAt: now().toISOString() };
    }
    publisher.publish(next);
    return next;
  }

  function poll(): Promise<TDialerState> {
    // Reads never overlap: a slow dialer delays the next read instead of piling requests on it.
    inFlight ??= readOnce().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void poll().finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  return {
    start: () => {
      if (!stopped) return;
      stopped = false;
      controller = new AbortController();
      void poll().finally(schedule);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
      await inFlight?.catch(() => undefined);
    },
    pollNow: poll,
  };
}
