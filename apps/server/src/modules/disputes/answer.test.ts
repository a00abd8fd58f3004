// PUT /api/disputes/{id}/answer: the record's inspector (or an admin) answers every disputed criterion once; accepted
// and changed marks update the record's marks, total and grade exactly once, with the change in its history.
import { describe, expect, it } from 'vitest';
import {
  DISPUTE_MESSAGES,
  QC_MESSAGES,
  type TAgentQcRecord,
  type TAuditHistory,
  type TDispute,
  type TQcRecord,
} from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { qcWorld } from '../../test/qc-support.ts';
import { acceptOneKeepOne, answer, disputableRecord, raise, twoCriteria } from '../../test/disputes-support.ts';

const t = useTestApp();

async function recordOf(api: Parameters<typeof raise>[0], id: number): Promise<TQcRecord> {
  const r = await api.get(`/api/qcReport/getqc/${id}`);
  expect(r.status, r.text).toBe(200);
  return r.json<TQcRecord>();
}

describe('PUT /api/disputes/{id}/answer', () => {
  it('answers 401 without a session, 403 to agents and to another inspector, 404 for no dispute', async () => {
    const w = await qcWorld(t);
    const dispute = await raise(w.agentApi, twoCriteria((await disputableRecord(w)).id));
    const url = `/api/disputes/${dispute.id}/answer`;
    expect((await t.anonymous.put(url, acceptOneKeepOne)).status).toBe(401);
    expect((await w.agentApi.put(url, acceptOneKeepOne)).status).toBe(403);
    const other = await w.qcB.put(url, acceptOneKeepOne);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: QC_MESSAGES.otherInspector });
    expect((await w.qcA.put('/api/disputes/987654/answer', acceptOneKeepOne)).status).toBe(404);
    expect(
      (await t.db.selectFrom('disputes').select('status').where('id', '=', dispute.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('open');
  });

  it('applies an accepted mark once: total and grade recomputed, version raised, history written, review resolved', async () => {
    const w = await qcWorld(t);
    const record = await disputableRecord(w);
    const dispute = await raise(w.agentApi, twoCriteria(record.id));
    const answered = await answer(w.qcA, dispute.id, acceptOneKeepOne);
    // Greetings −5 → 0: 85 + 5 = 90, Exceed Expectation; CRM stays 10.
    expect(answered).toMatchObject({
      status: 'answered',
      total: 90,
      agentGrade: 'Exceed Expectation',
      answeredBy: w.inspectorA.username,
      canEscalate: true,
      dueAt: null,
    });
    // The screens name people by name, not username.
    expect(answered).toMatchObject({
      answeredByName: w.inspectorA.name,
      qcInspectorName: w.inspectorA.name,
      decidedByName: null,
    });
    expect(answered.criteria).toEqual([
      expect.objectContaining({
        criterion: 'greetings',
        outcome: 'accepted',
        answeredMark: 0,
        answerReason: null,
        finalOutcome: 'accepted',
        finalMark: 0,
      }),
      expect.objectContaining({
        criterion: 'crm',
        outcome: 'kept',
        answeredMark: 10,
        answerReason: 'Q3 was skipped at 2:10',
        finalOutcome: 'kept',
        finalMark: 10,
      }),
    ]);
    const after = await recordOf(w.qcA, record.id);
    expect(after).toMatchObject({
      greetings: 0,
      crm: 10,
      total: 90,
      agentGrade: 'Exceed Expectation',
      version: record.version + 1,
    });

    const again = await w.qcA.put(`/api/disputes/${dispute.id}/answer`, acceptOneKeepOne);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: DISPUTE_MESSAGES.notOpen });
    expect(await recordOf(w.qcA, record.id)).toMatchObject({ total: 90, version: record.version + 1 });

    const history = (await w.qcA.get(`/api/audit/qcRecord/${record.id}`)).json<TAuditHistory>();
    const edits = history.filter((e) => e.objectType === 'qcRecord' && e.action === 'update');
    expect(edits).toHaveLength(1);
    expect(edits[0]?.changes).toEqual({
      before: { greetings: -5, total: 85, agentGrade: 'Meet Expectation' },
      after: { greetings: 0, total: 90, agentGrade: 'Exceed Expectation' },
      note: `dispute ${dispute.id} answered`,
    });
    expect(history.at(-1)).toMatchObject({ objectType: 'review', action: 'resolve' });

    const [listed] = (await w.agentApi.get('/api/qcReport/list-of-qc-records-by-agent-id')).json<TAgentQcRecord[]>();
    expect(listed?.review).toMatchObject({ isResolved: true, resolvedBy: w.inspectorA.username });
    expect(listed?.review?.resolvedMessage).toBe(
      `Dispute answered by ${w.inspectorA.name}:\nGreetings accepted: -5 → 0\nCRM kept at 10 (Q3 was skipped at 2:10)\nNew total 90 (Exceed Expectation)`,
    );
  });

  it('lets one of two concurrent answers win; the other gets 409 and the marks change once', async () => {
    const w = await qcWorld(t);
    const record = await disputableRecord(w);
    const dispute = await raise(w.agentApi, twoCriteria(record.id));
    const acceptBoth = {
      criteria: [
        { criterion: 'greetings', outcome: 'accepted' },
        { criterion: 'crm', outcome: 'accepted' },
      ],
    };
    const replies = await Promise.all([
      w.qcA.put(`/api/disputes/${dispute.id}/answer`, acceptBoth),
      w.admin.put(`/api/disputes/${dispute.id}/answer`, acceptBoth),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    // 85 + 5 + 10 = 100.
    expect(await recordOf(w.admin, record.id)).toMatchObject({
      greetings: 0,
      crm: 20,
      total: 100,
      version: record.version + 1,
    });
    const updates = await t.db
      .selectFrom('auditLog')
      .select('id')
      .where('objectType', '=', 'qcRecord')
      .where('objectId', '=', String(record.id))
      .where('action', '=', 'update')
      .execute();
    expect(updates).toHaveLength(1);
  });

  it('sets another mark of the scale (changed) and keeps a mark with its reason; an admin may answer', async () => {
    const w = await qcWorld(t);
    const record = await disputableRecord(w, w.qcA, { crm: 0 });
    // 100 − 5 − 20 = 75, Average.
    expect(record.total).toBe(75);
    const dispute = await raise(w.agentApi, {
      qcId: record.id,
      comment: '',
      criteria: [
        { criterion: 'crm', proposedMark: 20, reason: 'All asked' },
        { criterion: 'greetings', proposedMark: 0, reason: 'Greeted' },
      ],
    });
    const answered = await answer(w.admin, dispute.id, {
      criteria: [
        { criterion: 'crm', outcome: 'changed', mark: 10, reason: 'Asked, out of order' },
        { criterion: 'greetings', outcome: 'kept', reason: 'No greeting heard' },
      ],
    });
    expect(answered.criteria.map((c) => [c.criterion, c.finalOutcome, c.finalMark])).toEqual([
      ['greetings', 'kept', -5],
      ['crm', 'changed', 10],
    ]);
    expect(await recordOf(w.qcA, record.id)).toMatchObject({
      crm: 10,
      greetings: -5,
      total: 85,
      agentGrade: 'Meet Expectation',
    });
    expect(answered.answeredBy).toBe(
      (await t.db.selectFrom('disputes').select('answeredBy').where('id', '=', dispute.id).executeTakeFirstOrThrow())
        .answeredBy,
    );
  });

  it('keeping every criterion changes no mark and writes no edit', async () => {
    const w = await qcWorld(t);
    const record = await disputableRecord(w);
    const dispute = await raise(w.agentApi, twoCriteria(record.id));
    await answer(w.qcA, dispute.id, {
      criteria: [
        { criterion: 'greetings', outcome: 'kept', reason: 'a' },
        { criterion: 'crm', outcome: 'kept', reason: 'b' },
      ],
    });
    expect(await recordOf(w.qcA, record.id)).toMatchObject({ total: 85, version: record.version });
    const history = (await w.qcA.get(`/api/audit/qcRecord/${record.id}`)).json<TAuditHistory>();
    expect(history.filter((e) => e.objectType === 'qcRecord' && e.action === 'update')).toEqual([]);
  });

  it('refuses answers that miss a criterion, name another, lack a reason or give a wrong mark; nothing changes', async () => {
    const w = await qcWorld(t);
    const record = await disputableRecord(w);
    const dispute: TDispute = await raise(w.agentApi, twoCriteria(record.id));
    const refused = async (criteria: unknown, pattern: RegExp) => {
      const r = await w.qcA.put(`/api/disputes/${dispute.id}/answer`, { criteria });
      expect(r.status, r.text).toBe(400);
      expect(r.json<{ message: string }>().message).toMatch(pattern);
    };
    const keepCrm = { criterion: 'crm', outcome: 'kept', reason: 'b' };
    await refused(
      [{ criterion: 'greetings', outcome: 'accepted' }],
      /Answer every disputed criterion: CRM not answered/,
    );
    await refused(
      [{ criterion: 'greetings', outcome: 'accepted' }, keepCrm, { criterion: 'pace', outcome: 'kept', reason: 'x' }],
      /Pace is not a disputed criterion/,
    );
    await refused([{ criterion: 'greetings', outcome: 'kept' }, keepCrm], /Greetings: say why/);
    await refused(
      [
        { criterion: 'greetings', outcome: 'accepted' },
        { criterion: 'crm', outcome: 'changed', reason: 'x' },
      ],
      /CRM: choose the mark to set/,
    );
    await refused(
      [
        { criterion: 'greetings', outcome: 'accepted' },
        { criterion: 'crm', outcome: 'changed', mark: 20, reason: 'x' },
      ],
      /20 is the proposed mark; choose Accept/,
    );
    await refused(
      [
        { criterion: 'greetings', outcome: 'accepted' },
        { criterion: 'crm', outcome: 'changed', mark: 10, reason: 'x' },
      ],
      /10 is the mark as scored; choose Keep/,
    );
    await refused(
      [
        { criterion: 'greetings', outcome: 'accepted' },
        { criterion: 'crm', outcome: 'changed', mark: 7, reason: 'x' },
      ],
      /CRM must be one of/,
    );
    await refused(
      [{ criterion: 'greetings', outcome: 'approved' }, keepCrm],
      /outcome must be kept, accepted or changed/,
    );
    // Greetings has two marks only: another is impossible.
    await refused([{ criterion: 'greetings', outcome: 'changed', mark: -5, reason: 'x' }, keepCrm], /choose Keep/);
    expect((await w.qcA.put(`/api/disputes/${dispute.id}/answer`, { criteria: 'all' })).status).toBe(400);
    expect(await recordOf(w.qcA, record.id)).toMatchObject({ total: 85, version: record.version });
    expect(
      (await t.db.selectFrom('disputes').select('status').where('id', '=', dispute.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('open');
  });
});
