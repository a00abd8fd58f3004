// The productivity routes (issue 38, docs/guide/productivity.md): per agent, agent and day, shift, campaign or day over a
// range of local days, as JSON and as an xlsx of every grouping. Admins and QC inspectors (read-only); heavy reads.
import { finished, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  MEDIA_TYPES,
  ZErrorReply,
  ZProductivity,
  ZProductivityExportQuery,
  ZProductivityQuery,
  ZRefusalReply,
  zFileReply,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { SCORERS, asDownload } from '../../auth/roles.ts';
import { readBulkDb, readDb } from '../../http/reads.ts';
import { exportProductivity } from './export.ts';
import { findProductivity } from './service.ts';
import { ensureSummaryZone } from './summary.ts';

/** 400: the query's checks, or INVALID_VALUE under `campaignName` for a campaign that does not exist. */
const FAILURES = { 400: z.union([ZRefusalReply, ZErrorReply]), 403: ZErrorReply };

/** Sends the workbook; a failure once its headers are out can only cut the download short, so it is logged. */
function sendXlsx(reply: FastifyReply, { fileName, file }: { fileName: string; file: Readable }) {
  finished(file, (err) => {
    if (err) reply.log.warn({ fileName, failure: err.message }, 'Productivity download cut short');
  });
  return (
    reply
      .header('content-type', MEDIA_TYPES.xlsx)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      // The figures name agents: no cache keeps a copy.
      .header('cache-control', 'no-store')
      .send(file)
  );
}

export async function productivityRoutes(app: App) {
  app.get(
    '/api/productivity',
    {
      config: { ...SCORERS, heavy: true },
      schema: {
        summary: 'Show agent productivity for a range of days',
        description:
          'Per agent, agent and day, shift, campaign or day (groupBy), with totals; local days (TIME_ZONE), at most 366. ' +
          'A heavy read. See docs/guide/productivity.md.',
        querystring: ZProductivityQuery,
        response: { 200: ZProductivity, ...FAILURES },
      },
      // Its reply is built field by field by findProductivity (typed TProductivity), so it is written without checking
      // it against the schema again: that check of 200 agents × 30 days (6,000 rows) took about as long as writing it.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (req) => {
      await ensureSummaryZone(app.db, app.config.timeZone);
      return findProductivity(readDb(req), app.config.timeZone, req.query);
    },
  );

  // exposeHeadRoute: false, as a HEAD request would compute the whole file only to throw it away.
  app.get(
    '/api/productivity/export',
    {
      exposeHeadRoute: false,
      config: { ...asDownload(SCORERS), heavy: true },
      schema: {
        summary: 'Download agent productivity as xlsx, a sheet per grouping',
        description:
          'Agent, Agent × day, Shift, Campaign and Day, each with a totals row. A heavy read. See docs/guide/productivity.md.',
        querystring: ZProductivityExportQuery,
        response: {
          200: zFileReply(
            MEDIA_TYPES.xlsx,
            'The productivity of the range, one sheet per grouping, as an xlsx download',
            {
              binary: true,
            },
          ),
          ...FAILURES,
        },
      },
    },
    async (req, reply) => {
      await ensureSummaryZone(app.db, app.config.timeZone);
      return sendXlsx(reply, await exportProductivity(readBulkDb(req), app.config.timeZone, req.query));
    },
  );
}
