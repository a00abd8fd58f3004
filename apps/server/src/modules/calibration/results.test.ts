import { describe, expect, it } from 'vitest';
import type { TCalibrationResults } from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { calibrationWorld, card, createSession, score } from '../../test/calibration-support.ts';

const t = useTestApp();

describe('GET /api/calibration/{id}/results', () => {
  it('answers 401 without a session, 403 to agents, to an outsider, and to its own inspectors while open', async () => {
    const w = await calibrationWorld(t);
    const s = await createSession(w);
    const url = `/api/calibration/${s.id}/results`;
    expect((await t.anonymous.get(url)).status).toBe(401);
    expect((await w.agent.get(url)).status).toBe(403);
    const open = await w.qcA.get(url);
    expect(open.status).toBe(403);
    expect(open.json<{ message: string }>().message).toBe('The results show once the session is closed');
    expect((await w.admin.get(url)).status).toBe(200);
    await w.admin.post(`/api/calibration/${s.id}/close`);
    expect((await w.outsider.get(url)).status).toBe(403);
    expect((await w.qcA.get(url)).status).toBe(200);
  });

  it('gives the hand-checked figures of a small session: marks and spread, agreement, lean, expert differences', async () => {
    const w = await calibrationWorld(t);
    const s = await createSession(w);
    // Call 1: A liveliness 10 / CRM 20 (100), B 5 / 10 (85), C 5 / 20 (95). Call 2: A 100, B 85, C does not score it.
    await score(w.qcA, s, 0, {});
    await score(w.qcB, s, 0, { liveliness: 5, crm: 10 });
    await score(w.qcC, s, 0, { liveliness: 5 });
    await score(w.qcA, s, 1, {});
    await score(w.qcB, s, 1, { liveliness: 5, crm: 10 });
    await w.admin.put(`/api/calibration/${s.id}/calls/${s.calls[0]?.id}/expert`, card({ liveliness: 5 }));
    await w.admin.post(`/api/calibration/${s.id}/close`);
    const r = (await w.qcA.get(`/api/calibration/${s.id}/results`)).json<TCalibrationResults>();
    const [a, b, c] = w.inspectors.map((i) => i.id);
    expect(r.inspectors.map((i) => [i.id, i.scored])).toEqual([
      [a, 2],
      [b, 2],
      [c, 1],
    ]);

    const [call1, call2] = r.calls;
    const row = (call: typeof call1, key: string) => call?.rows.find((x) => x.key === key);
    expect(row(call1, 'liveliness')).toEqual({ key: 'liveliness', marks: [10, 5, 5], median: 5, spread: 5, expert: 5 });
    expect(row(call1, 'crm')).toEqual({ key: 'crm', marks: [20, 10, 20], median: 20, spread: 10, expert: 20 });
    expect(row(call2, 'liveliness')).toEqual({
      key: 'liveliness',
      marks: [10, 5, null],
      median: 7.5,
      spread: 5,
      expert: null,
    });
    expect(row(call2, 'greetings')).toMatchObject({ marks: [0, 0, null], spread: 0 });
    expect(call1?.totals).toEqual([100, 85, 95]);
    expect(call2?.totals).toEqual([100, 85, null]);
    expect([call1?.expertTotal, call2?.expertTotal]).toEqual([95, null]);

    // Liveliness: agreeing pairs 1 of 3 (call 1) + 0 of 1 (call 2) = 0.25; ordinal alpha by hand:
    // values 5 (×3) and 10 (×2), n = 5, mismatching coincidences 4, α = 1 − (n − 1)·4 / (2·3·2) = −1/3. CRM the same.
    const crit = (key: string) => r.criteria.find((x) => x.key === key);
    expect(crit('liveliness')?.percentAgreement).toBeCloseTo(0.25, 10);
    expect(crit('liveliness')?.alpha).toBeCloseTo(-1 / 3, 10);
    expect(crit('liveliness')?.calls).toBe(2);
    expect(crit('crm')?.alpha).toBeCloseTo(-1 / 3, 10);
    expect(crit('greetings')).toEqual({ key: 'greetings', percentAgreement: 1, alpha: null, calls: 2 });
    // 12 agreeing criteria × (3 + 1) pairs + liveliness 1 + CRM 1 = 50 of 14 × 4 = 56.
    expect(r.overallAgreement).toBeCloseTo(50 / 56, 10);

    // Consensus totals: call 1 100 − 5 = 95; call 2 100 − 2.5 − 5 = 92.5.
    // A: (+5 + 7.5) / 2 = 6.25 (flagged, > 5); B: (−10 − 7.5) / 2 = −8.75 (flagged); C: 0.
    const lean = (id: number | undefined) => r.leans.find((l) => l.inspectorId === id);
    expect([lean(a)?.lean, lean(a)?.flagged]).toEqual([6.25, true]);
    expect([lean(b)?.lean, lean(b)?.flagged]).toEqual([-8.75, true]);
    expect([lean(c)?.lean, lean(c)?.flagged]).toEqual([0, false]);
    // A's liveliness: (10 − 5 + 10 − 7.5) / 2 = 3.75 marks = 0.375 of its range of 10 (flagged, > 0.25).
    expect(lean(a)?.criteria.find((x) => x.key === 'liveliness')).toEqual({
      key: 'liveliness',
      lean: 3.75,
      share: 0.375,
      flagged: true,
    });
    // B's CRM: (10 − 20 + 10 − 15) / 2 = −7.5 = −0.375 of 20 (flagged); B's liveliness −1.25 = −0.125 (not).
    expect(lean(b)?.criteria.find((x) => x.key === 'crm')).toEqual({
      key: 'crm',
      lean: -7.5,
      share: -0.375,
      flagged: true,
    });
    expect(lean(b)?.criteria.find((x) => x.key === 'liveliness')?.flagged).toBe(false);
    expect(lean(a)?.criteria.find((x) => x.key === 'crm')).toEqual({
      key: 'crm',
      lean: 2.5,
      share: 0.125,
      flagged: false,
    });

    // Expert marks of call 1 (liveliness 5): A differs there, B on CRM, C nowhere.
    const call1Id = s.calls[0]?.id;
    expect(lean(a)?.expertDifferences).toEqual([{ callId: call1Id, key: 'liveliness', marks: 10, expert: 5 }]);
    expect(lean(b)?.expertDifferences).toEqual([{ callId: call1Id, key: 'crm', marks: 10, expert: 20 }]);
    expect(lean(c)?.expertDifferences).toEqual([]);
    expect(r.thresholds).toEqual({ total: 5, criterionShare: 0.25 });
  });
});
