import { describe, expect, it } from 'vitest';
import { QC_MESSAGES, type TAgentQcRecord, type TAgentReview } from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { addClientRecord, addRecord, clientScorecard, qcWorld, scorecard } from '../../test/qc-support.ts';

const t = useTestApp();
const records = async (api: Parameters<typeof addRecord>[0], query = '') => {
  const r = await api.get(`/api/qcReport/list-of-qc-records-by-agent-id${query}`);
  expect(r.status, r.text).toBe(200);
  return r.json<TAgentQcRecord[]>();
};

describe('agent reviews', () => {
  it('gives an agent its own in-house records only, whatever agentId it names', async () => {
    const w = await qcWorld(t);
    const mine = await addRecord(w.qcA, scorecard(w, { callDate: '2026-11-18' }));
    const newer = await addRecord(w.qcB, scorecard(w, { callDate: '2026-11-19' }));
    await addRecord(w.qcA, scorecard(w, { agentId: w.otherAgent.username }));
    await addClientRecord(w.qcA, clientScorecard(w));
    expect((await records(w.agentApi)).map((r) => r.id)).toEqual([newer.id, mine.id]);
    expect((await records(w.agentApi, `?agentId=${w.agent.username}`)).map((r) => r.id)).toEqual([newer.id, mine.id]);
    const other = await w.agentApi.get(`/api/qcReport/list-of-qc-records-by-agent-id?agentId=${w.otherAgent.username}`);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: QC_MESSAGES.otherAgent });
    expect((await records(w.admin, `?agentId=${w.agent.username}`)).map((r) => r.id)).toEqual([newer.id, mine.id]);
    expect((await w.admin.get('/api/qcReport/list-of-qc-records-by-agent-id')).status).toBe(400);
    expect((await w.qcA.get('/api/qcReport/list-of-qc-records-by-agent-id')).status).toBe(403);
  });

  it('takes one review per record from its agent, keeps the record listed with its review, and refuses others', async () => {
    const w = await qcWorld(t);
    const r = await addRecord(w.qcA, scorecard(w, { suggestion: 'Slow down' }));
    const sent = {
      qcId: r.id,
      agreed: 'No',
      raiseConcern: true,
      comment: 'The customer hung up first',
      total: 5,
      qcInspector: 'x',
      callDate: '2000-01-01',
    };
    const submitted = await w.agentApi.post('/api/qcReport/submit', sent);
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.json<TAgentReview>()).toMatchObject({
      qcId: r.id,
      agreed: 'No',
      raiseConcern: true,
      comment: 'The customer hung up first',
      isResolved: false,
      total: 100,
      suggestion: 'Slow down',
      qcInspector: w.inspectorA.username,
      callDate: '2026-11-20',
      agentName: 'Rina Akter',
    });
    const again = await w.agentApi.post('/api/qcReport/submit', { ...sent, comment: 'again' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: QC_MESSAGES.alreadyReviewed });
    const [listed] = await records(w.agentApi);
    expect(listed?.review).toMatchObject({ comment: 'The customer hung up first', raiseConcern: true });
    expect((await w.otherAgentApi.post('/api/qcReport/submit', { qcId: r.id, comment: 'not mine' })).status).toBe(403);
    expect((await w.qcA.post('/api/qcReport/submit', { qcId: r.id, comment: 'inspector' })).status).toBe(403);
    expect((await w.agentApi.post('/api/qcReport/submit', { qcId: 999_999, comment: 'none' })).status).toBe(404);
    expect((await w.agentApi.post('/api/qcReport/submit', { qcId: r.id, agreed: 'Maybe' })).status).toBe(400);
  });

  it("lists an inspector the open reviews of its own records; resolving stores the inspector's words and closes it", async () => {
    const w = await qcWorld(t);
    const a = await addRecord(w.qcA, scorecard(w));
    const b = await addRecord(w.qcB, scorecard(w, { callDate: '2026-11-21' }));
    await t.db.insertInto('qcRecordFiles').values({ qcRecordId: a.id, fileName: 'a.wav' }).execute();
    await w.agentApi.post('/api/qcReport/submit', {
      qcId: a.id,
      agreed: 'No',
      raiseConcern: true,
      comment: 'Disagree',
    });
    await w.agentApi.post('/api/qcReport/submit', { qcId: b.id, agreed: 'Yes', raiseConcern: false, comment: 'Fair' });
    const openA = (await w.qcA.get('/api/qcReport/get-agent-reviews')).json<TAgentReview[]>();
    expect(openA.map((r) => r.qcId)).toEqual([a.id]);
    expect(openA[0]?.voiceLog).toBe('2026-11-20/a.wav');
    const reviewA = openA[0];
    if (!reviewA) throw new Error('no review');
    expect((await w.admin.get('/api/qcReport/get-agent-reviews')).json<TAgentReview[]>().map((r) => r.qcId)).toEqual(
      expect.arrayContaining([a.id, b.id]),
    );

    expect(
      (await w.qcB.put(`/api/qcReport/agent-review/${reviewA.id}`, { isResolved: true, resolvedMessage: 'mine?' }))
        .status,
    ).toBe(403);
    expect(
      (await w.qcA.put(`/api/qcReport/agent-review/${reviewA.id}`, { isResolved: true, resolvedMessage: '' })).status,
    ).toBe(400);
    const resolved = await w.qcA.put(`/api/qcReport/agent-review/${reviewA.id}`, {
      isResolved: true,
      resolvedMessage: 'Listened again: the score stands',
    });
    expect(resolved.json<TAgentReview>()).toMatchObject({
      isResolved: true,
      resolvedMessage: 'Listened again: the score stands',
      resolvedBy: w.inspectorA.username,
      comment: 'Disagree',
    });
    expect((await w.qcA.get('/api/qcReport/get-agent-reviews')).json<TAgentReview[]>()).toEqual([]);
    const mine = await records(w.agentApi);
    expect(mine.find((r) => r.id === a.id)?.review).toMatchObject({
      isResolved: true,
      resolvedMessage: 'Listened again: the score stands',
    });
    expect((await w.agentApi.get('/api/qcReport/get-agent-reviews')).status).toBe(403);
    expect(
      (await w.qcA.put('/api/qcReport/agent-review/999999', { isResolved: true, resolvedMessage: 'x' })).status,
    ).toBe(404);
  });
});
