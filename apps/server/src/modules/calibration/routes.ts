// Routes of calibration sessions (docs/guide/calibration.md): admins create, close and record expert marks; the session's
// inspectors score blind; results answer 403 to inspectors while the session is open.
import {
  ZCalibrationCall,
  ZCalibrationCallParams,
  ZCalibrationExpertSubmit,
  ZCalibrationIdParams,
  ZCalibrationResults,
  ZCalibrationScoring,
  ZCalibrationScoringSubmit,
  ZCalibrationSession,
  ZCalibrationSessionCreate,
  ZCalibrationSessionPage,
  ZCalibrationSessionSummary,
  ZErrorReply,
  ZPageParams,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS, SCORERS } from '../../auth/roles.ts';
import { currentUser } from '../../auth/guard.ts';
import { actorOf } from '../../auth/actor.ts';
import {
  closeCalibrationSession,
  createCalibrationSession,
  findCalibrationSession,
  listCalibrationSessions,
} from './sessions.ts';
import { saveExpertMarks, submitCalibrationScoring } from './scorings.ts';
import { findCalibrationResults } from './results.ts';

const FAILURES = { 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };

export async function calibrationRoutes(app: App) {
  const deps = {
    db: app.db,
    voiceLog: app.recordingChecks.voiceLog,
    country: app.config.phoneCountry,
    timeZone: app.config.timeZone,
  };

  app.get(
    '/api/calibration/pagination/:page/:size',
    {
      config: SCORERS,
      schema: {
        summary: 'List calibration sessions a page at a time',
        description: 'Admins all; inspectors the sessions they take part in.',
        params: ZPageParams,
        response: { 200: ZCalibrationSessionPage, ...FAILURES },
      },
    },
    async (req) => listCalibrationSessions(app.db, currentUser(req), req.params),
  );

  app.post(
    '/api/calibration',
    {
      config: ADMINS,
      schema: {
        summary: 'Create a calibration session',
        description: 'See docs/guide/calibration.md.',
        body: ZCalibrationSessionCreate,
        response: { 200: ZCalibrationSessionSummary, ...FAILURES },
      },
    },
    async (req) => createCalibrationSession(deps, currentUser(req), req.body, actorOf(req)),
  );

  app.get(
    '/api/calibration/:id',
    {
      config: SCORERS,
      schema: {
        summary: "Get a calibration session with the caller's scorings",
        description: "Others' marks of a call only after the caller submitted theirs. See docs/guide/calibration.md.",
        params: ZCalibrationIdParams,
        response: { 200: ZCalibrationSession, ...FAILURES },
      },
    },
    async (req) => findCalibrationSession(app.db, currentUser(req), req.params.id),
  );

  app.put(
    '/api/calibration/:id/calls/:callId/scoring',
    {
      config: SCORERS,
      schema: {
        summary: "Submit one's scoring of a calibration call",
        description: 'A participant, once, while the session is open; 409 after. See docs/guide/calibration.md.',
        params: ZCalibrationCallParams,
        body: ZCalibrationScoringSubmit,
        response: { 200: ZCalibrationScoring, ...FAILURES },
      },
    },
    async (req) =>
      submitCalibrationScoring(app.db, currentUser(req), req.params.id, req.params.callId, req.body, actorOf(req)),
  );

  app.post(
    '/api/calibration/:id/close',
    {
      config: ADMINS,
      schema: {
        summary: 'Close a calibration session',
        params: ZCalibrationIdParams,
        response: { 200: ZCalibrationSessionSummary, ...FAILURES },
      },
    },
    async (req) => closeCalibrationSession(app.db, currentUser(req), req.params.id, actorOf(req)),
  );

  app.get(
    '/api/calibration/:id/results',
    {
      config: SCORERS,
      schema: {
        summary: "Show a calibration session's results",
        description: 'Admins any time; participants once closed (403 before). See docs/guide/calibration.md.',
        params: ZCalibrationIdParams,
        response: { 200: ZCalibrationResults, ...FAILURES },
      },
    },
    async (req) => findCalibrationResults(app.db, currentUser(req), req.params.id),
  );

  app.put(
    '/api/calibration/:id/calls/:callId/expert',
    {
      config: ADMINS,
      schema: {
        summary: 'Set the expert marks of a calibration call',
        params: ZCalibrationCallParams,
        body: ZCalibrationExpertSubmit,
        response: { 200: ZCalibrationCall, ...FAILURES },
      },
    },
    async (req) => saveExpertMarks(app.db, currentUser(req), req.params.id, req.params.callId, req.body, actorOf(req)),
  );
}
