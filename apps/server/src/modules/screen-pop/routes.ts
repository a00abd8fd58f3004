// The dialer's call pushed to the agent's /CRM (docs/guide/call-loop.md, Screen pop): GET /api/ap/popStream (server-sent
// events) and POST /api/ap/webFormPop (VICIdial's web form); starts and stops the watch of the agents' VICIdial sessions.
import { z } from 'zod';
import { MEDIA_TYPES, ZErrorReply, ZScreenPop, ZWebFormPop, zFileReply } from '@crm/shared';
import type { App } from '../../app-type.ts';
import { AGENTS, asDownload } from '../../auth/roles.ts';
import { currentUser } from '../../auth/guard.ts';
import { createAppStreams } from '../../http/event-stream.ts';
import { createScreenPopRuntime } from './runtime.ts';
import { popWebForm } from './service.ts';

export async function screenPopRoutes(app: App) {
  const screenPop = createScreenPopRuntime(app.config, app.db, app.log);
  const live = createAppStreams(app, screenPop);

  // EventSource cannot send headers: it authenticates with a short-lived media token in ?token=. An agent is watched
  // (their VICIdial session read) while a stream of theirs is open, and for POP_GRACE_MS after it closes.
  app.get(
    '/api/ap/popStream',
    {
      config: asDownload(AGENTS),
      schema: {
        summary: 'Follow the calls the dialer puts through to the agent, as server-sent events',
        description: 'Each agent their own, with a media token. See docs/guide/call-loop.md, Screen pop.',
        querystring: z.object({ token: z.string().optional() }),
        response: {
          200: zFileReply(
            MEDIA_TYPES.eventStream,
            'Server-sent events: ready, then each call the dialer puts through to the agent (pop); the stream stays open',
          ),
        },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      return live.reply(reply, user, await screenPop.openFeed(user));
    },
  );

  app.post(
    '/api/ap/webFormPop',
    {
      config: AGENTS,
      schema: {
        summary: "Pop the call VICIdial's web form names",
        description: '400 `OTHER_VICIDIAL_USER` or `NOTHING_TO_POP`. See docs/guide/call-loop.md, Screen pop.',
        body: ZWebFormPop,
        response: { 200: ZScreenPop, 400: ZErrorReply },
      },
    },
    async (req) => popWebForm(app.db, currentUser(req), req.body, app.config.phoneCountry),
  );
}
