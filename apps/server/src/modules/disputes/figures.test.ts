// GET /api/disputes/figures on a small set checked by hand: criteria by final outcome, escalations and the median
// time to answer, in total, per inspector and per criterion (a key within a scorecard, across its versions).
import { describe, expect, it } from 'vitest';
import type { TDisputeFigures, TScorecard } from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { qcWorld } from '../../test/qc-support.ts';
import {
  acceptOneKeepOne,
  answer,
  disputableRecord,
  raise,
  threeSectionRecord,
  twoCriteria,
  useThreeSectionCard,
} from '../../test/disputes-support.ts';

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
        scorecardId: 1,
        scorecard: 'Standard',
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
        scorecardId: 1,
        scorecard: 'Standard',
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
        scorecardId: 1,
        scorecard: 'Standard',
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

  it('counts a key per scorecard: two scorecards\' "greet" are two lines, two versions of one scorecard one', async () => {
    const w = await qcWorld(t);
    const stamp = `${process.pid}-${Date.now() % 100_000}`;
    const greet = (qcId: number) => ({
      qcId,
      comment: 'The greeting was there',
      criteria: [{ criterion: 'greet', proposedChoice: 'Yes', reason: 'I greeted at 0:02' }],
    });
    // Standard's Greetings and CRM, keys of its own.
    await raise(w.agentApi, twoCriteria((await disputableRecord(w)).id));
    // Scorecard A version 1: one dispute of Greeting, accepted.
    const a1 = await useThreeSectionCard(w, `Figures A ${stamp}`);
    const onA1 = await raise(w.agentApi, greet((await threeSectionRecord(w, a1)).id));
    await answer(w.qcA, onA1.id, { criteria: [{ criterion: 'greet', outcome: 'accepted', reason: '' }] });
    // Scorecard B, whose Greeting has the same key: one dispute, open.
    const b = await useThreeSectionCard(w, `Figures B ${stamp}`);
    await raise(w.agentApi, greet((await threeSectionRecord(w, b)).id));
    // Scorecard A version 2, Greeting renamed: one more dispute of the same line, kept.
    const v1 = (await w.admin.get(`/api/scorecards/${a1}`)).json<TScorecard>();
    const { name, description, scoringMode, passMark, autoFailResult, gradeBands, sections } = v1;
    const renamed = sections.map((s, i) =>
      i === 0
        ? { ...s, criteria: s.criteria.map((c) => (c.key === 'greet' ? { ...c, name: 'Opening greeting' } : c)) }
        : s,
    );
    const next = { name, description, scoringMode, passMark, autoFailResult, gradeBands, sections: renamed };
    const copied = await w.admin.post('/api/scorecards', { ...next, copyOf: a1 });
    expect(copied.status, copied.text).toBe(200);
    const a2 = copied.json<TScorecard>().id;
    expect((await w.admin.post(`/api/scorecards/${a2}/publish`)).status).toBe(200);
    const chosen = await w.admin.put('/api/campaign-scorecards', { campaignName: w.campaign, inHouse: a2, client: a2 });
    expect(chosen.status, chosen.text).toBe(200);
    const onA2 = await raise(w.agentApi, greet((await threeSectionRecord(w, a2)).id));
    await answer(w.qcA, onA2.id, { criteria: [{ criterion: 'greet', outcome: 'kept', reason: 'Greeted late' }] });

    const f = (await w.admin.get('/api/disputes/figures')).json<TDisputeFigures>();
    const lines = f.byCriterion.filter((c) => c.scorecardId !== 1);
    expect(lines).toEqual([
      expect.objectContaining({
        criterion: 'greet',
        name: 'Opening greeting',
        scorecardId: a1,
        scorecard: `Figures A ${stamp}`,
        disputes: 2,
        criteria: 2,
        accepted: 1,
        rejected: 1,
        pending: 0,
      }),
      expect.objectContaining({
        criterion: 'greet',
        name: 'Greeting',
        scorecardId: b,
        scorecard: `Figures B ${stamp}`,
        disputes: 1,
        criteria: 1,
        accepted: 0,
        rejected: 0,
        pending: 1,
      }),
    ]);
    // Standard's lines stay its own (this file's other disputes are counted there too).
    const standard = f.byCriterion.filter((c) => c.scorecardId === 1);
    expect(standard.map((c) => c.scorecard)).toEqual(standard.map(() => 'Standard'));
    expect(standard.map((c) => c.criterion)).toEqual(expect.arrayContaining(['greetings', 'crm']));
    // The lines add up to the whole.
    expect(f.byCriterion.reduce((n, c) => n + c.criteria, 0)).toBe(f.total.criteria);
  });
});
