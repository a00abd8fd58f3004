// Routes of the do-not-call lists (docs/guide/dnc.md); admins only.
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  LEAD_MESSAGES,
  ZDncAdd,
  ZDncCounts,
  ZDncEntry,
  ZDncIdParams,
  ZDncListQuery,
  ZDncUploadQuery,
  ZDncUploadRejected,
  ZDncUploadResult,
  ZErrorReply,
  ZNoContent,
  ZPageParams,
  zPaged,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS } from '../../auth/roles.ts';
import { badRequest } from '../../http/errors.ts';
import { actorOf } from '../../auth/actor.ts';
import { addDncNumber, countDncLists, findDncPage, removeDncNumber } from './service.ts';
import { uploadDncFile } from './upload.ts';

/** A do-not-call file is a column of numbers: 20 MB is about a million of them. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

export async function dncRoutes(app: App) {
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get(
    '/api/dnc/pagination/:page/:size',
    {
      config: ADMINS,
      schema: {
        summary: 'List do-not-call numbers a page at a time, newest first',
        description: '404 for an unknown campaign. See docs/guide/dnc.md.',
        params: ZPageParams,
        querystring: ZDncListQuery,
        response: { 200: zPaged(ZDncEntry), 404: ZErrorReply },
      },
    },
    async (req) => findDncPage(app.db, req.query, req.params, app.config.timeZone, app.config.phoneCountry),
  );

  app.get(
    '/api/dnc/counts',
    {
      config: ADMINS,
      schema: { summary: 'Count the numbers on each do-not-call list', response: { 200: ZDncCounts } },
    },
    async () => countDncLists(app.db),
  );

  app.post(
    '/api/dnc',
    {
      config: ADMINS,
      schema: {
        summary: "Put a number on the system or a campaign's do-not-call list",
        description:
          '400 for a value that is not a phone number, 409 when already listed, 404 for an unknown campaign. See docs/guide/dnc.md.',
        body: ZDncAdd,
        response: { 200: ZDncEntry, 400: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply },
      },
    },
    async (req) => addDncNumber(app.db, req.body, actorOf(req), app.config.phoneCountry, app.config.timeZone),
  );

  app.delete(
    '/api/dnc/:id',
    {
      config: ADMINS,
      schema: {
        summary: 'Take a number off a do-not-call list',
        params: ZDncIdParams,
        response: { 204: ZNoContent, 404: ZErrorReply },
      },
    },
    async (req, reply) => {
      await removeDncNumber(app.db, req.params.id, actorOf(req));
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/dnc/upload',
    {
      config: ADMINS,
      schema: {
        summary: 'Put numbers on a do-not-call list from a CSV file',
        description: "400 with the rows' errors and nothing stored. See docs/guide/dnc.md.",
        querystring: ZDncUploadQuery,
        response: {
          200: ZDncUploadResult,
          400: z.union([ZDncUploadRejected, ZErrorReply]),
          404: ZErrorReply,
          413: ZErrorReply,
        },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart())
        throw badRequest(`${LEAD_MESSAGES.uploadMissing}: send the CSV as multipart/form-data in the field "file".`);
      const part = await req.file();
      if (!part || part.fieldname !== 'file') throw badRequest(LEAD_MESSAGES.uploadMissing);
      if (!/\.csv$/i.test(part.filename)) {
        part.file.resume();
        throw badRequest('Only CSV files (.csv) can be uploaded.');
      }
      try {
        const outcome = await uploadDncFile(
          app.db,
          part.file,
          req.query.campaignName,
          actorOf(req),
          app.config.phoneCountry,
          () => part.file.truncated,
        );
        return outcome.ok ? outcome.result : reply.code(400).send(outcome.rejection);
      } finally {
        // A file never read (an unknown campaign) is let go.
        part.file.destroy();
      }
    },
  );
}
