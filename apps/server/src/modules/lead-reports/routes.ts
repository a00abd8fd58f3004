// Lead reports as CSV (docs/product.md §7 /api/file generateCsv, generateFullReportCsv). Admin only.
import { LEAD_FILE_NAMES, MEDIA_TYPES, ZErrorReply, ZFullReportQuery, ZLeadDateQuery, zFileReply } from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS, asDownload } from '../../auth/roles.ts';
import { sendCsv } from '../../http/csv-download.ts';
import { exportForDReport, exportFullReport } from './service.ts';
import { readBulkDb } from '../../http/reads.ts';

// A report can be hundreds of megabytes: the browser downloads it with a plain link (media token in ?token=),
// so it streams to disk instead of being held in memory as a blob.
const FAILURES = { 400: ZErrorReply, 404: ZErrorReply };

export async function leadReportRoutes(app: App) {
  // exposeHeadRoute: false, as a HEAD request would run the whole export only to throw the body away.
  app.get(
    '/api/file/generateCsv',
    {
      exposeHeadRoute: false,
      config: { ...asDownload(ADMINS), heavy: true },
      schema: {
        summary: "Download a data date's generated leads as CSV",
        description: "A heavy read (429 while the user's others run). See docs/guide/lead-reports.md.",
        querystring: ZLeadDateQuery,
        response: {
          200: zFileReply(MEDIA_TYPES.csv, `The day's leads to dial (${LEAD_FILE_NAMES.forD}), as a CSV download`),
          ...FAILURES,
        },
      },
    },
    async (req, reply) =>
      sendCsv(
        reply,
        LEAD_FILE_NAMES.forD,
        await exportForDReport(readBulkDb(req), req.query.tableName, req.query.dataDate, app.config.timeZone),
      ),
  );

  app.get(
    '/api/file/generateFullReportCsv',
    {
      exposeHeadRoute: false,
      config: { ...asDownload(ADMINS), heavy: true },
      schema: {
        summary: 'Download every lead of a date range, with its calls, as CSV',
        description: "A heavy read (429 while the user's others run). See docs/guide/lead-reports.md.",
        querystring: ZFullReportQuery,
        response: {
          200: zFileReply(MEDIA_TYPES.csv, `The leads with their answers (${LEAD_FILE_NAMES.full}), as a CSV download`),
          ...FAILURES,
        },
      },
    },
    async (req, reply) =>
      sendCsv(
        reply,
        LEAD_FILE_NAMES.full,
        await exportFullReport(readBulkDb(req), req.query.tableName, req.query, app.config.timeZone),
      ),
  );
}
