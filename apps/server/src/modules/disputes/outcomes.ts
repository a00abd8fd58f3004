// Answering, escalating and deciding a dispute (docs/guide/disputes.md). Each runs in one transaction that locks the dispute
// first, so it happens exactly once: a second or concurrent answer finds it answered and gets 409. Choices that change
// are written to the QC record's marks with its total and grade scored again on the record's own scorecard version
// (scoreMarks), its version raised and the change in its history, as an edit would.
import {
  DISPUTE_MESSAGES,
  QC_MESSAGES,
  STANDARD_SCORECARD_ID,
  criterionName,
  disputedChoiceFor,
  marksFromStored,
  scoreMarks,
  storedMarksOf,
  type TDispute,
  type TDisputeAnswer,
  type TDisputeEscalate,
  type TStoredMarks,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { changedFields, recordAudit, type TAuditActor } from '../audit/record.ts';
import { isAdmin, userIdOf } from '../../auth/access.ts';
import { selectQcRecords, toInHouse } from '../qc/rows.ts';
import { findScorecardVersion, type TScorecardVersion } from '../scorecards/lookup.ts';
import { findDisputeById, isRejected, type CriterionRow } from './rows.ts';
import { choicesOfRow, criteriaByKey } from './scale.ts';
import { tellDisputeEscalated, tellDisputeSettled } from './notices.ts';

/** Where an answered criterion ends: its choice (null: N/A as scored) and marks. */
type Ending = { choice: string | null; marks: number };
type Settled = {
  row: CriterionRow;
  name: string;
  outcome: CriterionRow['outcome'] & string;
  end: Ending;
  reason: string;
};
/** The record's version, and whether it is "Standard" (whose words stay the spec's marks). */
type Card = { version: TScorecardVersion; standard: boolean };

/** The dispute locked for this transaction, with its record's inspector, agent and version; 404 when there is none. */
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
      'qcRecords.scorecardId',
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
  const version = await findScorecardVersion(trx, dispute.scorecardId);
  return { dispute, criteria, card: { version, standard: dispute.scorecardId === STANDARD_SCORECARD_ID } };
}

/**
 * Each answered criterion with the choice it ends at. `expected` are the criteria that must be answered, all of them;
 * any other disputed criterion is refused with `other(name)`, a criterion never disputed with notDisputed. Names are
 * the criteria's names on the record's version.
 */
function settle(
  card: Card,
  body: TDisputeAnswer,
  all: CriterionRow[],
  expected: CriterionRow[],
  missing: (names: string) => string,
  other: (name: string) => string,
): Settled[] {
  const criteria = criteriaByKey(card.version);
  const nameOf = (key: string) => criteria.get(key)?.name ?? criterionName(key);
  const byKey = new Map(all.map((c) => [c.criterion, c]));
  const wanted = new Set(expected.map((c) => c.criterion));
  const seen = new Set<string>();
  const settled = body.criteria.map((a) => {
    const row = byKey.get(a.criterion);
    const criterion = criteria.get(a.criterion);
    const name = nameOf(a.criterion);
    if (!row || !criterion) throw badRequest(DISPUTE_MESSAGES.notDisputed(name));
    if (seen.has(a.criterion)) throw badRequest(DISPUTE_MESSAGES.namedTwice(name));
    seen.add(a.criterion);
    if (!wanted.has(a.criterion)) throw badRequest(other(name));
    if (a.outcome !== 'accepted' && a.reason === '') throw badRequest(DISPUTE_MESSAGES.sayWhy(name));
    if (!card.standard && a.choice == null && a.mark != null) throw badRequest(DISPUTE_MESSAGES.standardMarkOnly(name));
    const end = disputedChoiceFor({ name, choices: criterion.choices, ...choicesOfRow(row, criterion) }, a.outcome, a);
    if (typeof end === 'string') throw badRequest(end);
    return { row, name, outcome: a.outcome, end, reason: a.reason };
  });
  const given = new Set(body.criteria.map((a) => a.criterion));
  const left = expected.filter((c) => !given.has(c.criterion)).map((c) => nameOf(c.criterion));
  if (left.length > 0) throw badRequest(missing(left.join(', ')));
  return settled;
}

/**
 * Writes choices that differ from the record's into its marks (other criteria and every comment kept), with total and
 * grade scored again on the record's version, its version number raised and the edit in the record's history.
 */
