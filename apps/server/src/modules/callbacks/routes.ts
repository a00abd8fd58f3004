// Callbacks (docs/call-loop.md): set, list, remove, and the missed ones for admins.
import {
  ZCallback,
  ZCallbackCreate,
  ZCallbackDeleted,
  ZCallbackIdParams,
  ZCallbacks,
  ZErrorReply,
  ZMissedCallbacks,
  ZMissedCallbacksQuery,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS, CALLERS } from '../../auth/roles.ts';
import { currentUser } from '../../auth/guard.ts';
import { actorOf } from '../audit/record.ts';
import { createCallback } from './create.ts';
import { findCallbacks, findMissedCallbacks } from './list.ts';
import { removeCallback } from './remove.ts';

const FAILURES = { 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };

export async function callbackRoutes(app: App) {
  // The agent who called the lead (agents of its campaign, admins); refusals carry a code (CALLBACK_CODES).
  app.post(
    '/api/callbacks',
    {
      config: CALLERS,
      schema: { body: ZCallbackCreate, response: { 200: ZCallback, ...FAILURES } },
    },
    async (req) => createCallback(app.db, currentUser(req), req.body, actorOf(req), app.config.timeZone),
  );

  // The caller's own and the campaign's anyone-callbacks of today, due first; polled by the agent's screen.
  app.get(
    '/api/callbacks',
    {
      config: CALLERS,
      schema: { response: { 200: ZCallbacks } },
    },
    async (req) => findCallbacks(app.db, currentUser(req), app.config.timeZone),
  );

  app.get(
    '/api/callbacks/missed',
    {
      config: ADMINS,
      schema: { querystring: ZMissedCallbacksQuery, response: { 200: ZMissedCallbacks, 404: ZErrorReply } },
    },
    async (req) => findMissedCallbacks(app.db, req.query.campaignName, app.config.timeZone),
  );

  app.delete(
    '/api/callbacks/:id',
    {
      config: CALLERS,
      schema: { params: ZCallbackIdParams, response: { 200: ZCallbackDeleted, ...FAILURES } },
    },
    async (req) => removeCallback(app.db, currentUser(req), req.params.id, actorOf(req), app.config.timeZone),
  );
}
