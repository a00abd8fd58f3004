// The demo's disputes: open (one overdue), answered (accepted, one kept) and one escalated, on in-house records with a
// linked recording, with the records' marks and reviews as the services leave them; one more on a Customer Care call
// scored on its client form, disputed and answered by the choices' labels; seeding twice adds nothing.
import { describe, expect, it } from 'vitest';
import {
  marksFromStored,
  qcGrade,
  qcTotal,
  scoreMarks,
  type TDisputeFigures,
  type TDisputePage,
  type TQcScores,
} from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { demoRecordings } from './recordings.ts';
import { DEMO_SCORECARD } from './scorecards.ts';
import { seedDemo } from './seed.ts';
import { allowDemoSeedTime } from '../test/demo-timeout.ts';

allowDemoSeedTime();

const t = useTestApp();

describe('demo data of disputes', () => {
  it('holds open, overdue, answered and escalated disputes on records with a recording, and is seeded once', async () => {
    await seedDemo(t.db, demoRecordings());
    await seedDemo(t.db, demoRecordings());
    // The disputes on "Standard" (the client form's one is below).
    const disputes = await t.db
      .selectFrom('disputes')
      .innerJoin('qcRecords', 'qcRecords.id', 'disputes.qcRecordId')
      .selectAll('disputes')
      .where('qcRecords.scorecardId', '=', 1)
      .orderBy('disputes.id')
      .execute();
    expect(disputes.map((d) => d.status)).toEqual(['open', 'open', 'answered', 'answered', 'escalated']);
    expect(disputes[0]?.answerDueAt.getTime()).toBeLessThan(Date.now());
    expect(new Set(disputes.map((d) => d.agentUserId)).size).toBeGreaterThan(1);
    // The agent asks the inspector to listen again: every dispute's record has its recording linked.
    const linked = await t.db
      .selectFrom('qcRecordFiles')
      .select('qcRecordId')
      .distinct()
      .where(
        'qcRecordId',
        'in',
        disputes.map((d) => d.qcRecordId),
      )
      .execute();
    expect(linked).toHaveLength(disputes.length);
    const criteria = await t.db
      .selectFrom('disputeCriteria')
      .selectAll()
      .where(
        'disputeId',
        'in',
        disputes.map((d) => d.id),
      )
      .execute();
    expect(criteria.some((c) => c.outcome === 'accepted')).toBe(true);
    expect(criteria.some((c) => c.outcome === 'kept')).toBe(true);
    const reviews = await t.db
      .selectFrom('agentReviews')
      .selectAll()
      .where(
        'id',
        'in',
        disputes.map((d) => d.reviewId),
      )
      .execute();
    expect(reviews.every((r) => r.agreed === 'No' && r.raiseConcern)).toBe(true);
    expect(reviews.filter((r) => r.isResolved)).toHaveLength(3);
    const records = await t.db
      .selectFrom('qcRecords')
      .selectAll()
      .where(
        'id',
        'in',
        disputes.map((d) => d.qcRecordId),
      )
      .execute();
    for (const r of records) {
      expect(r.total).toBe(qcTotal(r as unknown as TQcScores));
      expect(r.agentGrade).toBe(qcGrade(r.total));
    }
  });

  it('holds one answered dispute on a Customer Care call scored on its client form, told by labels', async () => {
    await seedDemo(t.db, demoRecordings());
    await seedDemo(t.db, demoRecordings());
    const admin = await t.callerFor('admin');
    const r = await admin.get('/api/disputes/pagination/0/50?status=answered');
    expect(r.status, r.text).toBe(200);
    const onForm = r.json<TDisputePage>().response.content.filter((d) => d.scorecardId !== 1);
    expect(onForm).toHaveLength(1);
    const dispute = onForm[0]!;
    expect(dispute.campaignName).toBe('Customer Care');
    // Question order scored No, the agent proposes Yes, the inspector settles on Partly.
    expect(dispute.criteria).toEqual([
      expect.objectContaining({
        criterion: 'questionOrder',
        name: 'Question order',
        originalChoice: 'No',
        originalMark: 0,
        proposedChoice: 'Yes',
        proposedMark: 20,
        finalOutcome: 'changed',
        finalChoice: 'Partly',
        finalMark: 10,
      }),
    ]);
    expect(dispute.canEscalate).toBe(true);
    // The record holds the choice set and its total as the form scores it.
    const record = await t.db
      .selectFrom('qcRecords')
      .selectAll()
      .where('id', '=', dispute.qcId)
      .executeTakeFirstOrThrow();
    expect(record.marks.questionOrder).toMatchObject({ choice: 'Partly', marks: 10 });
    const again = scoreMarks(DEMO_SCORECARD, marksFromStored(record.marks));
    expect([record.total, record.agentGrade]).toEqual([again.total, again.grade]);
    expect(dispute.total).toBe(record.total);
    const review = await t.db
      .selectFrom('agentReviews')
      .selectAll()
      .where('id', '=', dispute.reviewId)
      .executeTakeFirstOrThrow();
    expect(review.isResolved).toBe(true);
    expect(review.resolvedMessage).toContain('Question order changed: No (0) → Partly (10)');
    // The figures count it on its own scorecard's line.
    const figures = (await admin.get('/api/disputes/figures')).json<TDisputeFigures>();
    expect(figures.byCriterion.find((c) => c.criterion === 'questionOrder')).toMatchObject({
      scorecard: DEMO_SCORECARD.name,
      name: 'Question order',
      criteria: 1,
      changed: 1,
    });
  });
});
