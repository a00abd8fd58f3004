// Routes of the QC work queue (docs/guide/qc-queue.md): the queue's page, claims, progress (inspectors and admins) and the
// per-campaign settings (read by both, changed by admins).
import { z } from 'zod';
import {
  ZErrorReply,
  ZRefusalReply,
  ZPageParams,
  ZQcQueueClaimParams,
  ZQcQueueClaimReply,
  ZQcQueueClaimRequest,
  ZQcQueueProgress,
  ZQcQueueQuery,
  ZQcQueueSettings,
  ZQcQueueSettingsParams,
  ZQcQueueSettingsUpdate,
  ZFlaggedQcQueuePage,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS, SCORERS } from '../../auth/roles.ts';
import { currentUser } from '../../auth/guard.ts';
import { actorOf } from '../../auth/actor.ts';
import { userIdOf } from '../../auth/access.ts';
import { claimNextCall, releaseClaim, type TQueueDeps } from './claims.ts';
import { readQueuePage, readQueueProgress } from './reads.ts';
import { listQcQueueSettings, updateQcQueueSettings } from './settings.ts';

const FAILURES = { 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };

export async function qcQueueRoutes(app: App) {
  const deps: TQueueDeps = { db: app.db, timeZone: app.config.timeZone, holdSeconds: app.config.analysis.holdSeconds };

  app.get(
    '/api/qcQueue/pagination/:page/:size',
    {
      config: SCORERS,
      schema: {
        summary: 'List the calls not scored yet, oldest first',
        description: 'See docs/guide/qc-queue.md.',
        params: ZPageParams,
        querystring: ZQcQueueQuery,
        response: { 200: ZFlaggedQcQueuePage, ...FAILURES },
      },
    },
    async (req) => readQueuePage(deps, userIdOf(currentUser(req)), req.query, req.params),
  );

  app.post(
    '/api/qcQueue/claim',
    {
      config: SCORERS,
      schema: {
        summary: 'Claim the next call to score for 15 minutes',
        description:
          "The same call again while the caller's claim lives; 404 `No call left to score`. See docs/guide/qc-queue.md.",
        body: ZQcQueueClaimRequest.optional(),
        response: {
          200: ZQcQueueClaimReply,
          409: ZErrorReply,
          ...FAILURES,
          404: z.union([ZRefusalReply, ZErrorReply]),
        },
      },
    },
    async (req) => claimNextCall(deps, currentUser(req), req.body ?? { campaignName: undefined, date: undefined }),
  );

  app.delete(
    '/api/qcQueue/claim/:id',
    {
      config: SCORERS,
      schema: {
        summary: 'Release a claimed call',
        description: "One's own claim; admins any. See docs/guide/qc-queue.md.",
        params: ZQcQueueClaimParams,
        response: { 200: z.object({ message: z.string() }), ...FAILURES },
      },
    },
    async (req) => releaseClaim(app.db, currentUser(req), req.params.id),
  );

  app.get(
    '/api/qcQueue/progress',
    {
      config: SCORERS,
      schema: {
        summary: 'Show QC scoring progress against the target',
        querystring: ZQcQueueQuery,
        response: { 200: ZQcQueueProgress, ...FAILURES },
      },
    },
    async (req) => readQueueProgress(deps, req.query),
  );

  app.get(
    '/api/qcQueue/settings',
    {
      config: SCORERS,
      schema: {
        summary: "Show every campaign's QC queue settings",
        response: { 200: z.array(ZQcQueueSettings), ...FAILURES },
      },
    },
    async () => listQcQueueSettings(app.db),
  );

  app.put(
    '/api/qcQueue/settings/:campaignName',
    {
      config: ADMINS,
      schema: {
        summary: "Set a campaign's QC target and minimum call length",
        description: 'See docs/guide/qc-queue.md.',
        params: ZQcQueueSettingsParams,
        body: ZQcQueueSettingsUpdate,
        response: { 200: ZQcQueueSettings, ...FAILURES },
      },
    },
    async (req) => updateQcQueueSettings(app.db, req.params.campaignName, req.body, actorOf(req)),
  );
}
