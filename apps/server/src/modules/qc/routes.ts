// QC records, their recordings and the agents' reviews (docs/product.md §7 QC). Inspectors and admins score; agents review.
import { z } from 'zod';
import {
  ZAgentQcRecord,
  ZAgentQcRecordPage,
  ZAgentQcRecordsQuery,
  ZAgentReview,
  ZAgentReviewResolve,
  ZAgentReviewSubmit,
  ZErrorReply,
  ZRefusalReply,
  ZQcClientRecord,
  ZQcClientRecordCreate,
  ZQcClientRecordEdit,
  ZQcClientRecordPage,
  ZQcIdParams,
  ZQcListParams,
  ZQcListQuery,
  ZQcRecord,
  ZQcRecordCreate,
  ZQcRecordEdit,
  ZQcRecordEditReply,
  ZQcRecordFile,
  ZQcRecordFileCreate,
  ZQcRecordPage,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { SCORERS, CALLERS, AGENTS, EVERY_ROLE } from '../../auth/roles.ts';
import { actorOf } from '../../auth/actor.ts';
import { currentUser } from '../../auth/guard.ts';
import { UpstreamError } from '../voicelog/proxy.ts';
import { addQcRecordFile, listQcRecordFiles } from './files.ts';
import { listQcRecords, listScorableAgents } from './list.ts';
import { createQcRecord, deleteQcRecord, editQcRecord, findQcRecord } from './records.ts';
import {
  listAgentQcRecords,
  listOpenReviews,
  pageAgentQcRecords,
  resolveAgentReview,
  submitAgentReview,
  wantsAgentQcPage,
} from './reviews.ts';
import { readDb } from '../../http/reads.ts';
import { CLIENT_QC_READERS } from '../clients/scope.ts';
import { replyCapped } from '../../http/capped-list.ts';

const FAILURES = { 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };
const ZMessage = z.object({ message: z.string() });
const ZScorableAgent = z.object({ agentId: z.string(), name: z.string() });

export async function qcRoutes(app: App) {
  const country = app.config.phoneCountry;
  // A link is checked against the voice log: RECORDINGS_DIR, or the external server at VOICE_LOG_URL.
  const { voiceLog } = app.recordingChecks;

  app.post(
    '/api/qcReport/add',
    {
      config: SCORERS,
      schema: {
        summary: 'Add an in-house QC record',
        body: ZQcRecordCreate,
        response: { 200: ZQcRecord, ...FAILURES },
      },
    },
    async (req) => createQcRecord(app.db, currentUser(req), 'in-house', req.body, country, actorOf(req)),
  );

  app.post(
    '/api/qcReport/addforclient',
    {
      config: SCORERS,
      schema: {
        summary: 'Add a client QC record',
        body: ZQcClientRecordCreate,
        response: { 200: ZQcClientRecord, ...FAILURES },
      },
    },
    async (req) => createQcRecord(app.db, currentUser(req), 'client', req.body, country, actorOf(req)),
  );

  // The lists, with ?page=&size= or the older /{page}/{size}.
  app.get(
    '/api/qcReport/getqcreportbyqcinspector',
    {
      config: SCORERS,
      schema: {
        summary: 'List in-house QC records, newest call first, a page at a time',
        description: 'By page number or by key (`after`, `before`, `last`, `from`). See docs/api.md, Pages.',
        querystring: ZQcListQuery,
        response: { 200: ZQcRecordPage, ...FAILURES },
      },
    },
    async (req) => listQcRecords(readDb(req), currentUser(req), 'in-house', req.query),
  );
  app.get(
    '/api/qcReport/getqcreportbyqcinspector/:page/:size',
    {
      config: SCORERS,
      schema: {
        summary: 'List in-house QC records by page number (older path)',
        params: ZQcListParams,
        querystring: ZQcListQuery,
        response: { 200: ZQcRecordPage, ...FAILURES },
      },
    },
    async (req) => listQcRecords(readDb(req), currentUser(req), 'in-house', { ...req.query, ...req.params }),
  );
  app.get(
    '/api/qcReport/getQcRecordsClientViewByQcInspector',
    {
      config: CLIENT_QC_READERS,
      schema: {
        summary: 'List client QC records, newest call first, a page at a time',
        description:
          "By page number or by key (`after`, `before`, `last`, `from`). See docs/api.md, Pages. A client account: its campaigns' records, numbers masked (docs/guide/clients.md).",
        querystring: ZQcListQuery,
        response: { 200: ZQcClientRecordPage, ...FAILURES },
      },
    },
    async (req) => listQcRecords(readDb(req), currentUser(req), 'client', req.query),
  );
  app.get(
    '/api/qcReport/getQcRecordsClientViewByQcInspector/:page/:size',
    {
      config: CLIENT_QC_READERS,
      schema: {
        summary: 'List client QC records by page number (older path)',
        params: ZQcListParams,
        querystring: ZQcListQuery,
        response: { 200: ZQcClientRecordPage, ...FAILURES },
      },
    },
    async (req) => listQcRecords(readDb(req), currentUser(req), 'client', { ...req.query, ...req.params }),
  );

  app.get(
    '/api/qcReport/getqc/:id',
    {
      config: SCORERS,
      schema: { summary: 'Get an in-house QC record', params: ZQcIdParams, response: { 200: ZQcRecord, ...FAILURES } },
    },
    async (req) => findQcRecord(app.db, currentUser(req), 'in-house', req.params.id),
  );
  app.get(
    '/api/qcReport/getClientQc/:id',
    {
      config: SCORERS,
      schema: {
        summary: 'Get a client QC record',
        params: ZQcIdParams,
        response: { 200: ZQcClientRecord, ...FAILURES },
      },
    },
    async (req) => findQcRecord(app.db, currentUser(req), 'client', req.params.id),
  );

  app.put(
    '/api/qcReport/editqc',
    {
      config: SCORERS,
      schema: {
        summary: "Change an in-house QC record's marks",
        description:
          '409 when `version` is stale; the total and grade sent are ignored. Audited. With `applyToClient` and `clientVersion`, the fields changed are applied to the client record of the call too (`appliedToClient`), or nothing is saved (409 CLIENT_RECORD_CHANGED).',
        body: ZQcRecordEdit,
        response: { 200: ZQcRecordEditReply, ...FAILURES, 409: ZRefusalReply },
      },
    },
    async (req) => editQcRecord(app.db, currentUser(req), 'in-house', req.body, actorOf(req), app.config.timeZone),
  );
  app.put(
    '/api/qcReport/edit-Client-Qc',
    {
      config: SCORERS,
      schema: {
        summary: "Change a client QC record's marks",
        description: '409 when `version` is stale; the total and grade sent are ignored. Audited.',
        body: ZQcClientRecordEdit,
        response: { 200: ZQcClientRecord, ...FAILURES, 409: ZRefusalReply },
      },
    },
    async (req) => editQcRecord(app.db, currentUser(req), 'client', req.body, actorOf(req), app.config.timeZone),
  );

  app.delete(
    '/api/qcReport/deleteQc/:id',
    {
      config: SCORERS,
      schema: {
        summary: 'Delete an in-house QC record',
        params: ZQcIdParams,
        response: { 200: ZMessage, ...FAILURES },
      },
    },
    async (req) => deleteQcRecord(app.db, currentUser(req), 'in-house', req.params.id, actorOf(req)),
  );
  app.delete(
    '/api/qcReport/deleteClientQc/:id',
    {
      config: SCORERS,
      schema: { summary: 'Delete a client QC record', params: ZQcIdParams, response: { 200: ZMessage, ...FAILURES } },
    },
    async (req) => deleteQcRecord(app.db, currentUser(req), 'client', req.params.id, actorOf(req)),
  );

  app.post(
    '/api/qcReport/add-qc-report-file',
    {
      config: SCORERS,
      schema: {
        summary: 'Link a recording to a QC record',
        body: ZQcRecordFileCreate,
        response: { 200: ZQcRecordFile, ...FAILURES },
      },
      // The external voice-log server failing is a 502 with what went wrong, as on the voice-log calls.
      // A route's errorHandler is typed to return nothing (the reply, a thenable, would read as a promise).
      errorHandler: (error, _req, reply) => {
        if (!(error instanceof UpstreamError)) throw error;
        reply.code(502).send({ message: error.message });
      },
    },
    async (req) => addQcRecordFile({ db: app.db, voiceLog, country }, currentUser(req), req.body, actorOf(req)),
  );
  app.get(
    '/api/qcReport/all-qc-report-file',
    {
      config: EVERY_ROLE,
      schema: {
        summary: 'List the recording links the caller may see',
        description: 'The newest 1,000, with `X-Total-Count` (docs/api.md, Capped lists).',
        response: { 200: z.array(ZQcRecordFile) },
      },
    },
    async (req, reply) => replyCapped(reply, await listQcRecordFiles(app.db, currentUser(req))),
  );

  app.get(
    '/api/qcReport/agents',
    {
      config: SCORERS,
      schema: { summary: 'List the agents the caller can score', response: { 200: z.array(ZScorableAgent) } },
    },
    async () => listScorableAgents(app.db),
  );

  // Reviews: agents write them on their own records; inspectors resolve those on theirs.
  app.get(
    '/api/qcReport/list-of-qc-records-by-agent-id',
    {
      config: { ...CALLERS, heavy: true },
      schema: {
        summary: "List an agent's QC records with their reviews",
        description:
          'Agents their own, admins any; newest call first. With size, after, before or last a keyset page (docs/api.md, Pages), else the newest 1,000 (Capped lists). See docs/qc-records.md.',
        querystring: ZAgentQcRecordsQuery,
        response: { 200: z.union([z.array(ZAgentQcRecord), ZAgentQcRecordPage]), ...FAILURES },
      },
    },
    async (req, reply) =>
      wantsAgentQcPage(req.query)
        ? pageAgentQcRecords(app.db, currentUser(req), req.query)
        : replyCapped(reply, await listAgentQcRecords(app.db, currentUser(req), req.query)),
  );
  app.post(
    '/api/qcReport/submit',
    {
      config: AGENTS,
      schema: {
        summary: "Review one's QC record: agree, or raise a concern",
        body: ZAgentReviewSubmit,
        response: { 200: ZAgentReview, 409: ZErrorReply, ...FAILURES },
      },
    },
    async (req) => submitAgentReview(app.db, currentUser(req), req.body),
  );
  app.get(
    '/api/qcReport/get-agent-reviews',
    {
      config: SCORERS,
      schema: {
        summary: 'List the open agent reviews',
        description: 'The oldest 1,000 unresolved (docs/api.md, Capped lists).',
        response: { 200: z.array(ZAgentReview) },
      },
    },
    async (req, reply) => replyCapped(reply, await listOpenReviews(app.db, currentUser(req))),
  );
  app.put(
    '/api/qcReport/agent-review/:id',
    {
      config: SCORERS,
      schema: {
        summary: "Resolve an agent's review",
        params: ZQcIdParams,
        body: ZAgentReviewResolve,
        response: { 200: ZAgentReview, ...FAILURES },
      },
    },
    async (req) => resolveAgentReview(app.db, currentUser(req), req.params.id, req.body, actorOf(req)),
  );
}
