// The dialer of one app: its source (VICIdial, the simulator or none), the state publisher and the poller.
import type { FastifyBaseLogger } from 'fastify';
import type { TDialerMode, TDialerState } from '@crm/shared';
import type { TDialerConfig } from '../../config.ts';
import { createDialerPoller, type DialerPoller } from './poller.ts';
import { createLocalPublisher, type DialerStatePublisher } from './publisher.ts';
import { createSimulatedSource } from './simulator.ts';
import { createVicidialSource, type DialerSource } from './vicidial.ts';

export type Dialer = {
  publisher: DialerStatePublisher;
  /** Null when no dialer is configured: nothing is polled. */
  poller: DialerPoller | null;
};

export function initialDialerState(mode: TDialerMode): TDialerState {
  return { mode, stats: null, updatedAt: null, error: null, errorAt: null };
}

function sourceFor(config: TDialerConfig): DialerSource | null {
  if (config.mode === 'vicidial') return createVicidialSource(config);
  if (config.mode === 'simulated') return createSimulatedSource();
  return null;
}

export function createDialer(config: TDialerConfig, log: FastifyBaseLogger): Dialer {
  const publisher = createLocalPublisher(initialDialerState(config.mode));
  const source = sourceFor(config);
  if (source === null || config.mode === 'unconfigured') return { publisher, poller: null };
  return { publisher, poller: createDialerPoller({ source, publisher, intervalMs: config.pollMs, log }) };
}

/** What GET /api/dialer/status answers. */
export function findDialerState(dialer: Dialer): TDialerState {
  return dialer.publisher.current();
}
