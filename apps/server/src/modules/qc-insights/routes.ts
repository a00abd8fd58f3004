// Routes of QC analytics (docs/guide/qc-insights.md): the three sections as JSON, and as an xlsx download. Admins see every
// line; a QC inspector its own records and its own inspector line.
import { finished, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import {
  MEDIA_TYPES,
  ZErrorReply,
  ZQcInsights,
  ZQcInsightsExportQuery,
  ZQcInsightsQuery,
  zFileReply,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { SCORERS, asDownload } from '../../auth/roles.ts';
import { currentUser } from '../../auth/guard.ts';
import { readBulkDb, readDb } from '../../http/reads.ts';
import { exportQcInsights } from './export.ts';
import { findQcInsights } from './service.ts';

const FAILURES = { 400: ZErrorReply, 403: ZErrorReply };

/** Sends the workbook; a failure once its headers are out can only cut the download short, so it is logged. */
function sendXlsx(reply: FastifyReply, { fileName, file }: { fileName: string; file: Readable }) {
  finished(file, (err) => {
    if (err) reply.log.warn({ fileName, failure: err.message }, 'QC insights download cut short');
  });
  return (
    reply
      .header('content-type', MEDIA_TYPES.xlsx)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      // The figures name agents and inspectors: no cache keeps a copy.
      .header('cache-control', 'no-store')
      .send(file)
  );
}

export async function qcInsightRoutes(app: App) {
  app.get(
    '/api/qcInsights',
    {
      config: { ...SCORERS, heavy: true },
      schema: {
        summary: 'Show QC insights for a date range',
        description: 'Inspectors get their own records; at most 366 days. A heavy read. See docs/guide/qc-insights.md.',
        querystring: ZQcInsightsQuery,
        response: { 200: ZQcInsights, ...FAILURES },
      },
    },
    async (req) => findQcInsights(readDb(req), currentUser(req), req.query),
  );

  // exposeHeadRoute: false, as a HEAD request would compute the whole file only to throw it away.
  app.get(
    '/api/qcInsights/export',
    {
      exposeHeadRoute: false,
      config: { ...asDownload(SCORERS), heavy: true },
      schema: {
        summary: 'Download QC insights as xlsx, a sheet per section',
        description: 'A heavy read. See docs/guide/qc-insights.md.',
        querystring: ZQcInsightsExportQuery,
        response: {
          200: zFileReply(
            MEDIA_TYPES.xlsx,
            'The QC insights of the range, one sheet per section, as an xlsx download',
            { binary: true },
          ),
          ...FAILURES,
        },
      },
    },
    async (req, reply) => sendXlsx(reply, await exportQcInsights(readBulkDb(req), currentUser(req), req.query)),
  );
}
