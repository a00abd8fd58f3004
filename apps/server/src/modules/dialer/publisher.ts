// Holds the current dialer state and tells subscribers (open streams) about each change.
import type { TDialerState } from '@crm/shared';

/**
 * The seam between the one poller and the streams that show its figures. This in-process version serves one
 * server's streams; fanout.ts wraps it so that the readings of one poller reach the streams of every server on
 * the database through PostgreSQL LISTEN/NOTIFY.
 */
export type DialerStatePublisher = {
  current: () => TDialerState;
  /** Stores the state and notifies subscribers, unless nothing changed. */
  publish: (state: TDialerState) => void;
  /** Returns the unsubscribe function. */
  subscribe: (listener: (state: TDialerState) => void) => () => void;
};

export function createLocalPublisher(initial: TDialerState): DialerStatePublisher {
  let state = initial;
  const listeners = new Set<(state: TDialerState) => void>();
  return {
    current: () => state,
    publish: (next) => {
      if (JSON.stringify(next) === JSON.stringify(state)) return;
      state = next;
      for (const listener of [...listeners]) listener(next);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
