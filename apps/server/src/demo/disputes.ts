// Demo data: disputes per criterion on the demo's in-house records (demo/qc.ts), those with a linked demo recording
// first: one open and overdue, one open, one accepted, one answered with a criterion kept, and one escalated to an
// admin, with the records' marks, totals and reviews as the services would leave them (modules/disputes). Written
// directly, in one transaction and without audit entries: the demo trail (demo/audit.ts, seeded after this) fills the
// log from the data, and adds nothing once the log holds an entry. Runs once: nothing is added when the database holds
// any dispute. One more dispute, on a Customer Care call scored on its client form (demo/scorecards.ts), is disputed
// and answered by the choices' labels (seedScorecardDisputeDemo).
import {
  QC_CRITERIA,
  STANDARD_SCORECARD_ID,
  QC_CRITERION_KEYS,
  bestMarks,
  criterionName,
  criteriaOf,
  marksFromStored,
  qcGrade,
  qcTotal,
  scoreMarks,
  storedMarksOf,
  type TQcCriterionKey,
  type TQcScores,
  type TScorecardCriterion,
  type TStoredMarks,
} from '@crm/shared';
import type { Db } from '../db/schema.ts';
import { standardValues } from '../modules/qc/scoring.ts';
import { DEMO_CAMPAIGNS } from './base.ts';
import { DEMO_SCORECARD } from './scorecards.ts';

const HOUR = 3_600_000;
type Plan = {
  comment: string;
  answer?: 'accept' | 'keep-one';
  escalate?: string;
  raisedHoursAgo: number;
  answerAfterHours?: number;
  dueHoursFromNow?: number;
};

const PLANS: readonly Plan[] = [
  { comment: 'Please listen again: I followed the script', raisedHoursAgo: 72, dueHoursFromNow: -24 },
  { comment: 'Two of these marks look wrong to me', raisedHoursAgo: 3 },
  {
    comment: 'The greeting and the survey order were right',
    answer: 'accept',
    raisedHoursAgo: 50,
    answerAfterHours: 6,
  },
  { comment: 'I disagree with two marks', answer: 'keep-one', raisedHoursAgo: 40, answerAfterHours: 20 },
  {
    comment: 'The hold was the system, not me',
    answer: 'keep-one',
    escalate: 'The recording shows the hold music started by itself',
    raisedHoursAgo: 30,
    answerAfterHours: 4,
  },
];

const REASONS = ['It is in the recording', 'I asked exactly as the script says', 'The customer confirmed it'];

/** Up to two criteria the inspector did not mark at their best: the agent proposes the best. */
function disputable(
  record: Record<TQcCriterionKey, number | null>,
): { criterion: TQcCriterionKey; proposedMark: number; reason: string }[] {
  return QC_CRITERIA.filter((c) => c.key !== 'fatal' && record[c.key] !== null && record[c.key] !== bestMarks(c))
    .slice(0, 2)
    .map((c, i) => ({ criterion: c.key, proposedMark: bestMarks(c), reason: REASONS[i % REASONS.length] ?? '' }));
}

