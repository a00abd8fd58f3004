// The dialer of one app: its source (VICIdial, the simulator or none), the shared state and the poller.
import type { FastifyBaseLogger } from 'fastify';
import type { TDialerMode, TDialerState } from '@crm/shared';
import { DIALER_TIMEOUT_MS, type TDialerConfig } from '../../config.ts';
import { dedicatedClient } from '../../db/listen.ts';
import type { Db } from '../../db/schema.ts';
import { createDialerFanout, DIALER_APPLICATION_NAME } from './fanout.ts';
import { createDialerPoller } from './poller.ts';
import { createLocalPublisher, type DialerStatePublisher } from './publisher.ts';
import { createSimulatedSource } from './simulator.ts';
import { createVicidialSource, type DialerSource } from './vicidial.ts';

export type Dialer = {
  /** The state this server shows: current() answers the status route, subscribe() feeds the streams. */
  publisher: DialerStatePublisher;
  start: () => void;
  stop: () => Promise<void>;
};

export function initialDialerState(mode: TDialerMode): TDialerState {
  return { mode, stats: null, updatedAt: null, error: null, errorAt: null };
}

function sourceFor(config: TDialerConfig): DialerSource | null {
  if (config.mode === 'vicidial') return createVicidialSource(config);
  if (config.mode === 'simulated') return createSimulatedSource();
  return null;
}

/**
 * With a dialer configured, every server on the database takes part in one fan-out (fanout.ts): the one
 * holding the poller lock reads the dialer, and all of them show what it read. A single server is simply
 * the only one taking part, so one server and several run the same code.
 */
export function createDialer(config: TDialerConfig, log: FastifyBaseLogger, db: Db): Dialer {
  const initial = initialDialerState(config.mode);
  const source = sourceFor(config);
  if (source === null || config.mode === 'unconfigured') {
    return { publisher: createLocalPublisher(initial), start: () => {}, stop: async () => {} };
  }
  const timeoutMs = config.mode === 'vicidial' ? config.timeoutMs : DIALER_TIMEOUT_MS;
  const fanout = createDialerFanout({
    // A connection of its own, outside the pool: it holds the lock and listens for as long as the server runs.
    connect: dedicatedClient(db, DIALER_APPLICATION_NAME),
    initial,
    createPoller: (publisher) => createDialerPoller({ source, publisher, intervalMs: config.pollMs, log }),
    intervalMs: config.pollMs,
    // The longest quiet spell of a healthy poller is a poll interval plus a read that times out; a new poller
    // takes over within another interval. Three intervals and a time-out leave room for both.
    staleAfterMs: 3 * config.pollMs + timeoutMs,
    log,
  });
  return { publisher: fanout.publisher, start: fanout.start, stop: fanout.stop };
}

/** What GET /api/dialer/status answers. */
export function findDialerState(dialer: Dialer): TDialerState {
  return dialer.publisher.current();
}
