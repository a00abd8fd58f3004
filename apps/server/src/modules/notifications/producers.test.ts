// Who is told of what (docs/notifications.md): a new in-house QC record tells its agent; a new dispute its record's
// inspector; an answer or decision the agent; an escalation the inspector and the admins; a send to VICIdial that
// stopped the admins. Nobody else is told, and a refused change tells nobody.
import { describe, expect, it } from 'vitest';
import type { TNotification, TNotificationList } from '@crm/shared';
import { useTestApp, type Caller } from '../../test/harness.ts';
import { addClientRecord, addRecord, clientScorecard, qcWorld, scorecard } from '../../test/qc-support.ts';
import { acceptOneKeepOne, answer, disputableRecord, raise, twoCriteria } from '../../test/disputes-support.ts';
import { writeBatch } from '../dialer/sends/send-rows.ts';

const t = useTestApp();

async function inbox(api: Caller): Promise<TNotification[]> {
  const r = await api.get('/api/notifications');
  expect(r.status, r.text).toBe(200);
  return r.json<TNotificationList>().items;
}

const kinds = async (api: Caller) => (await inbox(api)).map((n) => n.kind);

describe('the QC loop tells', () => {
  it('the agent of a new in-house record of theirs, and nobody of a client record', async () => {
    const w = await qcWorld(t);
    const record = await addRecord(w.qcA, scorecard(w, { greetings: -5 }));
    const [told, ...rest] = await inbox(w.agentApi);
    expect(rest).toEqual([]);
    expect(told).toMatchObject({
      kind: 'qc-record',
      link: `/agent-performance?qcId=${record.id}`,
      readAt: null,
    });
    expect(told!.body).toContain('2026-11-20');
    expect(told!.body).toContain('95');
    await addClientRecord(w.qcA, clientScorecard(w));
    expect(await kinds(w.agentApi)).toEqual(['qc-record']);
    for (const other of [w.otherAgentApi, w.qcA, w.qcB, w.admin]) expect(await inbox(other)).toEqual([]);
  });

  it('a refused record tells nobody', async () => {
    const w = await qcWorld(t);
    const r = await w.qcA.post('/api/qcReport/add', scorecard(w, { campaignName: 'No such campaign' }));
    expect(r.status).toBe(400);
    expect(await inbox(w.agentApi)).toEqual([]);
  });

  it("the record's inspector of a new dispute, and the agent of its answer", async () => {
    const w = await qcWorld(t);
    const record = await disputableRecord(w);
    const dispute = await raise(w.agentApi, twoCriteria(record.id));
    const [raised] = await inbox(w.qcA);
    expect(raised).toMatchObject({ kind: 'dispute-new', link: `/flag-raised?dispute=${dispute.id}` });
    expect(raised!.title).toContain(w.agent.name);
    expect(await inbox(w.qcB)).toEqual([]);
    expect(await inbox(w.admin)).toEqual([]);

    await answer(w.qcA, dispute.id, acceptOneKeepOne);
    const [answered] = await inbox(w.agentApi);
    expect(answered).toMatchObject({
      kind: 'dispute-answered',
      title: 'Your dispute was answered',
      link: `/agent-performance?qcId=${record.id}`,
    });
    expect(answered!.body).toContain('Q3 was skipped at 2:10');
    expect(await inbox(w.otherAgentApi)).toEqual([]);
  });

  it('the inspector and the admins of an escalation, and the agent of the decision', async () => {
    const w = await qcWorld(t);
    const record = await disputableRecord(w);
    const dispute = await raise(w.agentApi, twoCriteria(record.id));
    await answer(w.qcA, dispute.id, acceptOneKeepOne);
    const reason = 'The CRM was complete: listen from 2:00';
    expect((await w.agentApi.post(`/api/disputes/${dispute.id}/escalate`, { reason })).status).toBe(200);
    for (const api of [w.qcA, w.admin]) {
      const [escalated] = await inbox(api);
      expect(escalated).toMatchObject({ kind: 'dispute-escalated', body: reason });
    }
    expect(await kinds(w.qcB)).toEqual([]);
    // A second escalation is refused (409) and tells nobody again.
    expect((await w.agentApi.post(`/api/disputes/${dispute.id}/escalate`, { reason })).status).toBe(409);
    expect(await kinds(w.admin)).toEqual(['dispute-escalated']);

    const decided = await w.admin.put(`/api/disputes/${dispute.id}/decision`, {
      criteria: [{ criterion: 'crm', outcome: 'accepted', reason: 'Listened: complete' }],
    });
    expect(decided.status, decided.text).toBe(200);
    const [told] = await inbox(w.agentApi);
    expect(told).toMatchObject({ kind: 'dispute-answered', title: 'Your escalated dispute was decided' });
    expect(told!.body).toContain('Listened: complete');
  });
});

describe('the dialer tells', () => {
  it('the admins of a send to VICIdial that stopped, once, and not of one cancelled', async () => {
    const w = await qcWorld(t);
    const send = (state: 'running' | 'cancelled') =>
      t.db
        .insertInto('dialerSends')
        .values({
          campaignId: w.campaignId,
          dataDate: '2026-11-20',
          state,
          listId: '101',
          duplicateCheck: 'NONE',
          dncCheck: false,
          campaignDncCheck: false,
          rate: 1,
          total: 10,
          startedBy: 'admin',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const running = await send('running');
    await writeBatch(
      t.db,
      running.id,
      [],
      [],
      'The dialer stopped answering: timed out. Resume the send when it is back.',
    );
    // Already stopped: a second batch's stop changes nothing and tells nobody again.
    await writeBatch(t.db, running.id, [], [], 'again');
    const cancelled = await send('cancelled');
    await writeBatch(t.db, cancelled.id, [], [], 'stopped meanwhile');
    const told = await inbox(w.admin);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ kind: 'send-stopped', link: '/generateLead' });
    expect(told[0]!.title).toContain(w.campaign);
    expect(told[0]!.body).toContain('The dialer stopped answering');
    for (const other of [w.agentApi, w.qcA]) expect(await inbox(other)).toEqual([]);
  });
});
