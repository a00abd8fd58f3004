// GET /api/dialer/status and the live stream GET /api/dialer/stream (admin only); starts and stops the dialer.
import { z } from 'zod';
import { MEDIA_TYPES, ZDialerState, zFileReply } from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS, asDownload } from '../../auth/roles.ts';
import { currentUser } from '../../auth/guard.ts';
import { createDialer, findDialerState } from './service.ts';
import { createAppStreams } from '../../http/event-stream.ts';
import { dialerFeed } from './stream.ts';

export async function dialerRoutes(app: App) {
  const dialer = createDialer(app.config.dialer, app.log, app.db);
  const live = createAppStreams(app, dialer);

  app.get(
    '/api/dialer/status',
    {
      config: ADMINS,
      schema: { summary: "Show the dialer's state", response: { 200: ZDialerState } },
    },
    async () => findDialerState(dialer),
  );

  // EventSource cannot send headers: it authenticates with a short-lived media token in ?token=.
  app.get(
    '/api/dialer/stream',
    {
      config: asDownload(ADMINS),
      schema: {
        summary: "Follow the dialer's state as server-sent events",
        description:
          "Events named `dialer`, a heartbeat every 15 s; ends when the media token runs out or within 15 s of the user's sessions ending. See docs/api.md, Streams.",
        querystring: z.object({ token: z.string().optional() }),
        response: {
          200: zFileReply(
            MEDIA_TYPES.eventStream,
            "Server-sent events: the dialer's state as it changes; the stream stays open",
          ),
        },
      },
    },
    async (req, reply) => live.reply(reply, currentUser(req), dialerFeed(dialer.publisher)),
  );
}
