// Lead CSV upload, its progress, and the upload template (docs/product.md §7 /api/file). Admin only.
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  MEDIA_TYPES,
  ZErrorReply,
  ZImportIdParams,
  ZImportProgress,
  ZLeadTableQuery,
  ZLeadUploadRejected,
  ZLeadUploadResult,
  ZUploadQuery,
  zFileReply,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS } from '../../auth/roles.ts';
import { actorOf } from '../../auth/actor.ts';
import { failAbandonedImports, findImportProgress, SWEEP_INTERVAL_MS } from './import-progress.ts';
import { importLeads } from './lead-import.ts';
import { attachmentHeader, findLeadTemplate } from './lead-template.ts';
import { leadMultipartLimits, readLeadFilePart } from './lead-upload.ts';

export async function leadImportRoutes(app: App) {
  // Registered here, not globally: only this plugin's routes take multipart bodies, with the lead file's size limit.
  await app.register(multipart, { limits: leadMultipartLimits(app.config.leadUploadMaxMb) });

  // Uploads a stopped server (or a lost database connection) left 'running' end as failed: nothing of them was stored.
  const sweep = async () => {
    const failed = await failAbandonedImports(app.bulkDb);
    if (failed > 0)
      app.log.warn(
        `${failed} lead upload(s) were cut off when the server stopped or lost its database; marked failed (nothing of them was stored).`,
      );
  };
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    // While the database is away the sweep fails quietly: the outage is logged once, by the database watch.
    sweeper = setInterval(() => void sweep().catch(() => undefined), SWEEP_INTERVAL_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));

  app.post(
    '/api/file/uploadCsv',
    {
      config: ADMINS,
      schema: {
        summary: "Upload a campaign's leads from a CSV file",
        description:
          'Multipart `file`; 400 `{message, rowsRead, errorCount, errors}` with nothing stored; 429 when too many uploads run. See docs/guide/lead-import.md.',
        querystring: ZUploadQuery,
        response: {
          200: ZLeadUploadResult,
          400: z.union([ZLeadUploadRejected, ZErrorReply]),
          404: ZErrorReply,
          409: ZErrorReply,
          413: ZErrorReply,
          429: ZErrorReply,
        },
      },
    },
    async (req, reply) => {
      const part = await readLeadFilePart(req, req.query.tableName, app.config.leadUploadMaxMb, app.config.dataDir);
      try {
        const outcome = await importLeads(
          app.bulkDb,
          { ...part, importId: req.query.importId, actor: actorOf(req) },
          app.config.phoneCountry,
        );
        return outcome.ok ? outcome.result : reply.code(400).send(outcome.rejection);
      } finally {
        // A file the import never read (an unknown campaign, a busy server) is let go: a kept file is deleted with it.
        await part.release();
      }
    },
  );

  app.get(
    '/api/file/uploadStatus/:importId',
    {
      config: ADMINS,
      schema: {
        summary: "Show a lead upload's progress",
        params: ZImportIdParams,
        response: { 200: ZImportProgress, 404: ZErrorReply },
      },
    },
    async (req) => findImportProgress(app.db, req.params.importId),
  );

  app.get(
    '/api/file/download/columns/csv',
    {
      config: ADMINS,
      schema: {
        summary: "Download a campaign's lead CSV template",
        querystring: ZLeadTableQuery,
        response: {
          200: zFileReply(MEDIA_TYPES.csv, 'The upload template of the data table: its columns, as a CSV download'),
          404: ZErrorReply,
        },
      },
    },
    async (req, reply) => {
      const template = await findLeadTemplate(app.db, req.query.tableName);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(template.fileName))
        .send(template.csv);
    },
  );
}
