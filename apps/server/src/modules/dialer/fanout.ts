// Several servers on one PostgreSQL share one dialer poller. The server holding an advisory lock polls the
// dialer and NOTIFYs each reading; every server LISTENs and shows the readings on its own dashboards.
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { ZDialerState, type TDialerState } from '@crm/shared';
import { createChannelListener, reasonOf } from '../../db/listen.ts';
import type { DialerPoller } from './poller.ts';
import { createLocalPublisher, type DialerStatePublisher } from './publisher.ts';

/** The channel the readings travel on (per database, like the lock). */
export const DIALER_CHANNEL = 'crm_dialer_state';
/** The advisory lock whose holder polls the dialer: any fixed number, the same in every server. */
export const POLLER_LOCK_KEY = 4_177_302_615;
/** How the dedicated connection names itself in pg_stat_activity. */
export const DIALER_APPLICATION_NAME = 'crm-dialer';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7999;

export const LOST_CONNECTION_MESSAGE =
  'This server lost its database connection, which brings the live figures; reconnecting…';
export function staleMessage(staleAfterMs: number): string {
  return `No new figures for ${Math.round(staleAfterMs / 1000)} s: the server that reads the dialer has stopped or cannot reach the database.`;
}

/**
 * The state as a NOTIFY payload. Our states are small (eight counts, two times and an error of at most a few
 * hundred characters); should an error ever be long, it is cut to fit rather than the reading being lost.
 */
export function encodeState(state: TDialerState): string {
  const json = JSON.stringify(state);
  if (Buffer.byteLength(json) <= MAX_PAYLOAD_BYTES || state.error === null) return json;
  const room = MAX_PAYLOAD_BYTES - Buffer.byteLength(JSON.stringify({ ...state, error: '' })) - 16;
  // Characters may take up to 3 bytes in UTF-8 and more once JSON-escaped: 6 per character is always enough.
  return JSON.stringify({ ...state, error: `${state.error.slice(0, Math.max(0, Math.floor(room / 6)))}…` });
}

/** A payload back into a state; null when it is not one (anyone with access to the database can NOTIFY). */
export function decodeState(payload: string | undefined): TDialerState | null {
  try {
    const parsed = ZDialerState.safeParse(JSON.parse(payload ?? ''));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type DialerFanout = {
  /** What this server's status route and streams read; publish() sends a reading to every server. */
  publisher: DialerStatePublisher;
  start: () => void;
  /** Stops polling (if this server polls) and closes the dedicated connection, which frees the lock. */
  stop: () => Promise<void>;
  isLeader: () => boolean;
};

type Options = {
  /** A new, unconnected client for the dedicated connection. */
  connect: () => pg.Client;
  initial: TDialerState;
  /** Makes the poller run while this server holds the lock; it publishes through the publisher it is given. */
  createPoller: (publisher: DialerStatePublisher) => DialerPoller;
  /** How often a server without the lock asks for it: a dead poller is replaced within about this long. */
  intervalMs: number;
  /** With no reading for this long, the state says the figures are stale. */
  staleAfterMs: number;
  log: FastifyBaseLogger;
  now?: () => Date;
};

export function createDialerFanout({
  connect,
  initial,
  createPoller,
  intervalMs,
  staleAfterMs,
  log,
  now = () => new Date(),
}: Options): DialerFanout {
  const local = createLocalPublisher(initial);
  let poller: DialerPoller | undefined;
  let toldFollower = false;
  let electionTimer: NodeJS.Timeout | undefined;
  let staleTimer: NodeJS.Timeout | undefined;

  /** Says on this server's dashboards that the figures shown are old, and why. */
  function markStale(message: string) {
    const current = local.current();
    if (current.error === message) return;
    local.publish({ ...current, error: message, errorAt: now().toISOString() });
  }

  function watchForSilence() {
    clearTimeout(staleTimer);
    staleTimer = setTimeout(() => {
      log.warn('dialer: no live figures are arriving');
      markStale(staleMessage(staleAfterMs));
    }, staleAfterMs);
    staleTimer.unref();
  }

  function receive(payload: string | undefined) {
    const state = decodeState(payload);
    if (state === null) {
      log.warn('dialer: ignored a notification that is not a dialer state');
      return;
    }
    watchForSilence();
    local.publish(state);
  }

  function stopPolling() {
    const p = poller;
    poller = undefined;
    if (p) log.info('dialer: this server stops polling the dialer');
    return p?.stop() ?? Promise.resolve();
  }

  // The dedicated connection listens for the readings and holds the poller lock: losing it loses the lock too.
  const listener = createChannelListener({
    channel: DIALER_CHANNEL,
    connect,
    onPayload: receive,
    onConnected: async (again) => {
      if (again) log.info('dialer: connected to the database again; live figures resume');
      watchForSilence();
      await elect();
    },
    onLost: (err) => {
      clearTimeout(electionTimer);
      clearTimeout(staleTimer);
      void stopPolling();
      log.warn(
        { err: reasonOf(err) },
        'dialer: lost the database connection that brings the live figures; reconnecting',
      );
      markStale(LOST_CONNECTION_MESSAGE);
    },
    onOpenFailed: (err, first) => {
      // The first failure in a row is worth a warning; the state on the dashboards carries the rest.
      if (first)
        log.warn(
          { err: reasonOf(err) },
          'dialer: cannot open the database connection that brings the live figures; retrying',
        );
      markStale(LOST_CONNECTION_MESSAGE);
    },
    // Polling stops while the connection still holds the lock; closing it then frees the lock.
    closing: async () => {
      clearTimeout(electionTimer);
      clearTimeout(staleTimer);
      await stopPolling();
    },
  });

  const shared: DialerStatePublisher = {
    current: local.current,
    subscribe: local.subscribe,
    publish: (state) => {
      const c = listener.client();
      // Without the connection this server has lost the lock too: its poller is being stopped.
      if (c === undefined) return;
      c.query('select pg_notify($1, $2)', [DIALER_CHANNEL, encodeState(state)]).catch((err: unknown) => {
        if (c === listener.client())
          log.warn({ err: reasonOf(err) }, 'dialer: could not send the figures to the other servers');
      });
    },
  };

  async function elect() {
    electionTimer = undefined;
    const c = listener.client();
    if (listener.stopped() || c === undefined || poller !== undefined) return;
    try {
      const r = await c.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [POLLER_LOCK_KEY]);
      // The connection went while we asked: the lock, if granted, went with it.
      if (c !== listener.client() || listener.stopped()) return;
      if (r.rows[0]?.locked === true) {
        log.info('dialer: this server now polls the dialer and sends the figures to the others');
        toldFollower = false;
        poller = createPoller(shared);
        poller.start();
        return;
      }
      if (!toldFollower) log.info('dialer: another server polls the dialer; this one shows its figures');
      toldFollower = true;
    } catch (err) {
      if (c !== listener.client() || listener.stopped()) return;
      log.warn({ err: reasonOf(err) }, 'dialer: could not ask for the poller lock');
    }
    electionTimer = setTimeout(() => void elect(), intervalMs);
    electionTimer.unref();
  }

  return {
    publisher: shared,
    isLeader: () => poller !== undefined,
    start: listener.start,
    stop: listener.stop,
  };
}