async function applyMarks(
  trx: Db,
  card: Card,
  recordId: number,
  ends: Map<string, Ending>,
  actor: TAuditActor,
  note: string,
): Promise<{ total: number; grade: string } | null> {
  const current = await selectQcRecords(trx)
    .where('qcRecords.id', '=', recordId)
    .forUpdate('qcRecords')
    .executeTakeFirstOrThrow();
  const stored: TStoredMarks = current.marks;
  const changes = [...ends].filter(([k, e]) => (stored[k]?.choice ?? null) !== e.choice);
  if (changes.length === 0) return null;
  const before = toInHouse(current);
  const marks = marksFromStored(stored).map((m) => (ends.has(m.key) ? { ...m, choice: ends.get(m.key)!.choice } : m));
  const result = scoreMarks(card.version.definition, marks);
  await trx
    .updateTable('qcRecords')
    .set((eb) => ({
      marks: JSON.stringify(storedMarksOf(result)),
      total: result.total,
      agentGrade: result.grade,
      updatedAt: new Date(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', recordId)
    .execute();
  const after = toInHouse(await selectQcRecords(trx).where('qcRecords.id', '=', recordId).executeTakeFirstOrThrow());
  const audit = changedFields(before, after);
  // A record of another version has no spec fields to compare: its choices say what changed.
  if (!card.standard) {
    audit.before.marks = Object.fromEntries(changes.map(([k]) => [k, stored[k]?.choice ?? null]));
    audit.after.marks = Object.fromEntries(changes.map(([k, e]) => [k, e.choice]));
  }
  await recordAudit(trx, actor, {
    action: 'update',
    objectType: 'qcRecord',
    objectId: recordId,
    changes: { ...audit, note },
  });
  return { total: result.total, grade: result.grade };
}

/** One line per criterion, then the record's new total: what the agent reads as the review's resolution. */
function summary(card: Card, settled: Settled[], result: { total: number; grade: string } | null): string {
  const lines = settled.map(({ row, name, outcome, end, reason }) => {
    const choices = card.standard ? null : choicesOfRow(row, { choices: [] });
    const was = choices ? `${choices.original.choice ?? 'N/A'} (${row.originalMark})` : String(row.originalMark);
    const now = choices ? `${end.choice ?? 'N/A'} (${end.marks})` : String(end.marks);
    const what = outcome === 'kept' ? `kept at ${was}` : `${outcome}: ${was} → ${now}`;
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
    const { dispute, criteria, card } = await lockDispute(trx, id);
    if (!isAdmin(user) && dispute.qcInspectorId !== userIdOf(user)) throw forbidden(QC_MESSAGES.otherInspector);
    if (dispute.status !== 'open') throw conflict(DISPUTE_MESSAGES.notOpen);
    const settled = settle(
      card,
      body,
      criteria,
      criteria,
      DISPUTE_MESSAGES.missingAnswer,
      DISPUTE_MESSAGES.notDisputed,
    );
    const now = new Date();
    for (const s of settled) {
      await trx
        .updateTable('disputeCriteria')
        .set({
          outcome: s.outcome,
          answeredMark: s.end.marks,
          answeredChoice: s.end.choice,
          answerReason: s.reason === '' ? null : s.reason,
        })
        .where('id', '=', s.row.id)
        .execute();
    }
    const changed = new Map(settled.filter((s) => s.outcome !== 'kept').map((s) => [s.row.criterion, s.end]));
    const result = await applyMarks(trx, card, dispute.qcRecordId, changed, actor, `dispute ${id} answered`);
    await trx
      .updateTable('disputes')
      .set({ status: 'answered', answeredAt: now, answeredById: userIdOf(user), answeredBy: user.userName })
      .where('id', '=', id)
      .execute();
    const resolvedMessage = `Dispute answered by ${user.name}:\n${summary(card, settled, result)}`;
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
    await tellDisputeSettled(trx, dispute, 'answered', resolvedMessage);
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
    await tellDisputeEscalated(trx, dispute, user.name, body.reason);
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
    const { dispute, criteria, card } = await lockDispute(trx, id);
    if (dispute.status === 'decided') throw conflict(DISPUTE_MESSAGES.alreadyDecided);
    if (dispute.status !== 'escalated') throw conflict(DISPUTE_MESSAGES.notEscalated);
    const settled = settle(
      card,
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
        .set({
          decision: s.outcome,
          decidedMark: s.end.marks,
          decidedChoice: s.end.choice,
          decisionReason: s.reason === '' ? null : s.reason,
        })
        .where('id', '=', s.row.id)
        .execute();
    }
    // The decided mark is where the criterion ends, whatever the answer set: a kept decision after a changed answer restores the mark as scored.
    const ends = new Map(settled.map((s) => [s.row.criterion, s.end]));
    const result = await applyMarks(trx, card, dispute.qcRecordId, ends, actor, `dispute ${id} decided`);
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
      `${review.resolvedMessage ?? ''}\n\nFinal decision by ${user.name}:\n${summary(card, settled, result)}`.trim();
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
    await tellDisputeSettled(
      trx,
      dispute,
      'decided',
      `Final decision by ${user.name}:\n${summary(card, settled, result)}`,
    );
    return findDisputeById(trx, id);
  });
}
