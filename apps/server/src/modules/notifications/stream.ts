// The live push of one server (docs/notifications.md): each user's open streams, and one dedicated connection that
// LISTENs for the notifications every server's notifyUsers signals, so a notification made on any server reaches the
// user's streams on all of them. A lost database never ends the process: the connection is opened again with
// backoff (db/listen.ts), and the open streams get their unread count again once it is back.
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { NOTIFICATION_EVENT, type TNotificationStreamEvent } from '@crm/shared';
import { createChannelListener, reasonOf } from '../../db/listen.ts';
import type { Db } from '../../db/schema.ts';
import type { EventFeed } from '../../http/event-stream.ts';
import { NOTIFICATIONS_CHANNEL, decodeSignal, type TNotificationSignal } from './notify.ts';
import { countUnread, findNotificationsOf, toNotification } from './service.ts';

export function formatEvent(data: TNotificationStreamEvent): string {
  return `event: ${NOTIFICATION_EVENT}\ndata: ${JSON.stringify(data)}\n\n`;
}

export type NotificationStreams = {
  /** One user's events: the unread count first, then each new notification and each change of the count. */
  openFeed: (userId: number) => Promise<EventFeed>;
  start: () => void;
  /** Closes the dedicated connection (the streams themselves are ended by the hub). */
  stop: () => Promise<void>;
};

type Options = {
  db: Db;
  /** A new, unconnected client for the dedicated connection. */
  connect: () => pg.Client;
  log: FastifyBaseLogger;
};

export function createNotificationStreams({ db, connect, log }: Options): NotificationStreams {
  const writers = new Map<number, Set<(chunk: string) => void>>();

  function writeTo(userId: number, chunk: string) {
    for (const write of [...(writers.get(userId) ?? [])]) write(chunk);
  }

  async function sendUnread(userId: number) {
    writeTo(userId, formatEvent({ unread: await countUnread(db, userId), notification: null }));
  }

  async function deliver(signal: TNotificationSignal) {
    if ('read' in signal) {
      if (writers.has(signal.read)) await sendUnread(signal.read);
      return;
    }
    const here = [...new Set(signal.new.map(([, userId]) => userId))].filter((u) => writers.has(u));
    if (here.length === 0) return;
    const rows = await findNotificationsOf(
      db,
      signal.new.map(([id]) => id),
      here,
    );
    const unread = new Map<number, number>();
    for (const userId of new Set(rows.map((r) => r.userId))) unread.set(userId, await countUnread(db, userId));
    for (const row of rows) {
      writeTo(row.userId, formatEvent({ unread: unread.get(row.userId) ?? 0, notification: toNotification(row) }));
    }
  }

  function receive(payload: string | undefined) {
    const signal = decodeSignal(payload);
    if (signal === null) {
      log.warn('notifications: ignored a signal that is not one of ours');
      return;
    }
    deliver(signal).catch((err: unknown) =>
      log.warn({ err: reasonOf(err) }, 'notifications: could not read a new notification to push it'),
    );
  }

  const listener = createChannelListener({
    channel: NOTIFICATIONS_CHANNEL,
    connect,
    onPayload: receive,
    onConnected: (again) => {
      if (!again) return;
      log.info('notifications: connected to the database again; pushes resume');
      // What was made while the connection was away was not pushed: each open stream gets its count again.
      for (const userId of writers.keys())
        sendUnread(userId).catch((err: unknown) =>
          log.warn({ err: reasonOf(err) }, 'notifications: could not count the unread ones again'),
        );
    },
    onLost: (err) =>
      log.warn({ err: reasonOf(err) }, 'notifications: lost the database connection that pushes them; reconnecting'),
    onOpenFailed: (err, first) => {
      if (first)
        log.warn({ err: reasonOf(err) }, 'notifications: cannot open the connection that pushes them; retrying');
    },
  });

  return {
    openFeed: async (userId) => ({
      first: formatEvent({ unread: await countUnread(db, userId), notification: null }),
      subscribe: (write) => {
        const mine = writers.get(userId) ?? new Set();
        mine.add(write);
        writers.set(userId, mine);
        return () => {
          mine.delete(write);
          if (mine.size === 0) writers.delete(userId);
        };
      },
    }),
    start: listener.start,
    stop: listener.stop,
  };
}
