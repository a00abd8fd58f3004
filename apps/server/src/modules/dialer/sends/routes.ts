// Routes of the sends to VICIdial (docs/guide/dialer.md); admins only.
import { z } from 'zod';
import {
  MEDIA_TYPES,
  ZDialerSend,
  ZDialerSettingsInput,
  ZDialerSettingsQuery,
  ZDialerSettingsReply,
  ZErrorReply,
  ZSendIdParams,
  ZSendsOfDate,
  ZSendsQuery,
  ZStartSend,
  ZStartSendReply,
  zFileReply,
} from '@crm/shared';
import type { App } from '../../../app-type.ts';
import { ADMINS, asDownload } from '../../../auth/roles.ts';
import { currentUser } from '../../../auth/guard.ts';
import { sendCsv } from '../../../http/csv-download.ts';
import { actorOf } from '../../../auth/actor.ts';
import { createAppStreams } from '../../../http/event-stream.ts';
import { sendFeed } from './progress.ts';
import { exportSendReport } from './report.ts';
import { startSendRuntime } from './runtime.ts';
import {
  cancelSend,
  findDialerSettings,
  findSend,
  findSendsOfDate,
  resumeSend,
  saveDialerSettings,
  startSend,
} from './service.ts';

export async function dialerSendRoutes(app: App) {
  const runtime = startSendRuntime(app);
  const live = createAppStreams(app);
  const { timeZone } = app.config;

  app.get(
    '/api/dialer/settings',
    {
      config: ADMINS,
      schema: {
        summary: "Show a campaign's dialer settings",
        description: 'See docs/guide/dialer.md.',
        querystring: ZDialerSettingsQuery,
        response: { 200: ZDialerSettingsReply, 404: ZErrorReply },
      },
    },
    async (req) => findDialerSettings(app.db, req.query.campaignName, runtime.dialer, timeZone),
  );

  app.put(
    '/api/dialer/settings',
    {
      config: ADMINS,
      schema: {
        summary: "Set a campaign's dialer settings (list id, checks, rate, quota status)",
        description:
          '400 with the reason for a bad list id, VICIdial campaign id or quota status. See docs/guide/dialer.md.',
        body: ZDialerSettingsInput,
        response: { 200: ZDialerSettingsReply, 400: ZErrorReply, 404: ZErrorReply },
      },
    },
    async (req) => saveDialerSettings(app.db, req.body, actorOf(req), runtime.dialer, timeZone),
  );

  app.get(
    '/api/dialer/sends',
    {
      config: ADMINS,
      schema: {
        summary: "List a date's sends to VICIdial and the leads not sent yet",
        querystring: ZSendsQuery,
        response: { 200: ZSendsOfDate, 404: ZErrorReply },
      },
    },
    async (req) => findSendsOfDate(app.db, req.query, timeZone),
  );

  app.post(
    '/api/dialer/sends',
    {
      config: ADMINS,
      schema: {
        summary: "Send a date's generated leads to VICIdial",
        description:
          '409 with no dialer, no settings, nothing to send, or a send already running. See docs/guide/dialer.md.',
        body: ZStartSend,
        response: { 200: ZStartSendReply, 404: ZErrorReply, 409: ZErrorReply },
      },
    },
    async (req) => {
      const started = await startSend(app.bulkDb, req.body, actorOf(req), runtime.dialer);
      runtime.run(started.id);
      return started;
    },
  );

  app.get(
    '/api/dialer/sends/:id',
    {
      config: ADMINS,
      schema: {
        summary: 'Get a send to VICIdial and its progress',
        params: ZSendIdParams,
        response: { 200: ZDialerSend, 404: ZErrorReply },
      },
    },
    async (req) => findSend(app.db, req.params.id, timeZone),
  );

  // EventSource cannot send headers: it authenticates with a short-lived media token in ?token=.
  app.get(
    '/api/dialer/sends/:id/stream',
    {
      config: asDownload(ADMINS),
      schema: {
        summary: "Follow a send's progress as server-sent events",
        description: 'Events named `send`; ends after the first state other than `running`. See docs/api.md, Streams.',
        params: ZSendIdParams,
        querystring: z.object({ token: z.string().optional() }),
        response: {
          200: zFileReply(
            MEDIA_TYPES.eventStream,
            'Server-sent events: the send at once and at each change; ends once it is no longer running',
          ),
          404: ZErrorReply,
        },
      },
    },
    async (req, reply) => {
      const send = await findSend(app.db, req.params.id, timeZone);
      return live.reply(reply, currentUser(req), sendFeed(app.db, send, timeZone));
    },
  );

  app.post(
    '/api/dialer/sends/:id/cancel',
    {
      config: ADMINS,
      schema: {
        summary: 'Cancel a running send',
        description: '409 when the send is not running. See docs/guide/dialer.md.',
        params: ZSendIdParams,
        response: { 200: ZDialerSend, 404: ZErrorReply, 409: ZErrorReply },
      },
    },
    async (req) => cancelSend(app.db, req.params.id, actorOf(req), timeZone),
  );

  app.post(
    '/api/dialer/sends/:id/resume',
    {
      config: ADMINS,
      schema: {
        summary: "Resume a send with the campaign's current settings",
        description: '409 when nothing is left or another send of the campaign runs. See docs/guide/dialer.md.',
        params: ZSendIdParams,
        response: { 200: ZDialerSend, 404: ZErrorReply, 409: ZErrorReply },
      },
    },
    async (req) => {
      const send = await resumeSend(app.db, req.params.id, actorOf(req), timeZone);
      runtime.run(send.id);
      return send;
    },
  );

  // exposeHeadRoute: false, as a HEAD request would run the whole report only to throw the body away.
  app.get(
    '/api/dialer/sends/:id/report',
    {
      exposeHeadRoute: false,
      config: { ...asDownload(ADMINS), heavy: true },
      schema: {
        summary: "Download a send's report as CSV, one row per lead",
        params: ZSendIdParams,
        querystring: z.object({ token: z.string().optional() }),
        response: {
          200: zFileReply(MEDIA_TYPES.csv, "The send's leads, one row each with its outcome, as a CSV download"),
          404: ZErrorReply,
        },
      },
    },
    async (req, reply) => {
      const { fileName, csv } = await exportSendReport(app.db, req.params.id, timeZone);
      return sendCsv(reply, fileName, csv, 'send report');
    },
  );
}