export async function seedDisputesDemo(db: Db, _timeZone: string): Promise<{ disputes: number } | null> {
  if (await db.selectFrom('disputes').select('id').limit(1).executeTakeFirst()) return null;
  const candidates = await db
    .selectFrom('qcRecords')
    .leftJoin('agentReviews', 'agentReviews.qcId', 'qcRecords.id')
    .innerJoin('users as inspector', 'inspector.id', 'qcRecords.qcInspectorId')
    .selectAll('qcRecords')
    .select(['inspector.username as inspectorUsername', 'inspector.name as inspectorName'])
    // The agent asks to listen again: records with a linked recording first, so the screens offer the player.
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('qcRecordFiles')
            .select('qcRecordFiles.id')
            .whereRef('qcRecordFiles.qcRecordId', '=', 'qcRecords.id'),
        )
        .as('hasRecording'),
    )
    .where('qcRecords.kind', '=', 'in-house')
    .where('qcRecords.agentUserId', 'is not', null)
    .where('agentReviews.id', 'is', null)
    .orderBy('qcRecords.callDate', 'desc')
    .orderBy('qcRecords.id', 'desc')
    .limit(300)
    .execute();
  // One queue of records per agent, taken in turn: several agents see disputes.
  const queues = new Map<number, typeof candidates>();
  for (const r of candidates)
    if (disputable(r).length > 0)
      queues.set(r.agentUserId as number, [...(queues.get(r.agentUserId as number) ?? []), r]);
  const lists = [...queues.values()];
  // Each queue holds its linked records first; in turn, a queue whose next record is linked is preferred.
  for (const list of lists) list.sort((a, b) => Number(b.hasRecording) - Number(a.hasRecording));
  const take = (i: number) => {
    for (const linkedOnly of [true, false]) {
      for (let k = 0; k < lists.length; k += 1) {
        const list = lists[(i + k) % lists.length];
        if (list?.[0] && (!linkedOnly || list[0].hasRecording)) return list.shift();
      }
    }
    return undefined;
  };

  return db.transaction().execute(async (trx) => {
    let made = 0;
    for (const [i, plan] of PLANS.entries()) {
      const record = take(i);
      if (!record) break;
      const criteria = disputable(record);
      const raisedAt = new Date(Date.now() - plan.raisedHoursAgo * HOUR);
      const answeredAt =
        plan.answer && plan.answerAfterHours !== undefined
          ? new Date(raisedAt.getTime() + plan.answerAfterHours * HOUR)
          : null;
      const review = await trx
        .insertInto('agentReviews')
        .values({
          qcId: record.id,
          agentUserId: record.agentUserId,
          agreed: 'No',
          raiseConcern: true,
          comment: plan.comment,
          createdAt: raisedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const status = plan.escalate ? 'escalated' : plan.answer ? 'answered' : 'open';
      const dispute = await trx
        .insertInto('disputes')
        .values({
          qcRecordId: record.id,
          reviewId: review.id,
          agentUserId: record.agentUserId,
          inspectorId: record.qcInspectorId,
          status,
          raisedAt,
          answerDueAt: new Date(
            plan.dueHoursFromNow === undefined
              ? raisedAt.getTime() + 48 * HOUR
              : Date.now() + plan.dueHoursFromNow * HOUR,
          ),
          answeredAt,
          answeredById: answeredAt ? record.qcInspectorId : null,
          answeredBy: answeredAt ? record.inspectorUsername : null,
          escalatedAt: plan.escalate && answeredAt ? new Date(answeredAt.getTime() + 2 * HOUR) : null,
          escalationReason: plan.escalate ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const marks = Object.fromEntries(QC_CRITERION_KEYS.map((k) => [k, record[k]])) as TQcScores;
      const lines: string[] = [];
      for (const [k, c] of criteria.entries()) {
        const kept = plan.answer === 'keep-one' && k === 0;
        const answered = plan.answer !== undefined;
        const answeredMark = !answered ? null : kept ? record[c.criterion] : c.proposedMark;
        if (answered && !kept) marks[c.criterion] = c.proposedMark;
        if (answered)
          lines.push(
            kept
              ? `${criterionName(c.criterion)} kept at ${record[c.criterion]} (Listened again: the mark stands)`
              : `${criterionName(c.criterion)} accepted: ${record[c.criterion]} → ${c.proposedMark}`,
          );
        await trx
          .insertInto('disputeCriteria')
          .values({
            disputeId: dispute.id,
            criterion: c.criterion,
            originalMark: record[c.criterion] ?? 0,
            proposedMark: c.proposedMark,
            reason: c.reason,
            outcome: !answered ? null : kept ? 'kept' : 'accepted',
            answeredMark,
            answerReason: kept ? 'Listened again: the mark stands' : null,
          })
          .execute();
      }
      if (answeredAt) {
        const total = qcTotal(marks);
        if (total !== record.total) {
          await trx
            .updateTable('qcRecords')
            .set((eb) => ({
              ...standardValues(marks),
              updatedAt: answeredAt,
              version: eb('version', '+', 1),
            }))
            .where('id', '=', record.id)
            .execute();
          lines.push(`New total ${total} (${qcGrade(total)})`);
        }
        const resolvedMessage = `Dispute answered by ${record.inspectorName}:\n${lines.join('\n')}`;
        await trx
          .updateTable('agentReviews')
          .set({ isResolved: true, resolvedMessage, resolvedBy: record.inspectorUsername, resolvedAt: answeredAt })
          .where('id', '=', review.id)
          .execute();
      }
      made += 1;
    }
    return { disputes: made };
  });
}

/**
 * The criterion of a client-form record the agent disputes: Question order when it is below its best (its scale has a
 * middle choice the inspector can settle on), else the first criterion below its best; never one scored N/A or at its
 * auto-fail choice (a consent breach is not argued over).
 */
function disputableOnForm(criteria: readonly TScorecardCriterion[], marks: TStoredMarks) {
  const below = criteria.filter((c) => {
    const m = marks[c.key];
    const best = Math.max(...c.choices.map((ch) => ch.marks));
    return m !== undefined && m.choice !== null && m.choice !== c.autoFailChoice && (m.marks ?? 0) < best;
  });
  return below.find((c) => c.key === 'questionOrder') ?? below[0];
}

/**
 * One dispute on a Customer Care call scored on the client form: the agent proposes the criterion's best choice by its
 * label, and the inspector answered a day later, settling on the middle choice where the scale has one (Question order:
 * No → proposed Yes, changed to Partly), else accepting. The record's marks, total and grade are scored again on its
 * version, as the answer does. Runs once: nothing is added when a dispute of a record on another scorecard than
 * "Standard" exists, or when the client form's records are not there (demo/scorecards.ts runs first).
 */
export async function seedScorecardDisputeDemo(db: Db): Promise<{ disputes: number } | null> {
  const onOwnCard = await db
    .selectFrom('disputes')
    .innerJoin('qcRecords', 'qcRecords.id', 'disputes.qcRecordId')
    .select('disputes.id')
    .where('qcRecords.scorecardId', '<>', STANDARD_SCORECARD_ID)
    .limit(1)
    .executeTakeFirst();
  if (onOwnCard) return null;
  // Scored two days ago or earlier: raised the day after scoring and answered hours later, all in the past.
  const scoredBefore = new Date(Date.now() - 2 * 24 * HOUR);
  const candidates = await db
    .selectFrom('qcRecords')
    .innerJoin('scorecards', 'scorecards.id', 'qcRecords.scorecardId')
    .innerJoin('users as inspector', 'inspector.id', 'qcRecords.qcInspectorId')
    .leftJoin('agentReviews', 'agentReviews.qcId', 'qcRecords.id')
    .selectAll('qcRecords')
    .select(['scorecards.definition', 'inspector.username as inspectorUsername', 'inspector.name as inspectorName'])
    .where('scorecards.name', '=', DEMO_SCORECARD.name)
    .where('scorecards.state', '=', 'published')
    .where('qcRecords.kind', '=', 'in-house')
    .where('qcRecords.campaignName', '=', DEMO_CAMPAIGNS[1].campaignName)
    .where('qcRecords.agentUserId', 'is not', null)
    .where('qcRecords.createdAt', '<', scoredBefore)
    .where('agentReviews.id', 'is', null)
    .orderBy('qcRecords.createdAt', 'desc')
    .orderBy('qcRecords.id', 'desc')
    .execute();
  const found = candidates
    .map((record) => ({ record, criterion: disputableOnForm(criteriaOf(record.definition), record.marks) }))
    .find((c) => c.criterion !== undefined);
  if (!found?.criterion) return null;
  const { record, criterion } = found;
  const scored = record.marks[criterion.key]!;
  const original = { choice: scored.choice as string, marks: scored.marks ?? 0 };
  const ordered = [...criterion.choices].sort((a, b) => b.marks - a.marks);
  const proposed = ordered[0]!;
  // A choice between the one scored and the one proposed, where the scale has one: the inspector meets the agent halfway.
  const middle = ordered.find((ch) => ch.marks < proposed.marks && ch.marks > original.marks);
  const outcome = middle ? ('changed' as const) : ('accepted' as const);
  const end = middle ?? proposed;
  const answerReason = middle ? 'Listened again: one question was reworded, so partly as written' : null;

  const raisedAt = new Date(record.createdAt.getTime() + 20 * HOUR);
  const answeredAt = new Date(raisedAt.getTime() + 5 * HOUR);
  const marks = marksFromStored(record.marks).map((m) =>
    m.key === criterion.key ? { ...m, choice: end.label, comment: m.comment } : m,
  );
  const result = scoreMarks(record.definition, marks);

  return db.transaction().execute(async (trx) => {
    const review = await trx
      .insertInto('agentReviews')
      .values({
        qcId: record.id,
        agentUserId: record.agentUserId,
        agreed: 'No',
        raiseConcern: true,
        comment: `${criterion.name} was right: I asked the questions as written`,
        createdAt: raisedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const dispute = await trx
      .insertInto('disputes')
      .values({
        qcRecordId: record.id,
        reviewId: review.id,
        agentUserId: record.agentUserId,
        inspectorId: record.qcInspectorId,
        status: 'answered',
        raisedAt,
        answerDueAt: new Date(raisedAt.getTime() + 48 * HOUR),
        answeredAt,
        answeredById: record.qcInspectorId,
        answeredBy: record.inspectorUsername,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('disputeCriteria')
      .values({
        disputeId: dispute.id,
        criterion: criterion.key,
        criterionName: criterion.name,
        originalMark: original.marks,
        originalChoice: original.choice,
        proposedMark: proposed.marks,
        proposedChoice: proposed.label,
        reason: 'Every question was asked in order; the recording shows it',
        outcome,
        answeredMark: end.marks,
        answeredChoice: end.label,
        answerReason,
      })
      .execute();
    await trx
      .updateTable('qcRecords')
      .set((eb) => ({
        marks: JSON.stringify(storedMarksOf(result)),
        total: result.total,
        agentGrade: result.grade,
        updatedAt: answeredAt,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', record.id)
      .execute();
    // As the answer words it (modules/disputes/outcomes.ts): the choices with their marks, then the new total.
    const resolvedMessage = [
      `Dispute answered by ${record.inspectorName}:`,
      `${criterion.name} ${outcome}: ${original.choice} (${original.marks}) → ${end.label} (${end.marks})${answerReason ? ` (${answerReason})` : ''}`,
      `New total ${result.total} (${result.grade})`,
    ].join('\n');
    await trx
      .updateTable('agentReviews')
      .set({ isResolved: true, resolvedMessage, resolvedBy: record.inspectorUsername, resolvedAt: answeredAt })
      .where('id', '=', review.id)
      .execute();
    return { disputes: 1 };
  });
}
