// The blind scorings of a calibration session's calls (a submission is final) and the admin's expert marks.
import {
  CALIBRATION_MESSAGES,
  type TCalibrationCall,
  type TCalibrationExpertSubmit,
  type TCalibrationScoring,
  type TCalibrationScoringSubmit,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { findSessionRow, isClosed, isParticipant, userIdOf } from './access.ts';
import { findScorecardVersion } from '../scorecards/lookup.ts';
import { findCalibrationSession } from './sessions.ts';
import { scoreCallMarks, toScoring } from './marks.ts';

async function findCall(db: Db, sessionId: number, callId: number) {
  const call = await db
    .selectFrom('calibrationCalls')
    .select(['id', 'expert', 'expertMarks', 'scorecardId'])
    .where('id', '=', callId)
    .where('sessionId', '=', sessionId)
    .executeTakeFirst();
  if (!call) throw notFound(`No call ${callId} in calibration session ${sessionId}`);
  return call;
}

/**
 * PUT /api/calibration/{id}/calls/{callId}/scoring: a participating inspector's scoring of a call while the session
 * is open. Final once submitted (409 on a second): after it the inspector sees the others' marks, and a scoring that
 * could then be changed would no longer be blind.
 */
export async function submitCalibrationScoring(
  db: Db,
  user: TTokenPayload,
  sessionId: number,
  callId: number,
  input: TCalibrationScoringSubmit,
  actor: TAuditActor,
): Promise<TCalibrationScoring> {
  const session = await findSessionRow(db, sessionId);
  const me = userIdOf(user);
  if (!(await isParticipant(db, sessionId, me))) throw forbidden(CALIBRATION_MESSAGES.notParticipant);
  if (isClosed(session)) throw conflict(CALIBRATION_MESSAGES.closed);
  const call = await findCall(db, sessionId, callId);
  const scored = await scoreCallMarks(db, call.scorecardId, input);
  const stored = await db
    .transaction()
    .execute(async (trx) => {
      // Held until the scoring is stored: a close (an UPDATE of this row) waits for it, or this sees the close.
      const locked = await trx
        .selectFrom('calibrationSessions')
        .select(['closedAt', 'closesAt'])
        .where('id', '=', sessionId)
        .forShare()
        .executeTakeFirstOrThrow();
      if (isClosed(locked)) throw conflict(CALIBRATION_MESSAGES.closed);
      const row = await trx
        .insertInto('calibrationScorings')
        .values({
          callId,
          inspectorId: me,
          scores: scored.scores === null ? null : JSON.stringify(scored.scores),
          marks: JSON.stringify(scored.marks),
          total: scored.total,
          grade: scored.grade,
          comment: input.comment,
        })
        .returning(['callId', 'inspectorId', 'scores', 'marks', 'total', 'grade', 'comment', 'submittedAt'])
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        action: 'create',
        objectType: 'calibrationSession',
        objectId: sessionId,
        changes: {
          after: { callId, scorecardId: call.scorecardId, scoring: { ...scored.marks }, total: scored.total },
        },
      });
      return row;
    })
    .catch((e: unknown) => {
      if (isUniqueViolation(e, 'calibration_scorings_once')) throw conflict(CALIBRATION_MESSAGES.alreadyScored);
      throw e;
    });
  return toScoring({ ...stored, inspectorName: user.name }, await findScorecardVersion(db, call.scorecardId));
}

/** PUT /api/calibration/{id}/calls/{callId}/expert: an admin records (or corrects) the agreed marks of a call, open or closed. */
export async function saveExpertMarks(
  db: Db,
  user: TTokenPayload,
  sessionId: number,
  callId: number,
  input: TCalibrationExpertSubmit,
  actor: TAuditActor,
): Promise<TCalibrationCall> {
  await findSessionRow(db, sessionId);
  const call = await findCall(db, sessionId, callId);
  const scored = await scoreCallMarks(db, call.scorecardId, input);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('calibrationCalls')
      .set({
        expert: scored.scores === null ? null : JSON.stringify(scored.scores),
        expertMarks: JSON.stringify(scored.marks),
        expertBy: user.userName,
        expertAt: new Date(),
      })
      .where('id', '=', callId)
      .execute();
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'calibrationSession',
      objectId: sessionId,
      changes: {
        before: { callId, expert: call.expertMarks ?? call.expert },
        after: { callId, expert: scored.marks },
      },
    });
  });
  const session = await findCalibrationSession(db, user, sessionId);
  return session.calls.find((c) => c.id === callId) as TCalibrationCall;
}
