// GET /api/disputes/figures on a small set checked by hand: criteria by final outcome, escalations and the median
// time to answer, in total, per inspector and per criterion.
import { describe, expect, it } from 'vitest';
import type { TDisputeFigures } from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { qcWorld } from '../../test/qc-support.ts';
import { acceptOneKeepOne, answer, disputableRecord, raise, twoCriteria } from '../../test/disputes-support.ts';

const t = useTestApp();
const HOUR = 3600 * 1000;

/** Answered `hours` after it was raised. */
async function answeredAfter(id: number, hours: number) {
  const { raisedAt } = await t.db
    .selectFrom('disputes')
    .select('raisedAt')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('disputes')
    .set({ answeredAt: new Date(raisedAt.getTime() + hours * HOUR) })
    .where('id', '=', id)
    .execute();
}

describe('GET /api/disputes/figures', () => {
  it('counts raised, accepted, rejected, changed, escalated and the median time to answer, per inspector and criterion', async () => {
    const w = await qcWorld(t);
    expect((await t.anonymous.get('/api/disputes/figures')).status).toBe(401);
    expect((await w.agentApi.get('/api/disputes/figures')).status).toBe(403);

    // D1 (qA): Greetings accepted, CRM kept, answered after 2 h; escalated, the admin accepts CRM.
    const d1 = await raise(w.agentApi, twoCriteria((await disputableRecord(w)).id));
    await answer(w.qcA, d1.id, acceptOneKeepOne);
    await answeredAfter(d1.id, 2);
    expect((await w.agentApi.post(`/api/disputes/${d1.id}/escalate`, { reason: 'Listen again' })).status).toBe(200);
    expect(
      (await w.admin.put(`/api/disputes/${d1.id}/decision`, { criteria: [{ criterion: 'crm', outcome: 'accepted' }] }))
        .status,
    ).toBe(200);
    // D2 (qA): Pace 0 → proposed 10, changed to 5, answered after 4 h.
    const d2 = await raise(w.agentApi, {
      qcId: (await disputableRecord(w, w.qcA, { pace: 0 })).id,
      criteria: [{ criterion: 'pace', proposedMark: 10, reason: 'Steady' }],
    });
    await answer(w.qcA, d2.id, {
      criteria: [{ criterion: 'pace', outcome: 'changed', mark: 5, reason: 'A little fast' }],
    });
    await answeredAfter(d2.id, 4);
    // D3 (qB): CRM kept, answered after 10 h.
    const d3 = await raise(w.agentApi, {
      qcId: (await disputableRecord(w, w.qcB)).id,
      criteria: [{ criterion: 'crm', proposedMark: 20, reason: 'All asked' }],
    });
    await answer(w.qcB, d3.id, { criteria: [{ criterion: 'crm', outcome: 'kept', reason: 'Q2 skipped' }] });
    await answeredAfter(d3.id, 10);
    // D4 (qB): Greetings, open.
    await raise(w.agentApi, {
      qcId: (await disputableRecord(w, w.qcB)).id,
      criteria: [{ criterion: 'greetings', proposedMark: 0, reason: 'Greeted' }],
    });

    const r = await w.admin.get('/api/disputes/figures');
    expect(r.status, r.text).toBe(200);
    const f = r.json<TDisputeFigures>();
    expect(f.total).toEqual({
      disputes: 4,
      criteria: 5,
      accepted: 2,
      rejected: 1,
      changed: 1,
      pending: 1,
      escalated: 1,
      medianHoursToAnswer: 4,
    });
    const qa = {
      inspectorId: w.inspectorA.id,
      inspector: w.inspectorA.name,
      disputes: 2,
      criteria: 3,
      accepted: 2,
      rejected: 0,
      changed: 1,
      pending: 0,
      escalated: 1,
      medianHoursToAnswer: 3,
    };
    const qb = {
      inspectorId: w.inspectorB.id,
      inspector: w.inspectorB.name,
      disputes: 2,
      criteria: 2,
      accepted: 0,
      rejected: 1,
      changed: 0,
      pending: 1,
      escalated: 0,
      medianHoursToAnswer: 10,
    };
    expect(f.byInspector.sort((a, b) => a.inspector.localeCompare(b.inspector))).toEqual(
      [qa, qb].sort((a, b) => a.inspector.localeCompare(b.inspector)),
    );
    expect(f.byCriterion).toEqual([
      {
        criterion: 'greetings',
        name: 'Greetings',
        disputes: 2,
        criteria: 2,
        accepted: 1,
        rejected: 0,
        changed: 0,
        pending: 1,
        escalated: 1,
        medianHoursToAnswer: 2,
      },
      {
        criterion: 'crm',
        name: 'CRM',
        disputes: 2,
        criteria: 2,
        accepted: 1,
        rejected: 1,
        changed: 0,
        pending: 0,
        escalated: 1,
        medianHoursToAnswer: 6,
      },
      {
        criterion: 'pace',
        name: 'Pace',
        disputes: 1,
        criteria: 1,
        accepted: 0,
        rejected: 0,
        changed: 1,
        pending: 0,
        escalated: 0,
        medianHoursToAnswer: 4,
      },
    ]);

    // An inspector gets its own lines only.
    const mine = (await w.qcB.get('/api/disputes/figures')).json<TDisputeFigures>();
    expect(mine.byInspector).toEqual([qb]);
    expect(mine.total).toEqual({
      disputes: 2,
      criteria: 2,
      accepted: 0,
      rejected: 1,
      changed: 0,
      pending: 1,
      escalated: 0,
      medianHoursToAnswer: 10,
    });
    expect(mine.byCriterion.map((c) => c.criterion)).toEqual(['greetings', 'crm']);
  });

  it('counts the disputes raised on the days asked for, and refuses a range that ends before it starts', async () => {
    const w = await qcWorld(t);
    const old = await raise(w.agentApi, twoCriteria((await disputableRecord(w)).id));
    await t.db
      .updateTable('disputes')
      .set({ raisedAt: new Date('2026-01-10T12:00:00Z') } as never)
      .where('id', '=', old.id)
      .execute();
    const f = (
      await w.qcA.get('/api/disputes/figures?startDate=2026-01-10&endDate=2026-01-10')
    ).json<TDisputeFigures>();
    expect(f.total).toMatchObject({ disputes: 1, criteria: 2, pending: 2, medianHoursToAnswer: null });
    const none = (
      await w.qcA.get('/api/disputes/figures?startDate=2026-01-11&endDate=2026-01-12')
    ).json<TDisputeFigures>();
    expect(none).toEqual({
      total: {
        disputes: 0,
        criteria: 0,
        accepted: 0,
        rejected: 0,
        changed: 0,
        pending: 0,
        escalated: 0,
        medianHoursToAnswer: null,
      },
      byInspector: [],
      byCriterion: [],
    });
    const bad = await w.qcA.get('/api/disputes/figures?startDate=2026-02-01&endDate=2026-01-01');
    expect(bad.status).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/startDate must not be after endDate/);
    expect((await w.qcA.get('/api/disputes/figures?startDate=yesterday')).status).toBe(400);
  });
});
