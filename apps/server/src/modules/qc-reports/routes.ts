// QC reports (docs/product.md §2 QC Reports; §7 the report calls): xlsx exports and the JSON summaries. Inspectors and admins;
// an inspector's reports hold its own records only.
import { finished, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  MEDIA_TYPES,
  QC_EXPORTS,
  ZAgentPerformanceSummary,
  ZAgentSummary,
  ZErrorReply,
  ZGradeCount,
  ZQcCallDateQuery,
  ZQcDateQuery,
  ZQcRangeQuery,
  zFileReply,
  type TQcKind,
  type TRole,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { SCORERS, asDownload } from '../../auth/roles.ts';
import { classifyDatabaseError } from '../../db/pg-errors.ts';
import { currentUser } from '../../auth/guard.ts';
import { ZQcPrintRow } from './record-columns.ts';
import { exportQcRecords, listQcPrintRows, listQcRecordDates } from './records.ts';
import { countQcGrades, listAgentSummaries, summariseQcRange } from './summaries.ts';
import { exportDailySummary, exportMonthlySummary } from './summary-exports.ts';
import { readBulkDb, readDb } from '../../http/reads.ts';
import { CLIENT_QC_READERS } from '../clients/scope.ts';
import { replyCapped } from '../../http/capped-list.ts';

// The files download through a plain link (media token in ?token=), straight to disk instead of a blob in memory.
const FAILURES = { 400: ZErrorReply, 403: ZErrorReply };

/** Sends an xlsx stream as a download. Once its headers are out a failure can only cut the download short: it is logged. */
function sendXlsx(reply: FastifyReply, { fileName, file }: { fileName: string; file: Readable }) {
  finished(file, (err) => {
    if (!err) return;
    const code = 'code' in err ? err.code : undefined;
    if (code === 'ERR_STREAM_PREMATURE_CLOSE' || err.name === 'AbortError')
      reply.log.info({ fileName }, 'QC report download ended by the client');
    else if (code === 'ERR_XLSX_READER_STALLED')
      reply.log.warn({ fileName, reason: err.message }, 'QC report download stopped: the client stopped reading');
    else if (classifyDatabaseError(err) !== undefined)
      reply.log.warn(
        { fileName, failure: err.message },
        'QC report download cut short: the database failed while it streamed',
      );
    else reply.log.error({ err, fileName }, 'QC report failed while streaming');
  });
  return (
    reply
      .header('content-type', MEDIA_TYPES.xlsx)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      // QC records name agents and customers: no cache keeps a copy.
      .header('cache-control', 'no-store')
      .send(file)
  );
}

// The kind names the older paths: unique-dates-download-reports-in-house, get-all-qc-records-client-for-excel-print.
const KINDS: { kind: TQcKind; exportPath: string }[] = [
  { kind: 'in-house', exportPath: QC_EXPORTS.inHouse.path },
  { kind: 'client', exportPath: QC_EXPORTS.client.path },
];

export async function qcReportRoutes(app: App) {
  for (const { kind, exportPath } of KINDS) {
    // The client kind's dates, print rows and file: client accounts too, over their campaigns (docs/guide/clients.md).
    const readers: { roles: readonly TRole[] } = kind === 'client' ? CLIENT_QC_READERS : SCORERS;
    app.get(
      `/api/qcReport/unique-dates-download-reports-${kind}`,
      {
        config: readers,
        schema: { summary: `List the call dates that have ${kind} QC records`, response: { 200: z.array(z.string()) } },
      },
      async (req) => listQcRecordDates(readDb(req), currentUser(req), kind),
    );

    app.get(
      `/api/qcReport/get-all-qc-records-${kind}-for-excel-print`,
      {
        config: { ...readers, heavy: true },
        schema: {
          summary: `List a day's ${kind} QC records for printing`,
          description: 'A heavy read; at most 5,000 (docs/api.md, Capped lists).',
          querystring: ZQcDateQuery,
          response: { 200: z.array(ZQcPrintRow), ...FAILURES },
        },
      },
      async (req, reply) =>
        replyCapped(reply, await listQcPrintRows(readDb(req), currentUser(req), kind, req.query.date)),
    );

    // exposeHeadRoute: false, as a HEAD request would run the whole export only to throw the body away.
    app.get(
      exportPath,
      {
        exposeHeadRoute: false,
        config: { ...asDownload(readers), heavy: true },
        schema: {
          summary: `Download a day's ${kind} QC records as xlsx`,
          description: 'A heavy read. See docs/guide/qc-reports.md.',
          querystring: ZQcDateQuery,
          response: {
            200: zFileReply(MEDIA_TYPES.xlsx, `The day's ${kind} QC records, as an xlsx download`, { binary: true }),
            ...FAILURES,
          },
        },
      },
      async (req, reply) =>
        sendXlsx(reply, await exportQcRecords(readBulkDb(req), currentUser(req), kind, req.query.date)),
    );
  }

  app.get(
    '/api/qcReport/qc-report/summary',
    {
      config: SCORERS,
      schema: {
        summary: "Summarise a call date's QC records per agent",
        querystring: ZQcCallDateQuery,
        response: { 200: z.array(ZAgentSummary), ...FAILURES },
      },
    },
    async (req) => listAgentSummaries(readDb(req), currentUser(req), req.query.callDate),
  );

  app.get(
    '/api/qcReport/date-range-summary',
    {
      config: { ...SCORERS, heavy: true },
      schema: {
        summary: "Summarise each agent's QC averages over a date range",
        querystring: ZQcRangeQuery,
        response: { 200: z.array(ZAgentPerformanceSummary), ...FAILURES },
      },
    },
    async (req) => summariseQcRange(readDb(req), currentUser(req), req.query),
  );

  app.get(
    '/api/qcReport/grade-distribution',
    {
      config: SCORERS,
      schema: {
        summary: "Count a day's QC records by grade",
        querystring: ZQcDateQuery,
        response: { 200: z.array(ZGradeCount), ...FAILURES },
      },
    },
    async (req) => countQcGrades(readDb(req), currentUser(req), req.query.date),
  );

  app.get(
    QC_EXPORTS.dailySummary.path,
    {
      exposeHeadRoute: false,
      config: { ...asDownload(SCORERS), heavy: true },
      schema: {
        summary: "Download a day's QC summary per agent as xlsx",
        description: 'A heavy read. See docs/guide/qc-reports.md.',
        querystring: ZQcDateQuery,
        response: {
          200: zFileReply(MEDIA_TYPES.xlsx, "The day's summary per agent, as an xlsx download", { binary: true }),
          ...FAILURES,
        },
      },
    },
    async (req, reply) => sendXlsx(reply, await exportDailySummary(readBulkDb(req), currentUser(req), req.query.date)),
  );

  app.get(
    QC_EXPORTS.monthlySummary.path,
    {
      exposeHeadRoute: false,
      config: { ...asDownload(SCORERS), heavy: true },
      schema: {
        summary: "Download a date range's QC performance summary as xlsx",
        description: 'A heavy read. See docs/guide/qc-reports.md.',
        querystring: ZQcRangeQuery,
        response: {
          200: zFileReply(MEDIA_TYPES.xlsx, 'The performance summary of a date range, as an xlsx download', {
            binary: true,
          }),
          ...FAILURES,
        },
      },
    },
    async (req, reply) => sendXlsx(reply, await exportMonthlySummary(readBulkDb(req), currentUser(req), req.query)),
  );
}
