// The audit log's routes (docs/guide/audit.md): the /audit screen's pages and CSV export (admins), and a QC record's
// history on its edit page (admins and the record's inspector).
import {
  MEDIA_TYPES,
  ZAuditEntry,
  ZAuditHistory,
  ZAuditQuery,
  ZErrorReply,
  ZPageParams,
  ZQcIdParams,
  zFileReply,
  zPaged,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS, SCORERS, asDownload } from '../../auth/roles.ts';
import { currentUser } from '../../auth/guard.ts';
import { sendCsv } from '../../http/csv-download.ts';
import { exportAuditLog } from './export.ts';
import { findAuditPage, findQcRecordHistory } from './service.ts';

// The export downloads through a plain link (media token in ?token=), straight to disk instead of a blob in memory.
const FAILURES = { 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };

export async function auditRoutes(app: App) {
  app.get(
    '/api/audit/pagination/:page/:size',
    {
      config: ADMINS,
      schema: {
        summary: 'List audit log entries, filtered, a page at a time',
        description: 'See docs/guide/audit.md.',
        params: ZPageParams,
        querystring: ZAuditQuery,
        response: { 200: zPaged(ZAuditEntry), ...FAILURES },
      },
    },
    async (req) => findAuditPage(app.db, req.query, req.params, app.config.timeZone),
  );

  // exposeHeadRoute: false, as a HEAD request would run the whole export only to throw the body away.
  app.get(
    '/api/audit/export',
    {
      exposeHeadRoute: false,
      config: { ...asDownload(ADMINS), heavy: true },
      schema: {
        summary: 'Download the filtered audit log as CSV',
        description: 'A heavy read. See docs/guide/audit.md.',
        querystring: ZAuditQuery,
        response: {
          200: zFileReply(MEDIA_TYPES.csv, 'The audit entries the filters select, as a CSV download'),
          ...FAILURES,
        },
      },
    },
    async (req, reply) => {
      const { fileName, csv } = await exportAuditLog(app.bulkDb, req.query, app.config.timeZone);
      return sendCsv(reply, fileName, csv, 'audit export');
    },
  );

  app.get(
    '/api/audit/qcRecord/:id',
    {
      config: SCORERS,
      schema: {
        summary: "List a QC record's audit entries, oldest first",
        description: "Admins and the record's inspector; inspectors do not see addresses.",
        params: ZQcIdParams,
        response: { 200: ZAuditHistory, ...FAILURES },
      },
    },
    async (req) => findQcRecordHistory(app.db, currentUser(req), req.params.id),
  );
}
