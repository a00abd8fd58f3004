// Coaching sessions (docs/coaching.md): planned, held, acknowledged by the agent, closed with a before/after figure.
import {
  ZCoachingAcknowledge,
  ZCoachingCreate,
  ZCoachingIdParams,
  ZCoachingList,
  ZCoachingListQuery,
  ZCoachingSession,
  ZCoachingSettings,
  ZCoachingSettingsParams,
  ZCoachingSettingsUpdate,
  ZErrorReply,
} from '@crm/shared';
import { z } from 'zod';
import type { App } from '../../app-type.ts';
import { ADMINS, AGENTS, EVERY_ROLE, SCORERS } from '../../auth/roles.ts';
import { currentUser } from '../../auth/guard.ts';
import { actorOf } from '../../auth/actor.ts';
import { createCoachingSession } from './create.ts';
import { findCoachingSession, listCoachingSessions } from './rows.ts';
import { listCoachingSettings, updateCoachingSettings } from './settings.ts';
import { acknowledgeCoachingSession, closeCoachingSession, holdCoachingSession } from './steps.ts';

const FAILURES = { 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };
const DOC = 'See docs/coaching.md.';

export async function coachingRoutes(app: App) {
  app.get(
    '/api/coaching',
    {
      config: EVERY_ROLE,
      schema: {
        summary: 'List coaching sessions, newest first',
        description: `Inspectors and admins all (filtered by agentId, campaignName, state); an agent only their own, without private notes. At most 500. ${DOC}`,
        querystring: ZCoachingListQuery,
        response: { 200: ZCoachingList, ...FAILURES },
      },
    },
    async (req) => listCoachingSessions(app.db, currentUser(req), req.query),
  );

  app.post(
    '/api/coaching',
    {
      config: SCORERS,
      schema: {
        summary: 'Plan a coaching session',
        description: `The focus criteria of the campaign's in-house scorecard, the agent's own in-house QC records. ${DOC}`,
        body: ZCoachingCreate,
        response: { 200: ZCoachingSession, ...FAILURES },
      },
    },
    async (req) => createCoachingSession(app.db, currentUser(req), req.body, actorOf(req)),
  );

  // Static paths before /:id (Fastify matches them first whatever the order; registered first for the reader).
  app.get(
    '/api/coaching/settings',
    {
      config: SCORERS,
      schema: {
        summary: "Show every campaign's coaching settings",
        response: { 200: z.array(ZCoachingSettings), ...FAILURES },
      },
    },
    async () => listCoachingSettings(app.db),
  );

  app.put(
    '/api/coaching/settings/:campaignName',
    {
      config: ADMINS,
      schema: {
        summary: "Set a campaign's sampling factor, records compared and acknowledgement window",
        params: ZCoachingSettingsParams,
        body: ZCoachingSettingsUpdate,
        response: { 200: ZCoachingSettings, ...FAILURES },
      },
    },
    async (req) => updateCoachingSettings(app.db, req.params.campaignName, req.body, actorOf(req)),
  );

  app.get(
    '/api/coaching/:id',
    {
      config: EVERY_ROLE,
      schema: {
        summary: 'Show a coaching session',
        description: `Inspectors and admins any; the agent their own, without private notes (another's is 403). ${DOC}`,
        params: ZCoachingIdParams,
        response: { 200: ZCoachingSession, ...FAILURES },
      },
    },
    async (req) => findCoachingSession(app.db, currentUser(req), req.params.id),
  );

  app.post(
    '/api/coaching/:id/held',
    {
      config: SCORERS,
      schema: {
        summary: 'Mark a planned coaching session held',
        description: `Its inspector or an admin. ${DOC}`,
        params: ZCoachingIdParams,
        response: { 200: ZCoachingSession, ...FAILURES },
      },
    },
    async (req) => holdCoachingSession(app.db, currentUser(req), req.params.id, actorOf(req)),
  );

  app.post(
    '/api/coaching/:id/acknowledge',
    {
      config: AGENTS,
      schema: {
        summary: 'Acknowledge a held coaching session',
        description: `The session's agent, once, with a comment. ${DOC}`,
        params: ZCoachingIdParams,
        body: ZCoachingAcknowledge,
        response: { 200: ZCoachingSession, ...FAILURES },
      },
    },
    async (req) => acknowledgeCoachingSession(app.db, currentUser(req), req.params.id, req.body, actorOf(req)),
  );

  app.post(
    '/api/coaching/:id/close',
    {
      config: SCORERS,
      schema: {
        summary: 'Close a coaching session with its before/after figure',
        description: `Its inspector or an admin, once held (acknowledged or not). ${DOC}`,
        params: ZCoachingIdParams,
        response: { 200: ZCoachingSession, ...FAILURES },
      },
    },
    async (req) => closeCoachingSession(app.db, currentUser(req), req.params.id, actorOf(req)),
  );
}
