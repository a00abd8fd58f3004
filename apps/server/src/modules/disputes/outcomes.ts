// Answering, escalating and deciding a dispute (docs/guide/disputes.md). Each runs in one transaction that locks the dispute
// first, so it happens exactly once: a second or concurrent answer finds it answered and gets 409. Marks that change
// are written to the QC record with its total and grade recomputed (qc-scoring.ts), its version raised and the change
// in its history, as an edit would.
import {
  DISPUTE_MESSAGES,
  QC_CRITERION_KEYS,
  QC_MESSAGES,
  criterionName,
  disputedMarkFor,
  qcGrade,
  type TDispute,
  type TDisputeAnswer,
  type TDisputeEscalate,
  type TQcCriterionKey,
  type TQcScores,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { changedFields, recordAudit, type TAuditActor } from '../audit/record.ts';
import { isAdmin, userIdOf } from '../../auth/access.ts';
import { selectQcRecords, toInHouse } from '../qc/rows.ts';
import { commentsOf, standardValues } from '../qc/scoring.ts';
import { findDisputeById, isRejected, type CriterionRow } from './rows.ts';

type Marks = Partial<Record<TQcCriterionKey, number>>;
type Settled = { row: CriterionRow; outcome: CriterionRow['outcome'] & string; mark: number; reason: string };

/** The dispute locked for this transaction, with its record's inspector and agent; 404 when there is none. */
async function lockDispute(trx: Db, id: number) {
  const dispute = await trx
    .selectFrom('disputes')
    .innerJoin('qcRecords', 'qcRecords.id', 'disputes.qcRecordId')
    .select([
      'disputes.id',
      'disputes.status',
      'disputes.qcRecordId',
      'disputes.reviewId',
      'disputes.agentUserId',
      'disputes.escalatedAt',
      'qcRecords.qcInspectorId',
    ])
    .where('disputes.id', '=', id)
    .forUpdate('disputes')
    .executeTakeFirst();
  if (!dispute) throw notFound(`No dispute with id ${id}`);
  const criteria = await trx
    .selectFrom('disputeCriteria')
    .selectAll()
    .where('disputeId', '=', id)
    .orderBy('id')
    .execute();
  return { dispute, criteria };
}

/**
 * Each answered criterion with the mark it ends at. `expected` are the criteria that must be answered, all of them;
 * any other disputed criterion is refused with `other(name)`, a criterion never disputed with notDisputed.
 */
function settle(
  body: TDisputeAnswer,
  all: CriterionRow[],
  expected: CriterionRow[],
  missing: (names: string) => string,
  other: (name: string) => string,
): Settled[] {
  const byKey = new Map(all.map((c) => [c.criterion, c]));
  const wanted = new Set(expected.map((c) => c.criterion));
  const settled = body.criteria.map((a) => {
    const row = byKey.get(a.criterion);
    if (!row) throw badRequest(DISPUTE_MESSAGES.notDisputed(criterionName(a.criterion)));
    if (!wanted.has(a.criterion)) throw badRequest(other(criterionName(a.criterion)));
    const mark = disputedMarkFor(a.criterion, row, a.outcome, a.mark);
    if (typeof mark === 'string') throw badRequest(mark);
    return { row, outcome: a.outcome, mark, reason: a.reason };
  });
  const given = new Set(body.criteria.map((a) => a.criterion as string));
  const left = expected.filter((c) => !given.has(c.criterion)).map((c) => criterionName(c.criterion));
  if (left.length > 0) throw badRequest(missing(left.join(', ')));
  return settled;
}

/** Writes marks that differ from the record's into it: total, grade, version, and the edit in the record's history. */
async function applyMarks(
  trx: Db,
  recordId: number,
  marks: Marks,
  actor: TAuditActor,
  note: string,
): Promise<{ total: number; grade: string } | null> {
  const current = await selectQcRecords(trx)
    .where('qcRecords.id', '=', recordId)
    .forUpdate('qcRecords')
    .executeTakeFirstOrThrow();
  const changes = Object.entries(marks).filter(([k, v]) => current[k as TQcCriterionKey] !== v);
  if (changes.length === 0) return null;
  const before = toInHouse(current);
  const next = Object.fromEntries(QC_CRITERION_KEYS.map((k) => [k, marks[k] ?? current[k]])) as TQcScores;
  const scored = standardValues(next, commentsOf(current.marks));
  const total = scored.total;
  await trx
    .updateTable('qcRecords')
    .set((eb) => ({
      ...scored,
      updatedAt: new Date(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', recordId)
    .execute();
  const after = toInHouse(await selectQcRecords(trx).where('qcRecords.id', '=', recordId).executeTakeFirstOrThrow());
  await recordAudit(trx, actor, {
    action: 'update',
    objectType: 'qcRecord',
    objectId: recordId,
    changes: { ...changedFields(before, after), note },
  });
  return { total, grade: qcGrade(total) };
}

/** One line per criterion, then the record's new total: what the agent reads as the review's resolution. */
function summary(settled: Settled[], result: { total: number; grade: string } | null): string {
  const lines = settled.map(({ row, outcome, mark, reason }) => {
    const name = criterionName(row.criterion);
    const what = outcome === 'kept' ? `kept at ${row.originalMark}` : `${outcome}: ${row.originalMark} → ${mark}`;
    return `${name} ${what}${reason === '' ? '' : ` (${reason})`}`;
  });
  if (result) lines.push(`New total ${result.total} (${result.grade})`);
  return lines.join('\n');
}

/** PUT /api/disputes/{id}/answer: the record's inspector or an admin, every disputed criterion, once. */
export async function answerDispute(
  db: Db,
  user: TTokenPayload,
  id: number,
  body: TDisputeAnswer,
  actor: TAuditActor,
): Promise<TDispute> {
  return db.transaction().execute(async (trx) => {
    const { dispute, criteria } = await lockDispute(trx, id);
    if (!isAdmin(user) && dispute.qcInspectorId !== userIdOf(user)) throw forbidden(QC_MESSAGES.otherInspector);
    if (dispute.status !== 'open') throw conflict(DISPUTE_MESSAGES.notOpen);
    const settled = settle(body, criteria, criteria, DISPUTE_MESSAGES.missingAnswer, DISPUTE_MESSAGES.notDisputed);
    const now = new Date();
    for (const s of settled) {
      await trx
        .updateTable('disputeCriteria')
        .set({ outcome: s.outcome, answeredMark: s.mark, answerReason: s.reason === '' ? null : s.reason })
        .where('id', '=', s.row.id)
        .execute();
    }
    const changed = Object.fromEntries(
      settled.filter((s) => s.outcome !== 'kept').map((s) => [s.row.criterion, s.mark]),
    ) as Marks;
    const result = await applyMarks(trx, dispute.qcRecordId, changed, actor, `dispute ${id} answered`);
    await trx
      .updateTable('disputes')
      .set({ status: 'answered', answeredAt: now, answeredById: userIdOf(user), answeredBy: user.userName })
      .where('id', '=', id)
      .execute();
    const resolvedMessage = `Dispute answered by ${user.name}:\n${summary(settled, result)}`;
    await trx
      .updateTable('agentReviews')
      .set({ isResolved: true, resolvedMessage, resolvedBy: user.userName, resolvedAt: now })
      .where('id', '=', dispute.reviewId)
      .execute();
    await recordAudit(trx, actor, {
      action: 'resolve',
      objectType: 'review',
      objectId: dispute.qcRecordId,
      changes: { after: { isResolved: true, resolvedMessage }, note: `dispute ${id} answered` },
    });
    return findDisputeById(trx, id);
  });
}

/** POST /api/disputes/{id}/escalate: the dispute's agent, once, when the answer rejected at least one criterion. */
export async function escalateDispute(
  db: Db,
  user: TTokenPayload,
  id: number,
  body: TDisputeEscalate,
  actor: TAuditActor,
): Promise<TDispute> {
  return db.transaction().execute(async (trx) => {
    const { dispute, criteria } = await lockDispute(trx, id);
    if (dispute.agentUserId !== userIdOf(user)) throw forbidden(DISPUTE_MESSAGES.otherAgent);
    if (dispute.escalatedAt !== null) throw conflict(DISPUTE_MESSAGES.escalateOnce);
    if (dispute.status === 'open') throw conflict(DISPUTE_MESSAGES.notAnswered);
    if (!criteria.some(isRejected)) throw conflict(DISPUTE_MESSAGES.nothingRejected);
    await trx
      .updateTable('disputes')
      .set({ status: 'escalated', escalatedAt: new Date(), escalationReason: body.reason })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'review',
      objectId: dispute.qcRecordId,
      changes: { after: { escalated: true, escalationReason: body.reason }, note: `dispute ${id} escalated` },
    });
    return findDisputeById(trx, id);
  });
}

/** PUT /api/disputes/{id}/decision: an admin, every rejected criterion of an escalated dispute; final. */
export async function decideDispute(
  db: Db,
  user: TTokenPayload,
  id: number,
  body: TDisputeAnswer,
  actor: TAuditActor,
): Promise<TDispute> {
  return db.transaction().execute(async (trx) => {
    const { dispute, criteria } = await lockDispute(trx, id);
    if (dispute.status === 'decided') throw conflict(DISPUTE_MESSAGES.alreadyDecided);
    if (dispute.status !== 'escalated') throw conflict(DISPUTE_MESSAGES.notEscalated);
    const settled = settle(
      body,
      criteria,
      criteria.filter(isRejected),
      DISPUTE_MESSAGES.missingDecision,
      DISPUTE_MESSAGES.alreadyAccepted,
    );
    const now = new Date();
    for (const s of settled) {
      await trx
        .updateTable('disputeCriteria')
        .set({ decision: s.outcome, decidedMark: s.mark, decisionReason: s.reason === '' ? null : s.reason })
        .where('id', '=', s.row.id)
        .execute();
    }
    // The decided mark is where the criterion ends, whatever the answer set: a kept decision after a changed answer restores the mark as scored.
    const marks = Object.fromEntries(settled.map((s) => [s.row.criterion, s.mark])) as Marks;
    const result = await applyMarks(trx, dispute.qcRecordId, marks, actor, `dispute ${id} decided`);
    await trx
      .updateTable('disputes')
      .set({ status: 'decided', decidedAt: now, decidedById: userIdOf(user), decidedBy: user.userName })
      .where('id', '=', id)
      .execute();
    const review = await trx
      .selectFrom('agentReviews')
      .select('resolvedMessage')
      .where('id', '=', dispute.reviewId)
      .executeTakeFirstOrThrow();
    const resolvedMessage =
      `${review.resolvedMessage ?? ''}\n\nFinal decision by ${user.name}:\n${summary(settled, result)}`.trim();
    await trx
      .updateTable('agentReviews')
      .set({ isResolved: true, resolvedMessage, resolvedBy: user.userName, resolvedAt: now })
      .where('id', '=', dispute.reviewId)
      .execute();
    await recordAudit(trx, actor, {
      action: 'resolve',
      objectType: 'review',
      objectId: dispute.qcRecordId,
      changes: { after: { isResolved: true, resolvedMessage }, note: `dispute ${id} decided` },
    });
    return findDisputeById(trx, id);
  });
}
