// Callbacks (docs/guide/call-loop.md): set, list, remove, and the missed ones for admins.
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
import { actorOf } from '../../auth/actor.ts';
import { createCallback } from './create.ts';
import { findCallbacks, findMissedCallbacks } from './list.ts';
import { removeCallback } from './remove.ts';
import { notifyMissedCallbacks } from './missed-notices.ts';

const FAILURES = { 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };
/** How often the server looks for callbacks that became missed, to tell the admins of. */
export const MISSED_CHECK_MS = 10 * 60 * 1000;

export async function callbackRoutes(app: App) {
  // The missed-callback check: once when the server is ready, then every MISSED_CHECK_MS. While the database is away it
  // fails quietly (the outage is logged once, by the database watch); the next pass tells what this one could not.
  const check = () =>
    void notifyMissedCallbacks(app.db, app.config.timeZone).catch((e: unknown) =>
      app.log.debug({ err: e }, 'missed callback check failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    check();
    timer = setInterval(check, MISSED_CHECK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  // The agent who called the lead (agents of its campaign, admins); refusals carry a code (CALLBACK_CODES).
  app.post(
    '/api/callbacks',
    {
      config: CALLERS,
      schema: {
        summary: 'Set a callback on a lead the caller called',
        description:
          "Replaces the caller's open callback of the lead. 400 with a `code` for a time in the past, too far ahead or not real, or a lead never called; 403 another campaign's lead. See docs/guide/call-loop.md.",
        body: ZCallbackCreate,
        response: { 200: ZCallback, ...FAILURES },
      },
    },
    async (req) => createCallback(app.db, currentUser(req), req.body, actorOf(req), app.config.timeZone),
  );

  // The caller's own and the campaign's anyone-callbacks of today, due first; polled by the agent's screen.
  app.get(
    '/api/callbacks',
    {
      config: CALLERS,
      schema: { summary: "List the caller's callbacks due today", response: { 200: ZCallbacks } },
    },
    async (req) => findCallbacks(app.db, currentUser(req), app.config.timeZone),
  );

  app.get(
    '/api/callbacks/missed',
    {
      config: ADMINS,
      schema: {
        summary: "List a campaign's missed callbacks, longest missed first",
        querystring: ZMissedCallbacksQuery,
        response: { 200: ZMissedCallbacks, 404: ZErrorReply },
      },
    },
    async (req) => findMissedCallbacks(app.db, req.query.campaignName, app.config.timeZone),
  );

  app.delete(
    '/api/callbacks/:id',
    {
      config: CALLERS,
      schema: {
        summary: 'Cancel a callback',
        description:
          "Its agent or an admin; 403 `callback-not-yours` for another agent's. See docs/guide/call-loop.md.",
        params: ZCallbackIdParams,
        response: { 200: ZCallbackDeleted, ...FAILURES },
      },
    },
    async (req) => removeCallback(app.db, currentUser(req), req.params.id, actorOf(req), app.config.timeZone),
  );
}
