// Routes of disputes per criterion (docs/guide/disputes.md): agents raise and escalate, the record's inspector (or an
// admin) answers, admins decide escalated ones and keep the settings.
import {
  ZDispute,
  ZDisputableCriteria,
  ZDisputeAnswer,
  ZDisputeEscalate,
  ZDisputeFigures,
  ZDisputeFiguresQuery,
  ZDisputeIdParams,
  ZDisputeListQuery,
  ZDisputePage,
  ZDisputeRaise,
  ZDisputeSettings,
  ZDisputeSettingsUpdate,
  ZErrorReply,
  ZPageParams,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS, AGENTS, EVERY_ROLE, SCORERS } from '../../auth/roles.ts';
import { currentUser } from '../../auth/guard.ts';
import { actorOf } from '../../auth/actor.ts';
import { findDisputeFigures } from './figures.ts';
import { listDisputes } from './list.ts';
import { answerDispute, decideDispute, escalateDispute } from './outcomes.ts';
import { raiseDispute } from './raise.ts';
import { findDisputableCriteria } from './scale.ts';
import { findDisputeSettings, updateDisputeSettings } from './settings.ts';

const FAILURES = { 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };

export async function disputeRoutes(app: App) {
  app.post(
    '/api/disputes',
    {
      config: AGENTS,
      schema: {
        summary: "Dispute a QC record's marks",
        description: "The record's agent, within the dispute window. See docs/guide/disputes.md.",
        body: ZDisputeRaise,
        response: { 200: ZDispute, ...FAILURES },
      },
    },
    async (req) => raiseDispute(app.db, currentUser(req), req.body, actorOf(req), app.config.timeZone),
  );

  app.get(
    '/api/disputes/criteria/:id',
    {
      config: EVERY_ROLE,
      schema: {
        summary: "List a QC record's criteria to dispute, with their scales",
        description:
          "The criteria of the in-house record's own scorecard version, each with its choices and the record's choice: its agent, its inspector or an admin. See docs/scorecards.md.",
        params: ZDisputeIdParams,
        response: { 200: ZDisputableCriteria, ...FAILURES },
      },
    },
    async (req) => findDisputableCriteria(app.db, currentUser(req), req.params.id),
  );

  app.put(
    '/api/disputes/:id/answer',
    {
      config: SCORERS,
      schema: {
        summary: 'Answer a dispute, criterion by criterion',
        description: "The record's inspector or an admin; a second answer is 409. See docs/guide/disputes.md.",
        params: ZDisputeIdParams,
        body: ZDisputeAnswer,
        response: { 200: ZDispute, ...FAILURES },
      },
    },
    async (req) => answerDispute(app.db, currentUser(req), req.params.id, req.body, actorOf(req)),
  );

  app.post(
    '/api/disputes/:id/escalate',
    {
      config: AGENTS,
      schema: {
        summary: 'Escalate a dispute to an admin',
        description: 'The agent, once, when a criterion was rejected. See docs/guide/disputes.md.',
        params: ZDisputeIdParams,
        body: ZDisputeEscalate,
        response: { 200: ZDispute, ...FAILURES },
      },
    },
    async (req) => escalateDispute(app.db, currentUser(req), req.params.id, req.body, actorOf(req)),
  );

  app.put(
    '/api/disputes/:id/decision',
    {
      config: ADMINS,
      schema: {
        summary: 'Decide an escalated dispute (final)',
        description: 'See docs/guide/disputes.md.',
        params: ZDisputeIdParams,
        body: ZDisputeAnswer,
        response: { 200: ZDispute, ...FAILURES },
      },
    },
    async (req) => decideDispute(app.db, currentUser(req), req.params.id, req.body, actorOf(req)),
  );

  app.get(
    '/api/disputes/pagination/:page/:size',
    {
      config: EVERY_ROLE,
      schema: {
        summary: 'List disputes a page at a time, overdue first',
        description: "Agents their own, inspectors their records', admins all.",
        params: ZPageParams,
        querystring: ZDisputeListQuery,
        response: { 200: ZDisputePage, ...FAILURES },
      },
    },
    async (req) => listDisputes(app.db, currentUser(req), req.query, req.params),
  );

  app.get(
    '/api/disputes/figures',
    {
      config: SCORERS,
      schema: {
        summary: 'Show dispute figures for a date range',
        querystring: ZDisputeFiguresQuery,
        response: { 200: ZDisputeFigures, ...FAILURES },
      },
    },
    async (req) => findDisputeFigures(app.db, currentUser(req), req.query, app.config.timeZone),
  );

  // Everyone reads the windows (an agent's screen shows until when a record may be disputed); admins change them.
  app.get(
    '/api/disputes/settings',
    {
      config: EVERY_ROLE,
      schema: { summary: 'Show the dispute and answer windows', response: { 200: ZDisputeSettings } },
    },
    async () => findDisputeSettings(app.db),
  );

  app.put(
    '/api/disputes/settings',
    {
      config: ADMINS,
      schema: {
        summary: 'Set the dispute and answer windows',
        body: ZDisputeSettingsUpdate,
        response: { 200: ZDisputeSettings, ...FAILURES },
      },
    },
    async (req) => updateDisputeSettings(app.db, currentUser(req), req.body, actorOf(req)),
  );
}
