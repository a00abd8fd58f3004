// POST /api/disputes and the settings: an agent disputes criteria of its own in-house record within the window, as
// its one review of the record (agreed No, a raised concern), and admins set the windows.
import { describe, expect, it } from 'vitest';
import {
  DISPUTE_MESSAGES,
  QC_MESSAGES,
  type TAgentQcRecord,
  type TAuditHistory,
  type TDispute,
  type TDisputeSettings,
} from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { addClientRecord, clientScorecard, qcWorld } from '../../test/qc-support.ts';
import { disputableRecord, raise, twoCriteria } from '../../test/disputes-support.ts';

const t = useTestApp();
const HOUR = 3600 * 1000;

describe('POST /api/disputes', () => {
  it('answers 401 without a session and 403 to inspectors, admins and other agents', async () => {
    const w = await qcWorld(t);
    const record = await disputableRecord(w);
    expect((await t.anonymous.post('/api/disputes', twoCriteria(record.id))).status).toBe(401);
    expect((await w.qcA.post('/api/disputes', twoCriteria(record.id))).status).toBe(403);
    expect((await w.admin.post('/api/disputes', twoCriteria(record.id))).status).toBe(403);
    const other = await w.otherAgentApi.post('/api/disputes', twoCriteria(record.id));
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: QC_MESSAGES.otherAgent });
    expect(await t.db.selectFrom('disputes').select('id').where('qcRecordId', '=', record.id).execute()).toEqual([]);
  });

  it('raises the review (agreed No, concern raised, the comment) and the dispute with its criteria in one go', async () => {
    const w = await qcWorld(t);
    const record = await disputableRecord(w);
    const before = Date.now();
    const dispute = await raise(w.agentApi, twoCriteria(record.id));
    expect(dispute).toMatchObject({
      qcId: record.id,
      status: 'open',
      comment: 'Two marks are wrong',
      total: 85,
      agentGrade: 'Meet Expectation',
      overdue: false,
      canEscalate: false,
    });
    expect(dispute.criteria).toEqual([
      expect.objectContaining({
        criterion: 'greetings',
        name: 'Greetings',
        originalMark: -5,
        proposedMark: 0,
        reason: 'I greeted the customer at 0:03',
        outcome: null,
        finalOutcome: null,
      }),
      expect.objectContaining({ criterion: 'crm', name: 'CRM', originalMark: 10, proposedMark: 20, outcome: null }),
    ]);
    // Due within the default 48 hours of raising.
    const due = Date.parse(dispute.answerDueAt) - Date.parse(dispute.raisedAt);
    expect(due).toBe(48 * HOUR);
    expect(Date.parse(dispute.raisedAt)).toBeGreaterThanOrEqual(before - 1000);

    const [listed] = (await w.agentApi.get('/api/qcReport/list-of-qc-records-by-agent-id')).json<TAgentQcRecord[]>();
    expect(listed?.review).toMatchObject({
      id: dispute.reviewId,
      agreed: 'No',
      raiseConcern: true,
      comment: 'Two marks are wrong',
      isResolved: false,
    });
    // The inspector's open reviews show it, and its history says what was disputed.
    const open = (await w.qcA.get('/api/qcReport/get-agent-reviews')).json<{ id: number }[]>();
    expect(open.map((r) => r.id)).toContain(dispute.reviewId);
    const history = (await w.qcA.get(`/api/audit/qcRecord/${record.id}`)).json<TAuditHistory>();
    expect(history.at(-1)).toMatchObject({
      objectType: 'review',
      action: 'create',
      changes: { note: `dispute ${dispute.id} raised` },
    });
  });

  it('refuses a record already reviewed (409), the spec’s one review per record', async () => {
    const w = await qcWorld(t);
    const record = await disputableRecord(w);
    expect(
      (await w.agentApi.post('/api/qcReport/submit', { qcId: record.id, agreed: 'Yes', comment: 'Fair' })).status,
    ).toBe(200);
    const r = await w.agentApi.post('/api/disputes', twoCriteria(record.id));
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ message: QC_MESSAGES.alreadyReviewed });
    const disputed = await disputableRecord(w);
    await raise(w.agentApi, twoCriteria(disputed.id));
    expect((await w.agentApi.post('/api/disputes', twoCriteria(disputed.id))).status).toBe(409);
    expect((await w.agentApi.post('/api/qcReport/submit', { qcId: disputed.id, agreed: 'Yes' })).status).toBe(409);
  });

  it('refuses a record past the dispute window with a clear message, and follows the setting', async () => {
    const w = await qcWorld(t);
    const record = await disputableRecord(w);
    await t.db
      .updateTable('qcRecords')
      .set({ createdAt: new Date(Date.now() - 8 * 24 * HOUR) } as never)
      .where('id', '=', record.id)
      .execute();
    const late = await w.agentApi.post('/api/disputes', twoCriteria(record.id));
    expect(late.status).toBe(400);
    expect(late.json<{ message: string }>().message).toMatch(
      /^The time to dispute this QC record ended on \d{4}-\d{2}-\d{2} \(7 days after it was scored\)$/,
    );
    expect(await t.db.selectFrom('agentReviews').select('id').where('qcId', '=', record.id).execute()).toEqual([]);
    expect((await w.admin.put('/api/disputes/settings', { disputeWindowDays: 10, answerWindowHours: 48 })).status).toBe(
      200,
    );
    await raise(w.agentApi, twoCriteria(record.id));
    expect((await w.admin.put('/api/disputes/settings', { disputeWindowDays: 7, answerWindowHours: 48 })).status).toBe(
      200,
    );
  });

  it('refuses criteria that are not on the scorecard, marks off the scale, the current mark and repeats', async () => {
    const w = await qcWorld(t);
    const record = await disputableRecord(w);
    const refused = async (criteria: unknown, pattern: RegExp) => {
      const r = await w.agentApi.post('/api/disputes', { qcId: record.id, comment: 'x', criteria });
      expect(r.status, r.text).toBe(400);
      expect(r.json<{ message: string }>().message).toMatch(pattern);
    };
    await refused([{ criterion: 'smile', proposedMark: 0, reason: 'r' }], /criterion must be one of greetings/);
    await refused(
      [{ criterion: 'crm', proposedMark: 15, reason: 'r' }],
      /CRM must be one of Yes \(20\), Need Improvement \(10\), No \(0\)/,
    );
    await refused([{ criterion: 'greetings', proposedMark: 0, reason: '' }], /Say why this mark is right/);
    await refused([], /Choose at least one criterion to dispute/);
    await refused(
      [
        { criterion: 'crm', proposedMark: 20, reason: 'a' },
        { criterion: 'crm', proposedMark: 0, reason: 'b' },
      ],
      /CRM is named twice/,
    );
    await refused(
      [
        { criterion: 'greetings', proposedMark: 0, reason: 'r' },
        { criterion: 'pace', proposedMark: 10, reason: 'r' },
      ],
      new RegExp(DISPUTE_MESSAGES.sameMark('Pace', 10).replace(/[()]/g, '\\$&')),
    );
    const client = await addClientRecord(w.qcA, clientScorecard(w));
    expect((await w.agentApi.post('/api/disputes', twoCriteria(client.id))).status).toBe(404);
    expect((await w.agentApi.post('/api/disputes', twoCriteria(987_654))).status).toBe(404);
    expect(await t.db.selectFrom('agentReviews').select('id').where('qcId', '=', record.id).execute()).toEqual([]);
  });
});

