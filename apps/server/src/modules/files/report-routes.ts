// Lead reports as CSV (spec §7 /api/file generateCsv, generateFullReportCsv). Admin only.
import { finished, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { LEAD_FILE_NAMES, ZErrorReply, ZFullReportQuery, ZLeadDateQuery } from '@crm/shared';
import type { App } from '../../app.ts';
import { classifyDatabaseError } from '../../http/database-errors.ts';
import { exportForDReport, exportFullReport } from './report-service.ts';

// A report can be hundreds of megabytes: the browser downloads it with a plain link (media token in ?token=),
// so it streams to disk instead of being held in memory as a blob.
const REPORT = { roles: ['ADMIN'], queryToken: true } as const;
const FAILURES = { 400: ZErrorReply, 404: ZErrorReply };

/** Sends a CSV stream as a download. Once its headers are out a failure can only cut the download short: it is logged. */
function sendCsv(reply: FastifyReply, fileName: string, csv: Readable) {
  finished(csv, (err) => {
    if (!err) return;
    const code = 'code' in err ? err.code : undefined;
    if (code === 'ERR_STREAM_PREMATURE_CLOSE') reply.log.info({ fileName }, 'report download ended by the client');
    else if (code === 'ERR_CSV_READER_STALLED') reply.log.warn({ fileName, reason: err.message }, 'report download stopped: the client stopped reading');
    else if (classifyDatabaseError(err) !== undefined) reply.log.warn({ fileName, failure: err.message }, 'report download cut short: the database failed while it streamed');
    else reply.log.error({ err, fileName }, 'report failed while streaming');
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    // Leads are personal data: no cache keeps a copy.
    .header('cache-control', 'no-store')
    .send(csv);
}

export async function reportRoutes(app: App) {
  // exposeHeadRoute: false, as a HEAD request would run the whole export only to throw the body away.
  app.get('/api/file/generateCsv', {
    exposeHeadRoute: false,
    config: REPORT,
    schema: { querystring: ZLeadDateQuery, response: FAILURES },
  }, async (req, reply) => sendCsv(reply, LEAD_FILE_NAMES.forD, await exportForDReport(app.bulkDb, req.query.tableName, req.query.dataDate)));

  app.get('/api/file/generateFullReportCsv', {
    exposeHeadRoute: false,
    config: REPORT,
    schema: { querystring: ZFullReportQuery, response: FAILURES },
  }, async (req, reply) => sendCsv(reply, LEAD_FILE_NAMES.full, await exportFullReport(app.bulkDb, req.query.tableName, req.query)));
}
