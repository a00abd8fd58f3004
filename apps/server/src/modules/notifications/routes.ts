// Notifications in the app for every role (docs/notifications.md): the bell's list, read marks and the live stream.
import { z } from 'zod';
import {
  MEDIA_TYPES,
  ZNotificationList,
  ZNotificationQuery,
  ZNotificationsRead,
  ZNotificationsReadReply,
  zFileReply,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { EVERY_ROLE, asDownload } from '../../auth/roles.ts';
import { currentUser } from '../../auth/guard.ts';
import { userIdOf } from '../../auth/access.ts';
import { dedicatedClient } from '../../db/listen.ts';
import { createAppStreams } from '../../http/event-stream.ts';
import { listNotifications, markNotificationsRead } from './service.ts';
import { createNotificationStreams } from './stream.ts';

/** How the dedicated connection names itself in pg_stat_activity. */
export const NOTIFICATIONS_APPLICATION_NAME = 'crm-notifications';

export async function notificationRoutes(app: App) {
  const streams = createNotificationStreams({
    db: app.db,
    // A connection of its own, outside the pool: it listens for as long as the server runs.
    connect: dedicatedClient(app.db, NOTIFICATIONS_APPLICATION_NAME),
    log: app.log,
  });
  const live = createAppStreams(app, streams);

  app.get(
    '/api/notifications',
    {
      config: EVERY_ROLE,
      schema: {
        summary: 'List your notifications, newest first, with the unread count',
        description: 'Your own only; 100 at most; `unread=true` lists the unread ones. See docs/notifications.md.',
        querystring: ZNotificationQuery,
        response: { 200: ZNotificationList },
      },
    },
    async (req) => listNotifications(app.db, userIdOf(currentUser(req)), req.query.unread === 'true'),
  );

  app.post(
    '/api/notifications/read',
    {
      config: EVERY_ROLE,
      schema: {
        summary: 'Mark your notifications read: some by id, or all',
        description:
          '`{ids}` or `{all: true}`. Ids that are not yours are ignored (never marked): `marked` counts your own. See docs/notifications.md.',
        body: ZNotificationsRead,
        response: { 200: ZNotificationsReadReply },
      },
    },
    async (req) => markNotificationsRead(app.db, userIdOf(currentUser(req)), req.body),
  );

  // EventSource cannot send headers: it authenticates with a short-lived media token in ?token=.
  app.get(
    '/api/notifications/stream',
    {
      config: asDownload(EVERY_ROLE),
      schema: {
        summary: 'Follow your notifications as server-sent events',
        description:
          '`ready` {unread} first, then `notification` {notification, unread} for each new one and `unread` {unread} when the count changes otherwise; a heartbeat every 15 s; ends when the media token runs out. See docs/notifications.md.',
        querystring: z.object({ token: z.string().optional() }),
        response: {
          200: zFileReply(MEDIA_TYPES.eventStream, 'Server-sent events: your new notifications; the stream stays open'),
        },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      return live.reply(reply, user, await streams.openFeed(userIdOf(user)));
    },
  );
}
