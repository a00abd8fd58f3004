// POST /api/disputes/{id}/escalate and PUT /api/disputes/{id}/decision: the agent escalates a rejected answer once, to
// an admin, whose decision on each rejected criterion is final and applies its marks as an answer would.
import { describe, expect, it } from 'vitest';
import { DISPUTE_MESSAGES, type TAgentQcRecord, type TAuditHistory, type TDispute, type TQcRecord } from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { qcWorld, type QcWorld } from '../../test/qc-support.ts';
import { acceptOneKeepOne, answer, disputableRecord, raise, twoCriteria } from '../../test/disputes-support.ts';

const t = useTestApp();

/** A dispute of w.agent's record, answered by qA: Greetings accepted, CRM kept. */
async function answeredDispute(w: QcWorld): Promise<TDispute> {
  const record = await disputableRecord(w);
  const dispute = await raise(w.agentApi, twoCriteria(record.id));
  return answer(w.qcA, dispute.id, acceptOneKeepOne);
}

const escalate = (w: QcWorld, id: number, reason = 'The CRM was complete: listen from 2:00') =>
  w.agentApi.post(`/api/disputes/${id}/escalate`, { reason });

describe('POST /api/disputes/{id}/escalate', () => {
  it('answers 401 without a session and 403 to inspectors, admins and another agent', async () => {
    const w = await qcWorld(t);
    const d = await answeredDispute(w);
    const url = `/api/disputes/${d.id}/escalate`;
    expect((await t.anonymous.post(url, { reason: 'x' })).status).toBe(401);
    expect((await w.qcA.post(url, { reason: 'x' })).status).toBe(403);
    expect((await w.admin.post(url, { reason: 'x' })).status).toBe(403);
    const other = await w.otherAgentApi.post(url, { reason: 'x' });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: DISPUTE_MESSAGES.otherAgent });
  });

  it('escalates a rejected answer once', async () => {
    const w = await qcWorld(t);
    const d = await answeredDispute(w);
    const r = await escalate(w, d.id);
    expect(r.status, r.text).toBe(200);
    expect(r.json<TDispute>()).toMatchObject({
      status: 'escalated',
      escalationReason: 'The CRM was complete: listen from 2:00',
      canEscalate: false,
      overdue: false,
    });
    expect(r.json<TDispute>().dueAt).not.toBeNull();
    const again = await escalate(w, d.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: DISPUTE_MESSAGES.escalateOnce });
  });

  it('refuses an open dispute, one with every criterion accepted, no reason and no dispute', async () => {
    const w = await qcWorld(t);
    const open = await raise(w.agentApi, twoCriteria((await disputableRecord(w)).id));
    expect((await escalate(w, open.id)).body).toEqual({ message: DISPUTE_MESSAGES.notAnswered });
    const accepted = await answer(w.qcA, open.id, {
      criteria: [
        { criterion: 'greetings', outcome: 'accepted' },
        { criterion: 'crm', outcome: 'accepted' },
      ],
    });
    expect(accepted.canEscalate).toBe(false);
    const r = await escalate(w, open.id);
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ message: DISPUTE_MESSAGES.nothingRejected });
    const d = await answeredDispute(w);
    const blank = await escalate(w, d.id, '  ');
    expect(blank.status).toBe(400);
    expect(blank.json<{ message: string }>().message).toMatch(/Say why the answer is wrong/);
    expect((await escalate(w, 987_654)).status).toBe(404);
  });

  it('counts a changed mark other than the proposed one as rejected', async () => {
    const w = await qcWorld(t);
    const record = await disputableRecord(w, w.qcA, { crm: 0 });
    const d = await raise(w.agentApi, {
      qcId: record.id,
      comment: '',
      criteria: [{ criterion: 'crm', proposedMark: 20, reason: 'All asked' }],
    });
    const answered = await answer(w.qcA, d.id, {
      criteria: [{ criterion: 'crm', outcome: 'changed', mark: 10, reason: 'Half' }],
    });
    expect(answered.canEscalate).toBe(true);
    expect((await escalate(w, d.id)).status).toBe(200);
  });
});

