// GET /api/disputes/pagination/{page}/{size}: the usual wrapper; agents their own disputes, inspectors those on their
// records, admins all; overdue first, then oldest.
import { describe, expect, it } from 'vitest';
import type { TDispute, TDisputePage } from '@crm/shared';
import { useTestApp, type Caller } from '../../test/harness.ts';
import { qcWorld } from '../../test/qc-support.ts';
import { acceptOneKeepOne, answer, disputableRecord, raise, twoCriteria } from '../../test/disputes-support.ts';

const t = useTestApp();
const HOUR = 3600 * 1000;

async function page(api: Caller, query = '', at = '0/50'): Promise<TDisputePage> {
  const r = await api.get(`/api/disputes/pagination/${at}${query}`);
  expect(r.status, r.text).toBe(200);
  return r.json<TDisputePage>();
}
const ids = (p: TDisputePage) => p.response.content.map((d) => d.id);

/** Moves a dispute in time: raised `raisedHoursAgo` ago, due `dueInHours` from now (negative: overdue). */
async function setTimes(id: number, raisedHoursAgo: number, dueInHours: number, escalatedHoursAgo?: number) {
  const now = Date.now();
  await t.db
    .updateTable('disputes')
    .set({
      raisedAt: new Date(now - raisedHoursAgo * HOUR),
      answerDueAt: new Date(now + dueInHours * HOUR),
      ...(escalatedHoursAgo === undefined ? {} : { escalatedAt: new Date(now - escalatedHoursAgo * HOUR) }),
    } as never)
    .where('id', '=', id)
    .execute();
}

describe('GET /api/disputes/pagination/{page}/{size}', () => {
  it('answers 401 without a session and gives each role its own disputes only', async () => {
    const w = await qcWorld(t);
    expect((await t.anonymous.get('/api/disputes/pagination/0/10')).status).toBe(401);
    const mineA = await raise(w.agentApi, twoCriteria((await disputableRecord(w)).id));
    const mineB = await raise(w.agentApi, twoCriteria((await disputableRecord(w, w.qcB)).id));
    const otherAgents = await disputableRecord(w, w.qcA, { agentId: w.otherAgent.username });
    const theirs = await raise(w.otherAgentApi, twoCriteria(otherAgents.id));

    expect(ids(await page(w.agentApi)).sort()).toEqual([mineA.id, mineB.id].sort());
    expect(ids(await page(w.otherAgentApi))).toEqual([theirs.id]);
    expect(ids(await page(w.qcA)).sort()).toEqual([mineA.id, theirs.id].sort());
    expect(ids(await page(w.qcB))).toEqual([mineB.id]);
    expect(ids(await page(w.admin))).toEqual(expect.arrayContaining([mineA.id, mineB.id, theirs.id]));
    // Naming a record changes nothing of the scope.
    expect(ids(await page(w.qcB, `?qcId=${mineA.qcId}`))).toEqual([]);
    expect(ids(await page(w.qcA, `?qcId=${mineA.qcId}`))).toEqual([mineA.id]);
  });

  it('puts overdue disputes first, then the oldest; an admin sees escalated ones overdue after the answer window', async () => {
    const w = await qcWorld(t);
    const raised: TDispute[] = [];
    for (let i = 0; i < 4; i += 1) raised.push(await raise(w.agentApi, twoCriteria((await disputableRecord(w)).id)));
    const [fresh, overdueRecent, overdueOld, escalated] = raised as [TDispute, TDispute, TDispute, TDispute];
    await setTimes(fresh.id, 50, 10);
    await setTimes(overdueRecent.id, 5, -1);
    await setTimes(overdueOld.id, 60, -12);
    await answer(w.qcA, escalated.id, acceptOneKeepOne);
    expect((await w.agentApi.post(`/api/disputes/${escalated.id}/escalate`, { reason: 'Listen again' })).status).toBe(
      200,
    );
    // Escalated 49 hours ago, raised 70: past the admin's 48 hours.
    await setTimes(escalated.id, 70, -60, 49);

    const qc = await page(w.qcA, '?status=open');
    expect(ids(qc)).toEqual([overdueOld.id, overdueRecent.id, fresh.id]);
    expect(qc.response.content.map((d) => d.overdue)).toEqual([true, true, false]);
    // The admin's list holds the earlier tests' disputes too (open, not overdue): these come first.
    const mine = new Set(raised.map((d) => d.id));
    const active = await page(w.admin, '?status=active');
    expect(ids(active).slice(0, 3)).toEqual([escalated.id, overdueOld.id, overdueRecent.id]);
    expect(ids(active).filter((id) => mine.has(id))).toEqual([escalated.id, overdueOld.id, overdueRecent.id, fresh.id]);
    expect(active.response.content[0]).toMatchObject({ status: 'escalated', overdue: true });
    expect(ids(await page(w.admin, '?status=escalated'))).toEqual([escalated.id]);
    expect(ids(await page(w.admin, '?status=answered')).filter((id) => mine.has(id))).toEqual([]);
  });

  it('pages with the usual wrapper and refuses an unknown status', async () => {
    const w = await qcWorld(t);
    const made: number[] = [];
    for (let i = 0; i < 3; i += 1) made.push((await raise(w.agentApi, twoCriteria((await disputableRecord(w)).id))).id);
    const first = await page(w.agentApi, '', '0/2');
    expect(first).toMatchObject({ recordCount: 3, response: { totalElements: 3, totalPages: 2, size: 2, number: 0 } });
    const second = await page(w.agentApi, '', '1/2');
    expect([...ids(first), ...ids(second)]).toEqual(made);
    const bad = await w.agentApi.get('/api/disputes/pagination/0/10?status=lost');
    expect(bad.status).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(
      /status must be one of open, answered, escalated, decided, active/,
    );
    expect((await w.agentApi.get('/api/disputes/pagination/0/0')).status).toBe(400);
  });
});
