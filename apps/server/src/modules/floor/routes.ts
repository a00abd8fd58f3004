// The floor routes (issue 38, docs/guide/floor.md): GET /api/floor, the floor now, and GET /api/floor/stream, the same
// pushed on every change. Admins and QC inspectors. Read from the primary: a replica's lag would show a stale floor.
import { z } from 'zod';
import { MEDIA_TYPES, ZErrorReply, ZFloor, zFileReply } from '@crm/shared';
import type { App } from '../../app-type.ts';
import { SCORERS, asDownload } from '../../auth/roles.ts';
import { currentUser } from '../../auth/guard.ts';
import { createAppStreams } from '../../http/event-stream.ts';
import { createFloorDialer } from './dialer.ts';
import { createFloorWatch } from './live.ts';
import { findFloor, readFloorMarker } from './service.ts';

export async function floorRoutes(app: App) {
  const dialer = createFloorDialer(app.config);
  const readFloor = () => findFloor(app.db, app.config.timeZone, dialer?.read);
  const watch = createFloorWatch({
    readFloor,
    readMarker: () => readFloorMarker(app.db),
    log: app.log,
    // VICIdial's states change without a change in the CRM: read them as often as the dashboard reads the dialer.
    refreshMs: app.config.dialer.mode === 'vicidial' ? app.config.dialer.pollMs : undefined,
  });
  const live = createAppStreams(app, {
    start: watch.start,
    stop: async () => {
      await watch.stop();
      dialer?.close();
    },
  });

  app.get(
    '/api/floor',
    {
      config: SCORERS,
      schema: {
        summary: 'Show the floor now: agents signed in, on a call or idle, and their calls today',
        description: 'See docs/guide/floor.md.',
        response: { 200: ZFloor, 401: ZErrorReply, 403: ZErrorReply },
      },
    },
    async () => readFloor(),
  );

  // EventSource cannot send headers: it authenticates with a short-lived media token in ?token=.
  app.get(
    '/api/floor/stream',
    {
      config: asDownload(SCORERS),
      schema: {
        summary: 'Follow the floor as server-sent events',
        description:
          "Events named `floor` (the floor now at once, then each change within about a second), a heartbeat every 15 s; ends when the media token runs out or within 15 s of the user's sessions ending. See docs/guide/floor.md.",
        querystring: z.object({ token: z.string().optional() }),
        response: {
          200: zFileReply(
            MEDIA_TYPES.eventStream,
            'Server-sent events: the floor as it changes; the stream stays open',
          ),
        },
      },
    },
    async (req, reply) => live.reply(reply, currentUser(req), await watch.feed()),
  );
}
