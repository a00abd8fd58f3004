// One dedicated connection that LISTENs on a channel for as long as the server runs, and opens again with backoff
// when the database goes away: the notifications' push and the dialer's fan-out each hold one. What a loss means
// to each (a log line, stale figures, a lost lock) is theirs, told through the hooks.
import pg from 'pg';
import { poolOf } from './connect.ts';
import type { Db } from './schema.ts';

/** Waits before reconnect attempt n: 0.25 s, 0.5 s, 1 s … at most 10 s. */
export const reconnectDelay = (attempt: number) => Math.min(10_000, 250 * 2 ** attempt);

/** An outage is expected here: its reason, for one log line, without a stack. */
export function reasonOf(err: unknown): string | undefined {
  return err === undefined ? undefined : err instanceof Error ? err.message : String(err);
}

/**
 * What opens a dedicated connection: the settings of `db`'s pool, outside the pool (it lives as long as the server),
 * named in pg_stat_activity, with TCP keep-alive so that a silently dead connection is noticed.
 */
export function dedicatedClient(db: Db, applicationName: string): () => pg.Client {
  return () =>
    new pg.Client({
      ...poolOf(db).options,
      application_name: applicationName,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
}

export type ChannelListener = {
  /** Opens the connection (once; again after stop()). */
  start: () => void;
  /** Stops reconnecting, lets `closing` finish while the connection is still open, then closes it. */
  stop: () => Promise<void>;
  /** The connection while it is open and listening, else undefined: its queries (a NOTIFY, a session lock) go here. */
  client: () => pg.Client | undefined;
  /** Whether stop() was called since the last start(). */
  stopped: () => boolean;
};

type Options = {
  channel: string;
  /** A new, unconnected client for the dedicated connection. */
  connect: () => pg.Client;
  /** A payload on the channel, from the open connection only. */
  onPayload: (payload: string | undefined) => void;
  /** Listening; `again` after a connection was lost before. Awaited before start's open counts as done. */
  onConnected?: (again: boolean) => void | Promise<void>;
  /** The open connection went (not called after stop()); a reconnect follows. */
  onLost?: (err: unknown) => void;
  /** Opening failed (not called after stop()); `first` for the first failure in a row; a retry follows. */
  onOpenFailed?: (err: unknown, first: boolean) => void;
  /** After stop(), before the connection closes: work that still needs the connection ends first. */
  closing?: () => Promise<void>;
};

export function createChannelListener({
  channel,
  connect,
  onPayload,
  onConnected,
  onLost,
  onOpenFailed,
  closing,
}: Options): ChannelListener {
  let client: pg.Client | undefined;
  let stopped = true;
  let failures = 0;
  let lostOnce = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  function lost(c: pg.Client, err?: unknown) {
    if (c !== client) return;
    client = undefined;
    void c.end().catch(() => undefined);
    if (stopped) return;
    lostOnce = true;
    onLost?.(err);
    reconnect();
  }

  function reconnect() {
    reconnectTimer = setTimeout(() => void open(), reconnectDelay(failures));
    reconnectTimer.unref();
    failures += 1;
  }

  async function open() {
    reconnectTimer = undefined;
    if (stopped) return;
    const c = connect();
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', (msg) => {
      if (c === client && msg.channel === channel) onPayload(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
    } catch (err) {
      void c.end().catch(() => undefined);
      if (stopped) return;
      onOpenFailed?.(err, failures === 0);
      reconnect();
      return;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    failures = 0;
    await onConnected?.(lostOnce);
  }

  return {
    client: () => client,
    stopped: () => stopped,
    start: () => {
      if (!stopped) return;
      stopped = false;
      void open();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(reconnectTimer);
      await closing?.();
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
