// Raising a dispute (docs/guide/disputes.md): the agent's review of its in-house QC record, as a Raise Concern (agreed No)
// with the criteria disputed, and the dispute itself, in one transaction. One review per record, as the spec says.
import {
  localDayText,
  QC_MESSAGES,
  DISPUTE_MESSAGES,
  STANDARD_SCORECARD_ID,
  criterionOf,
  type TDispute,
  type TDisputeRaise,
  type TQcCriterionKey,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound, onUniqueViolation } from '../../http/errors.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { userIdOf } from '../../auth/access.ts';
import { findDisputeById } from './rows.ts';
import { readDisputeWindows } from './settings.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
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
    // Disputes name the spec's criteria; a record of another scorecard has none of them (docs/scorecards.md, What is left).
    if (record.scorecardId !== STANDARD_SCORECARD_ID)
      throw badRequest('This record is scored on a scorecard of its own: its disputes are not open yet');
    const marksOf = (key: TQcCriterionKey) => record[key] ?? 0;
    for (const c of body.criteria) {
      const current = marksOf(c.criterion as TQcCriterionKey);
      if (current === c.proposedMark)
        throw badRequest(DISPUTE_MESSAGES.sameMark(criterionOf(c.criterion).name, current));
    }

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
      .values(
        body.criteria.map((c) => ({
          disputeId: dispute.id,
          criterion: c.criterion,
          originalMark: marksOf(c.criterion),
          proposedMark: c.proposedMark,
          reason: c.reason,
        })),
      )
      .execute();
    // Filed under the QC record, so its history shows the dispute beside the edits it may lead to.
    const disputed = Object.fromEntries(
      body.criteria.map((c) => [
        c.criterion,
        { mark: marksOf(c.criterion), proposed: c.proposedMark, reason: c.reason },
      ]),
    );
    await recordAudit(trx, actor, {
      action: 'create',
      objectType: 'review',
      objectId: record.id,
      changes: {
        after: { agreed: 'No', raiseConcern: true, comment: body.comment, disputed },
        note: `dispute ${dispute.id} raised`,
      },
    });
    return findDisputeById(trx, dispute.id);
  });
}
