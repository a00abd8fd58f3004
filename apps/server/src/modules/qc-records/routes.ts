// The QC loop's agent side of a scored record (docs/qc-records.md): comments on the recording, acknowledgements.
import { z } from 'zod';
import {
  ZAcknowledgementSettings,
  ZAcknowledgementSettingsQuery,
  ZAcknowledgementSettingsUpdate,
  ZErrorReply,
  ZQcRecordAcknowledge,
  ZQcRecordAcknowledgement,
  ZQcRecordComment,
  ZQcRecordCommentCreate,
  ZQcRecordCommentParams,
  ZQcRecordComments,
  ZQcRecordIdParams,
  ZRefusalReply,
  ZUnacknowledgedPage,
  ZUnacknowledgedQuery,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS, AGENTS, EVERY_ROLE, SCORERS } from '../../auth/roles.ts';
import { currentUser } from '../../auth/guard.ts';
import { actorOf } from '../../auth/actor.ts';
import { addQcRecordComment, deleteQcRecordComment, listQcRecordComments } from './comments.ts';
import { acknowledgeQcRecord, listUnacknowledged, notifyOverdueAcknowledgements } from './acknowledgements.ts';
import { findAcknowledgementSettings, updateAcknowledgementSettings } from './settings.ts';

const FAILURES = { 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };
/** How often the server looks for overdue acknowledgements to tell their inspectors of. */
export const OVERDUE_CHECK_MS = 10 * 60 * 1000;

export async function qcRecordRoutes(app: App) {
  // The overdue check: once when the server is ready, then every OVERDUE_CHECK_MS. While the database is away it fails
  // quietly (the outage is logged once, by the database watch); the next pass tells what this one could not.
  const check = () =>
    void notifyOverdueAcknowledgements(app.db).catch((e: unknown) =>
      app.log.debug({ err: e }, 'overdue acknowledgement check failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    check();
    timer = setInterval(check, OVERDUE_CHECK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  app.get(
    '/api/qc-records/:id/comments',
    {
      config: EVERY_ROLE,
      schema: {
        summary: "List a QC record's comments (timeline and criteria)",
        description: 'Its inspector, its agent (in-house records) or an admin. See docs/qc-records.md.',
        params: ZQcRecordIdParams,
        response: { 200: ZQcRecordComments, ...FAILURES },
      },
    },
    async (req) => listQcRecordComments(app.db, currentUser(req), req.params.id),
  );

  app.post(
    '/api/qc-records/:id/comments',
    {
      config: SCORERS,
      schema: {
        summary: 'Comment on a moment of the recording or a criterion of a QC record',
        description:
          "The record's inspector or an admin. A moment past the recording or a key not of the record's scorecard is 400 INVALID_VALUE. See docs/qc-records.md.",
        params: ZQcRecordIdParams,
        body: ZQcRecordCommentCreate,
        response: {
          200: ZQcRecordComment,
          400: z.union([ZRefusalReply, ZErrorReply]),
          403: ZErrorReply,
          404: ZErrorReply,
        },
      },
    },
    async (req) => addQcRecordComment(app.db, currentUser(req), req.params.id, req.body, actorOf(req)),
  );

  app.delete(
    '/api/qc-records/:id/comments/:commentId',
    {
      config: SCORERS,
      schema: {
        summary: 'Delete a comment of a QC record',
        description: "The record's inspector or an admin, whoever wrote it. See docs/qc-records.md.",
        params: ZQcRecordCommentParams,
        response: { 200: z.object({ message: z.string() }), ...FAILURES },
      },
    },
    async (req) => deleteQcRecordComment(app.db, currentUser(req), req.params.id, req.params.commentId, actorOf(req)),
  );

  app.post(
    '/api/qc-records/:id/acknowledge',
    {
      config: AGENTS,
      schema: {
        summary: 'Acknowledge one of your QC records (a sign-off)',
        description: 'The agent scored on the in-house record, once (409 after). See docs/qc-records.md.',
        params: ZQcRecordIdParams,
        body: ZQcRecordAcknowledge,
        response: { 200: ZQcRecordAcknowledgement, 409: ZErrorReply, ...FAILURES },
      },
    },
    async (req) =>
      acknowledgeQcRecord(app.db, currentUser(req), req.params.id, req.body, actorOf(req), app.config.timeZone),
  );

  app.get(
    '/api/qc-records/unacknowledged',
    {
      config: SCORERS,
      schema: {
        summary: 'List the QC records whose acknowledgement is overdue',
        description:
          'Inspectors the records they scored, admins all; the most recently due first. See docs/qc-records.md.',
        querystring: ZUnacknowledgedQuery,
        response: { 200: ZUnacknowledgedPage, ...FAILURES },
      },
    },
    async (req) => listUnacknowledged(app.db, currentUser(req), req.query),
  );

  app.get(
    '/api/qc-records/settings',
    {
      config: ADMINS,
      schema: {
        summary: "Show a campaign's acknowledgement window",
        querystring: ZAcknowledgementSettingsQuery,
        response: { 200: ZAcknowledgementSettings, ...FAILURES },
      },
    },
    async (req) => findAcknowledgementSettings(app.db, req.query.campaignName),
  );

  app.put(
    '/api/qc-records/settings',
    {
      config: ADMINS,
      schema: {
        summary: "Set a campaign's acknowledgement window",
        querystring: ZAcknowledgementSettingsQuery,
        body: ZAcknowledgementSettingsUpdate,
        response: { 200: ZAcknowledgementSettings, ...FAILURES },
      },
    },
    async (req) =>
      updateAcknowledgementSettings(app.db, currentUser(req), req.query.campaignName, req.body, actorOf(req)),
  );
}
