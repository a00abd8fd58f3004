// The agent panel (docs/product.md §7): lead lookup by number, the survey's save and its history, the call in progress kept as a
// draft and the caller's own calls, and the record of agent sign-ins.
import { z } from 'zod';
import {
  ZAgentSession,
  ZAgentSessionsQuery,
  ZAgentsOnline,
  ZCallDraftBody,
  ZCallDraftDeleted,
  ZCallDraftParams,
  ZCallDraftQuery,
  ZCallDraftSaved,
  ZDoNotCallBody,
  ZDoNotCallResult,
  ZErrorReply,
  ZRefusalReply,
  ZLeadAnswerHistory,
  ZLeadAnswerHistoryParams,
  ZLeadLookupQuery,
  ZLeadLookupResult,
  ZLeadSaveBody,
  ZLeadSaveParams,
  ZLeadSaveQuery,
  ZLeadSaveResult,
  ZMyCalls,
  ZMyShift,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS, SCORERS, CALLERS, EVERY_ROLE } from '../../auth/roles.ts';
import { currentUser } from '../../auth/guard.ts';
import { actorOf } from '../../auth/actor.ts';
import { deleteCallDraft, saveCallDraft } from './call-drafts.ts';
import { addCalledNumberToDnc } from './do-not-call.ts';
import { findLeadAnswerHistory } from './history.ts';
import { findLeadByNumber } from './lookup.ts';
import { findMyCalls } from './my-calls.ts';
import { findMyShift } from './my-shift.ts';
import { saveCallAndReport } from './end-call.ts';
import { findAgentSessions, findAgentsOnline } from './sessions.ts';

/** Agents work their own campaign's leads (the service checks which); admins and QC inspectors any. */
/** Those who open /CRM: agents (their own campaign's leads) and admins. A draft is only ever its caller's. */
const FAILURES = { 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };

export async function agentPanelRoutes(app: App) {
  app.get(
    '/api/ap/getByNumber',
    {
      config: EVERY_ROLE,
      // 409: the lead is in a full quota on a lead field (docs/guide/quotas.md); no survey is offered.
      schema: {
        summary: "Look up a lead by phone number for the agent's survey",
        description:
          "Answers the lead with its survey, or `{message: 'Lead is not generated'}`; for agents and admins it records the call's start. See docs/guide/crm.md.",
        querystring: ZLeadLookupQuery,
        response: {
          200: ZLeadLookupResult,
          409: ZRefusalReply,
          ...FAILURES,
          403: z.union([ZRefusalReply, ZErrorReply]),
        },
      },
      // The busiest route: its reply is built by toVersionedLead or is the fixed message, so it is written without
      // checking it against the schema again (that check took ~9% of the server's time under load).
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (req) =>
      findLeadByNumber(
        app.db,
        currentUser(req),
        req.query.tableName,
        req.query.cellNumber,
        app.config.phoneCountry,
        app.config.timeZone,
        { dialerCallId: req.query.dialerCallId, leadId: req.query.leadId },
      ),
  );

  app.put(
    '/dynamic/updateLeadData/:t/:cell',
    {
      config: EVERY_ROLE,
      // 409: ?version= is no longer the lead's (another save came in between); nothing was written. 400 with a code
      // (DISPOSITION_UNKNOWN, DISPOSITION_CONTRADICTS): the body's disposition is not the campaign's or does not fit the end.
      schema: {
        summary: "Save a lead's survey answers and end the call",
        description:
          "409 when `version` is stale; 503 with `code: 'save-outcome-unknown'` when the save may have been stored (retrying is safe). See docs/guide/crm.md.",
        params: ZLeadSaveParams,
        querystring: ZLeadSaveQuery,
        body: ZLeadSaveBody,
        response: { 200: ZLeadSaveResult, 409: ZRefusalReply, ...FAILURES },
      },
    },
    async (req) => {
      const target = {
        campaignName: req.params.t,
        cellNumber: req.params.cell,
        leadId: req.query.leadId,
        version: req.query.version,
      };
      // A dialer's call: its disposition goes back to VICIdial (docs/guide/call-loop.md, Screen pop); the save stands whatever it answers.
      return saveCallAndReport(app.db, app.config, currentUser(req), target, req.body, actorOf(req));
    },
  );

  // The QC panel's lead card shows who saved what and when.
  app.get(
    '/api/ap/answerHistory/:leadId',
    {
      config: SCORERS,
      schema: {
        summary: "List a lead's survey saves, newest first",
        params: ZLeadAnswerHistoryParams,
        response: { 200: ZLeadAnswerHistory, ...FAILURES },
      },
    },
    async (req) => findLeadAnswerHistory(app.db, req.params.leadId),
  );

  // Saved at each answer of a call in progress: one small upsert.
  app.put(
    '/api/ap/draft/:leadId',
    {
      config: CALLERS,
      schema: {
        summary: "Save the caller's draft of a lead's answers",
        params: ZCallDraftParams,
        querystring: ZCallDraftQuery,
        body: ZCallDraftBody,
        response: { 200: ZCallDraftSaved, ...FAILURES },
      },
    },
    async (req) => saveCallDraft(app.db, currentUser(req), req.query.tableName, req.params.leadId, req.body),
  );

  app.delete(
    '/api/ap/draft/:leadId',
    {
      config: CALLERS,
      schema: {
        summary: "Delete the caller's draft of a lead's answers",
        params: ZCallDraftParams,
        querystring: ZCallDraftQuery,
        response: { 200: ZCallDraftDeleted, ...FAILURES },
      },
    },
    async (req) => deleteCallDraft(app.db, currentUser(req), req.query.tableName, req.params.leadId),
  );

  // End of a call: "Customer asked not to be called" puts the lead's number on the campaign's do-not-call list.
  app.post(
    '/api/ap/doNotCall',
    {
      config: CALLERS,
      schema: {
        summary: "Put the number of the agent's lead on the campaign's do-not-call list",
        description:
          "Only a lead the agent is on a call with or ended in this sign-in; any other id gets the same 404. See docs/trust.md, An agent's leads.",
        body: ZDoNotCallBody,
        response: { 200: ZDoNotCallResult, ...FAILURES },
      },
    },
    async (req) => addCalledNumberToDnc(app.db, currentUser(req), req.body, actorOf(req)),
  );

  app.get(
    '/api/ap/myCalls',
    {
      config: CALLERS,
      schema: {
        summary: "List the caller's drafts, unfinished and recent calls",
        querystring: ZCallDraftQuery,
        response: { 200: ZMyCalls, ...FAILURES },
      },
    },
    async (req) => findMyCalls(app.db, currentUser(req), req.query.tableName, app.config.timeZone),
  );

  // The idle screen's figures of the caller's own shift (docs/guide/call-loop.md, The agent's shift).
  app.get(
    '/api/ap/myShift',
    { config: CALLERS, schema: { summary: "Show the caller's shift figures", response: { 200: ZMyShift } } },
    async (req) => findMyShift(app.db, currentUser(req), app.config.timeZone),
  );

  app.get(
    '/api/agentSessions/online',
    {
      config: ADMINS,
      schema: { summary: 'List the agents signed in now, by shift', response: { 200: ZAgentsOnline } },
    },
    async () => findAgentsOnline(app.db),
  );

  app.get(
    '/api/agentSessions',
    {
      config: ADMINS,
      schema: {
        summary: "List a day's agent sign-ins",
        querystring: ZAgentSessionsQuery,
        response: { 200: z.array(ZAgentSession) },
      },
    },
    async (req) => findAgentSessions(app.db, req.query.date, app.config.timeZone),
  );
}
