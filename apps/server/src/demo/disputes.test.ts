// The demo's disputes: open (one overdue), answered (accepted, one kept) and one escalated, on in-house records with a
// linked recording, with the records' marks and reviews as the services leave them; seeding twice adds nothing.
import { describe, expect, it } from 'vitest';
import { qcGrade, qcTotal, type TQcScores } from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { demoRecordings } from './recordings.ts';
import { seedDemo } from './seed.ts';

const t = useTestApp();

describe('demo data of disputes', () => {
  it('holds open, overdue, answered and escalated disputes on records with a recording, and is seeded once', async () => {
    await seedDemo(t.db, demoRecordings());
    await seedDemo(t.db, demoRecordings());
    const disputes = await t.db.selectFrom('disputes').selectAll().orderBy('id').execute();
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
    const criteria = await t.db.selectFrom('disputeCriteria').selectAll().execute();
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
});
