// GET /api/calibration/{id}/results: admins at any time; a participating inspector only once the session is closed;
// each call's figures on its own scorecard version.
import {
  CALIBRATION_MESSAGES,
  LEAN_CRITERION_SHARE,
  LEAN_TOTAL_THRESHOLD,
  type TCalibrationResults,
  type TTokenPayload,
} from '@crm/shared';
import type { TScorecardVersion } from '../scorecards/lookup.ts';
import type { Db } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';
import { isAdmin, isClosed, sessionForCaller, userIdOf } from './access.ts';
import { calibrationFigures } from './figures.ts';
import { readCalls, readInspectors, readScorings, summaryOf } from './sessions.ts';
import { storedOf, versionsOf } from './marks.ts';

export async function findCalibrationResults(db: Db, user: TTokenPayload, id: number): Promise<TCalibrationResults> {
  const { session } = await sessionForCaller(db, user, id);
  if (!isAdmin(user) && !isClosed(session)) throw forbidden(CALIBRATION_MESSAGES.resultsWhileOpen);
  const [summary, inspectors, calls, scorings] = await Promise.all([
    summaryOf(db, session, userIdOf(user)),
    readInspectors(db, id),
    readCalls(db, id),
    readScorings(db, id),
  ]);
  const versions = await versionsOf(
    db,
    calls.map((c) => c.scorecardId),
  );
  const figures = calibrationFigures(
    inspectors,
    calls.map((c) => ({
      ...c,
      version: versions.get(c.scorecardId) as TScorecardVersion,
      expert: storedOf({ marks: c.expertMarks, scores: c.expert }),
    })),
    scorings.map((s) => ({
      callId: s.callId,
      inspectorId: s.inspectorId,
      marks: storedOf(s) ?? {},
      total: s.total,
    })),
  );
  return {
    session: summary,
    inspectors: inspectors.map((i) => ({ ...i, scored: scorings.filter((s) => s.inspectorId === i.id).length })),
    ...figures,
    thresholds: { total: LEAN_TOTAL_THRESHOLD, criterionShare: LEAN_CRITERION_SHARE },
  };
}