describe('PUT /api/disputes/{id}/decision', () => {
  it('answers 401 without a session and 403 to agents and inspectors', async () => {
    const w = await qcWorld(t);
    const d = await answeredDispute(w);
    await escalate(w, d.id);
    const body = { criteria: [{ criterion: 'crm', outcome: 'accepted' }] };
    expect((await t.anonymous.put(`/api/disputes/${d.id}/decision`, body)).status).toBe(401);
    expect((await w.agentApi.put(`/api/disputes/${d.id}/decision`, body)).status).toBe(403);
    expect((await w.qcA.put(`/api/disputes/${d.id}/decision`, body)).status).toBe(403);
  });

  it('applies the admin’s decision once and makes it final', async () => {
    const w = await qcWorld(t);
    const d = await answeredDispute(w);
    await escalate(w, d.id);
    const body = { criteria: [{ criterion: 'crm', outcome: 'accepted', reason: 'Listened: complete' }] };
    const r = await w.admin.put(`/api/disputes/${d.id}/decision`, body);
    expect(r.status, r.text).toBe(200);
    const decided = r.json<TDispute>();
    // After the answer 90 (Greetings accepted); CRM 10 → 20: 100.
    expect(decided).toMatchObject({
      status: 'decided',
      total: 100,
      agentGrade: 'Exceed Expectation',
      canEscalate: false,
      dueAt: null,
    });
    expect(decided.criteria.map((c) => [c.criterion, c.outcome, c.decision, c.finalOutcome, c.finalMark])).toEqual([
      ['greetings', 'accepted', null, 'accepted', 0],
      ['crm', 'kept', 'accepted', 'accepted', 20],
    ]);
    const record = (await w.admin.get(`/api/qcReport/getqc/${d.qcId}`)).json<TQcRecord>();
    expect(record).toMatchObject({ crm: 20, greetings: 0, total: 100 });

    const again = await w.admin.put(`/api/disputes/${d.id}/decision`, body);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: DISPUTE_MESSAGES.alreadyDecided });
    expect((await escalate(w, d.id)).status).toBe(409);
    expect(
      (
        await w.admin.put(`/api/disputes/${d.id}/answer`, {
          criteria: [
            { criterion: 'greetings', outcome: 'accepted' },
            { criterion: 'crm', outcome: 'accepted' },
          ],
        })
      ).status,
    ).toBe(409);

    const history = (await w.admin.get(`/api/audit/qcRecord/${d.qcId}`)).json<TAuditHistory>();
    const notes = history
      .filter((e) => e.objectType === 'qcRecord' && e.action === 'update')
      .map((e) => e.changes.note);
    expect(notes).toEqual([`dispute ${d.id} answered`, `dispute ${d.id} decided`]);
    const [listed] = (await w.agentApi.get('/api/qcReport/list-of-qc-records-by-agent-id')).json<TAgentQcRecord[]>();
    expect(listed?.review?.resolvedMessage).toMatch(
      /Final decision by .+:\nCRM accepted: 10 → 20 \(Listened: complete\)\nNew total 100 \(Exceed Expectation\)$/,
    );
  });

  it('restores the mark as scored when the admin keeps a criterion the inspector changed', async () => {
    const w = await qcWorld(t);
    const record = await disputableRecord(w, w.qcA, { crm: 0 });
    const d = await raise(w.agentApi, {
      qcId: record.id,
      comment: '',
      criteria: [{ criterion: 'crm', proposedMark: 20, reason: 'All asked' }],
    });
    await answer(w.qcA, d.id, { criteria: [{ criterion: 'crm', outcome: 'changed', mark: 10, reason: 'Half' }] });
    await escalate(w, d.id);
    const r = await w.admin.put(`/api/disputes/${d.id}/decision`, {
      criteria: [{ criterion: 'crm', outcome: 'kept', reason: 'Nothing was asked' }],
    });
    expect(r.status, r.text).toBe(200);
    expect((await w.admin.get(`/api/qcReport/getqc/${d.qcId}`)).json<TQcRecord>()).toMatchObject({ crm: 0, total: 75 });
  });

  it('refuses a dispute not escalated, an accepted criterion and a missing decision', async () => {
    const w = await qcWorld(t);
    const d = await answeredDispute(w);
    const notYet = await w.admin.put(`/api/disputes/${d.id}/decision`, {
      criteria: [{ criterion: 'crm', outcome: 'accepted' }],
    });
    expect(notYet.status).toBe(409);
    expect(notYet.body).toEqual({ message: DISPUTE_MESSAGES.notEscalated });
    await escalate(w, d.id);
    const accepted = await w.admin.put(`/api/disputes/${d.id}/decision`, {
      criteria: [
        { criterion: 'crm', outcome: 'accepted' },
        { criterion: 'greetings', outcome: 'kept', reason: 'x' },
      ],
    });
    expect(accepted.status).toBe(400);
    expect(accepted.body).toEqual({ message: DISPUTE_MESSAGES.alreadyAccepted('Greetings') });
    const none = await w.admin.put(`/api/disputes/${d.id}/decision`, {
      criteria: [{ criterion: 'pace', outcome: 'kept', reason: 'x' }],
    });
    expect(none.body).toEqual({ message: DISPUTE_MESSAGES.notDisputed('Pace') });
    expect(
      (await w.admin.put('/api/disputes/987654/decision', { criteria: [{ criterion: 'crm', outcome: 'accepted' }] }))
        .status,
    ).toBe(404);
    expect(
      (await t.db.selectFrom('disputes').select('status').where('id', '=', d.id).executeTakeFirstOrThrow()).status,
    ).toBe('escalated');
  });
});