describe('GET and PUT /api/disputes/settings', () => {
  it('lets every role read the windows and only admins change them, within limits', async () => {
    const w = await qcWorld(t);
    expect((await t.anonymous.get('/api/disputes/settings')).status).toBe(401);
    expect((await w.qcA.put('/api/disputes/settings', { disputeWindowDays: 3, answerWindowHours: 24 })).status).toBe(
      403,
    );
    expect(
      (await w.agentApi.put('/api/disputes/settings', { disputeWindowDays: 3, answerWindowHours: 24 })).status,
    ).toBe(403);
    const read = await w.agentApi.get('/api/disputes/settings');
    expect(read.status).toBe(200);
    expect(read.json<TDisputeSettings>()).toMatchObject({ disputeWindowDays: 7, answerWindowHours: 48 });

    const saved = await w.admin.put('/api/disputes/settings', { disputeWindowDays: 3, answerWindowHours: 24 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json<TDisputeSettings>()).toMatchObject({
      disputeWindowDays: 3,
      answerWindowHours: 24,
      updatedBy: expect.any(String),
    });
    // The change is in the audit log, before and after.
    const trail = await t.app.db
      .selectFrom('auditLog')
      .select(['action', 'changes'])
      .where('objectType', '=', 'qcSettings')
      .where('objectId', '=', 'disputes')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(trail.action).toBe('update');
    expect(trail.changes).toMatchObject({
      before: { disputeWindowDays: 7, answerWindowHours: 48 },
      after: { disputeWindowDays: 3, answerWindowHours: 24 },
    });
    // A dispute raised now is due within the new window.
    const record = await disputableRecord(w);
    const dispute: TDispute = await raise(w.agentApi, twoCriteria(record.id));
    expect(Date.parse(dispute.answerDueAt) - Date.parse(dispute.raisedAt)).toBe(24 * HOUR);

    expect((await w.admin.put('/api/disputes/settings', { disputeWindowDays: 0, answerWindowHours: 24 })).status).toBe(
      400,
    );
    const tooLong = await w.admin.put('/api/disputes/settings', { disputeWindowDays: 7, answerWindowHours: 10_000 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json<{ message: string }>().message).toMatch(/answerWindowHours must be 1 to 720/);
    expect((await w.admin.put('/api/disputes/settings', { disputeWindowDays: 7, answerWindowHours: 48 })).status).toBe(
      200,
    );
  });
});
