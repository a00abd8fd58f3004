// A campaign's dispositions (docs/guide/call-loop.md): GET /api/dispositions, PUT /api/dispositions.
import { ZDispositions, ZDispositionsPut, ZDispositionsQuery, ZErrorReply } from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS, EVERY_ROLE } from '../../auth/roles.ts';
import { currentUser } from '../../auth/guard.ts';
import { actorOf } from '../../auth/actor.ts';
import { findDispositions, replaceDispositions } from './service.ts';

const FAILURES = { 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };

export async function dispositionRoutes(app: App) {
  // The agent's screen asks for its own signed-in campaign's; admins and QC inspectors any campaign's.
  app.get(
    '/api/dispositions',
    {
      config: EVERY_ROLE,
      schema: {
        summary: "List a campaign's dispositions",
        querystring: ZDispositionsQuery,
        response: { 200: ZDispositions, ...FAILURES },
      },
    },
    async (req) => findDispositions(app.db, currentUser(req), req.query.campaignName),
  );

  app.put(
    '/api/dispositions',
    {
      config: ADMINS,
      schema: {
        summary: "Replace a campaign's dispositions",
        description:
          'The whole set, in the order given; 400 naming every problem, nothing stored. Audited. See docs/guide/call-loop.md.',
        body: ZDispositionsPut,
        response: { 200: ZDispositions, ...FAILURES },
      },
    },
    async (req) => replaceDispositions(app.db, req.body, actorOf(req)),
  );
}
