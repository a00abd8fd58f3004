// The dialer kept in step with do-not-call lists and full quotas (docs/guide/call-loop.md): the outcomes /dnc and a send's
// page show, the sent leads a do-not-call number would pull, refused requests tried again; admins only. The work
// itself is the queue's (runtime.ts), fed by the transactions that put numbers on lists, fill quotas, set callbacks.
import {
  ZDialerSyncRetried,
  ZDialerSyncRetry,
  ZDialerSyncSendParams,
  ZDialerSyncSummary,
  ZDncSentCheck,
  ZDncSentQuery,
  ZErrorReply,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS } from '../../auth/roles.ts';
import { actorOf } from '../../auth/actor.ts';
import { startSyncRuntime } from './runtime.ts';
import { findDncSentLeads, findDncSyncSummary, findSendSyncSummary, retryRefused } from './service.ts';

export async function dialerSyncRoutes(app: App) {
  const runtime = startSyncRuntime(app);
  const { timeZone, phoneCountry } = app.config;

  app.get(
    '/api/dialer/sync/dnc',
    {
      config: ADMINS,
      schema: { summary: 'Show how the do-not-call lists stand in VICIdial', response: { 200: ZDialerSyncSummary } },
    },
    async () => findDncSyncSummary(app.db, runtime.dialer, timeZone),
  );

  app.get(
    '/api/dialer/sync/sends/:id',
    {
      config: ADMINS,
      schema: {
        summary: "Show how a send's leads stand in VICIdial",
        description: '404 `No such send.`',
        params: ZDialerSyncSendParams,
        response: { 200: ZDialerSyncSummary, 404: ZErrorReply },
      },
    },
    async (req) => findSendSyncSummary(app.db, req.params.id, runtime.dialer, timeZone),
  );

  app.get(
    '/api/dialer/sync/sent',
    {
      config: ADMINS,
      schema: {
        summary: "List a number's sent, not completed leads that listing it would pull",
        querystring: ZDncSentQuery,
        response: { 200: ZDncSentCheck, 404: ZErrorReply },
      },
    },
    async (req) => findDncSentLeads(app.db, req.query, runtime.dialer, phoneCountry, timeZone),
  );

  app.post(
    '/api/dialer/sync/retry',
    {
      config: ADMINS,
      schema: {
        summary: "Send a send's refused requests to VICIdial again",
        description: 'Without `sendId`: those of the do-not-call lists. Audited. See docs/guide/call-loop.md.',
        body: ZDialerSyncRetry,
        response: { 200: ZDialerSyncRetried, 404: ZErrorReply },
      },
    },
    async (req) => retryRefused(app.db, req.body.sendId, actorOf(req)),
  );
}
