// Raising a dispute (docs/guide/disputes.md): the agent's review of its in-house QC record, as a Raise Concern (agreed No)
// with criteria of the record's own scorecard version disputed, and the dispute itself, in one transaction. One review
// per record, as the spec says.
import {
  localDayText,
  QC_MESSAGES,
  DISPUTE_MESSAGES,
  STANDARD_SCORECARD_ID,
  type TDispute,
  type TDisputeRaise,
  type TStoredMarks,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound, onUniqueViolation } from '../../http/errors.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { userIdOf } from '../../auth/access.ts';
import { findDisputeById } from './rows.ts';
import { readDisputeWindows } from './settings.ts';
import { criteriaByKey } from './scale.ts';
import { tellDisputeRaised } from './notices.ts';
import { findScorecardVersion } from '../scorecards/lookup.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Each disputed criterion checked against the record's own version, in that version's order: a criterion of it, named
 * once, a proposal on its scale (a label, or marks on "Standard") that is not the choice as scored. Refusals name the
 * criterion by its name on the version.
 */
async function disputedCriteria(db: Db, record: { scorecardId: number; marks: TStoredMarks }, body: TDisputeRaise) {
  const version = await findScorecardVersion(db, record.scorecardId);
  const criteria = criteriaByKey(version);
  const standard = record.scorecardId === STANDARD_SCORECARD_ID;
  const seen = new Set<string>();
  const rows = body.criteria.map((c) => {
    const criterion = criteria.get(c.criterion);
    if (!criterion) throw badRequest(DISPUTE_MESSAGES.unknownCriterion([...criteria.keys()]));
    const name = criterion.name;
    if (seen.has(c.criterion)) throw badRequest(DISPUTE_MESSAGES.namedTwice(name));
    seen.add(c.criterion);
    let proposed;
    if (c.proposedChoice !== undefined) proposed = criterion.choices.find((ch) => ch.label === c.proposedChoice);
    else if (standard) proposed = criterion.choices.find((ch) => ch.marks === c.proposedMark);
    else throw badRequest(DISPUTE_MESSAGES.standardMarkOnly(name));
    if (!proposed) throw badRequest(DISPUTE_MESSAGES.offScale(name, criterion.choices));
    const current = record.marks[c.criterion] ?? { choice: null, marks: null };
    if (current.choice === proposed.label)
      throw badRequest(
        c.proposedChoice === undefined
          ? DISPUTE_MESSAGES.sameMark(name, proposed.marks)
          : DISPUTE_MESSAGES.sameChoice(name, proposed.label),
      );
    return {
      criterion: c.criterion,
      criterionName: name,
      // N/A counts 0 where marks are kept; its choice is null.
      originalMark: current.marks ?? 0,
      originalChoice: current.choice,
      proposedMark: proposed.marks,
      proposedChoice: proposed.label,
      reason: c.reason,
    };
  });
  const order = [...criteria.keys()];
  return rows.sort((a, b) => order.indexOf(a.criterion) - order.indexOf(b.criterion));
}
const HOUR_MS = 60 * 60 * 1000;

/** The end of the time to dispute a record: its created_at plus the window. */
export function disputeUntil(createdAt: Date, windowDays: number): Date {
  return new Date(createdAt.getTime() + windowDays * DAY_MS);
}

export async function raiseDispute(
  db: Db,
  user: TTokenPayload,
  body: TDisputeRaise,
  actor: TAuditActor,
  timeZone: string,
): Promise<TDispute> {
  return db.transaction().execute(async (trx) => {
    // Locked: a concurrent raise or edit of the same record waits, so the marks compared are the marks disputed.
    const record = await trx
      .selectFrom('qcRecords')
      .selectAll()
      .where('id', '=', body.qcId)
      .forUpdate()
      .executeTakeFirst();
    if (!record || record.kind !== 'in-house') throw notFound(`No QC record with id ${body.qcId}`);
    if (record.agentUserId !== userIdOf(user)) throw forbidden(QC_MESSAGES.otherAgent);
    const reviewed = await trx.selectFrom('agentReviews').select('id').where('qcId', '=', record.id).executeTakeFirst();
    if (reviewed) throw conflict(QC_MESSAGES.alreadyReviewed);

    const windows = await readDisputeWindows(trx);
    const now = new Date();
    const until = disputeUntil(record.createdAt, windows.disputeWindowDays);
    if (now > until)
      throw badRequest(DISPUTE_MESSAGES.windowClosed(localDayText(until, timeZone), windows.disputeWindowDays));
    const disputed = await disputedCriteria(trx, record, body);

    const review = await trx
      .insertInto('agentReviews')
      .values({ qcId: record.id, agentUserId: userIdOf(user), agreed: 'No', raiseConcern: true, comment: body.comment })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch(onUniqueViolation('agent_reviews_qc_id_key', () => conflict(QC_MESSAGES.alreadyReviewed)));
    const dispute = await trx
      .insertInto('disputes')
      .values({
        qcRecordId: record.id,
        reviewId: review.id,
        agentUserId: userIdOf(user),
        inspectorId: record.qcInspectorId,
        status: 'open',
        raisedAt: now,
        answerDueAt: new Date(now.getTime() + windows.answerWindowHours * HOUR_MS),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('disputeCriteria')
      .values(disputed.map((c) => ({ disputeId: dispute.id, ...c })))
      .execute();
    // Filed under the QC record, so its history shows the dispute beside the edits it may lead to.
    const history = Object.fromEntries(
      disputed.map((c) => [
        c.criterion,
        {
          mark: c.originalMark,
          proposed: c.proposedMark,
          ...(record.scorecardId === STANDARD_SCORECARD_ID
            ? {}
            : { choice: c.originalChoice, proposedChoice: c.proposedChoice }),
          reason: c.reason,
        },
      ]),
    );
    await recordAudit(trx, actor, {
      action: 'create',
      objectType: 'review',
      objectId: record.id,
      changes: {
        after: { agreed: 'No', raiseConcern: true, comment: body.comment, disputed: history },
        note: `dispute ${dispute.id} raised`,
      },
    });
    await tellDisputeRaised(trx, {
      id: dispute.id,
      inspectorId: record.qcInspectorId,
      agentName: record.agentName,
      callDate: record.callDate,
      criteria: disputed.length,
    });
    return findDisputeById(trx, dispute.id);
  });
}
