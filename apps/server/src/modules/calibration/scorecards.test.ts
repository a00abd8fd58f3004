// Calibration on any scorecard: a session with one "Standard" call and one call on a 3-section weighted scorecard;
// scoring, expert marks and results on each call's own version (docs/scorecards.md "Calibration").
import { describe, expect, it } from 'vitest';
import {
  bestScores,
  standardMarksOf,
  type TCalibrationCall,
  type TCalibrationResults,
  type TCalibrationSession,
} from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { calibrationWorld, card, score } from '../../test/calibration-support.ts';
import { marksBody, scorecardSession, scoreOn } from '../../test/calibration-scorecard-support.ts';
import { chooseScorecards } from '../../test/scorecards-support.ts';

const t = useTestApp();
const url = (s: TCalibrationSession, call: number, what: 'scoring' | 'expert') =>
  `/api/calibration/${s.id}/calls/${s.calls[call]?.id}/${what}`;

describe('calibration on the scorecard of each call', () => {
  it("keeps each call's version from the session's creation, even when the campaign moves on", async () => {
    const w = await calibrationWorld(t);
    const { session, card: sc, otherCampaign } = await scorecardSession(t, w);
    expect(session.calls.map((c) => c.scorecardId)).toEqual([1, sc.id]);
    expect(session.calls[1]?.scorecardRef).toEqual({
      id: sc.id,
      scorecardId: sc.scorecardId,
      name: sc.name,
      version: 1,
    });
    await chooseScorecards(w.admin, otherCampaign, 1, 1);
    const again = (await w.qcA.get(`/api/calibration/${session.id}`)).json<TCalibrationSession>();
    expect(again.calls[1]?.scorecardId).toBe(sc.id);
  });

  it('scores a call on its version: marks checked, total and grade by the version, N/A allowed where it says', async () => {
    const w = await calibrationWorld(t);
    const { session: s, card: sc } = await scorecardSession(t, w);
    // The 14 spec fields do not score a call on another scorecard; another version's id and a missing mark are refused.
    const spec = await w.qcA.put(url(s, 1, 'scoring'), card());
    expect(spec.status).toBe(400);
    expect(spec.json<{ message: string }>().message).toMatch(/send its marks as scorecard/);
    const wrong = await w.qcA.put(
      url(s, 1, 'scoring'),
      marksBody(1, { greeting: 'Yes', needs: 'Yes', resolved: 'Yes' }),
    );
    expect(wrong.status).toBe(400);
    const missing = await w.qcA.put(url(s, 1, 'scoring'), marksBody(sc.id, { greeting: 'Yes', needs: 'Yes' }));
    expect(missing.status).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe('Resolved must be scored');
    const naRefused = await w.qcA.put(
      url(s, 1, 'scoring'),
      marksBody(sc.id, { greeting: 'Yes', needs: null, resolved: 'Yes' }),
    );
    expect(naRefused.json<{ message: string }>().message).toBe('Needs found cannot be N/A');

    // B: Opening N/A is left out: (0.5 × 50 + 30) / 80 × 100 = 68.75, below the pass mark.
    const b = await scoreOn(
      w.qcB,
      s,
      1,
      marksBody(sc.id, { greeting: null, needs: 'Partly', resolved: 'Yes' }, 'Quick'),
    );
    expect(b).toMatchObject({ scores: null, total: 68.75, grade: 'Below Expectation', comment: 'Quick' });
    expect(b.scorecard).toMatchObject({ id: sc.id, name: sc.name, version: 1, passed: false });
    expect(b.scorecard.criteria.map((c) => [c.section, c.key, c.choice, c.marks])).toEqual([
      ['Opening', 'greeting', null, null],
      ['Discovery', 'needs', 'Partly', 5],
      ['Close', 'resolved', 'Yes', 10],
    ]);
    // Auto-fail: Resolved No makes the total 0.
    const c = await scoreOn(w.qcC, s, 1, marksBody(sc.id, { greeting: 'No', needs: 'Partly', resolved: 'No' }));
    expect([c.total, c.scorecard.autoFailed]).toEqual([0, true]);

    // The Standard call: the older 14-field body as before, and the new marks on version 1 give the same total.
    const older = (await score(w.qcA, s, 0, { liveliness: 5 })).json<{ total: number; scores: unknown }>();
    expect(older).toMatchObject({ total: 95, scores: { liveliness: 5 } });
    const viaMarks = await scoreOn(w.qcB, s, 0, {
      scorecard: { id: 1, marks: standardMarksOf({ ...bestScores(), liveliness: 5 }) },
    });
    expect(viaMarks).toMatchObject({ total: 95, grade: 'Exceed Expectation', scores: { liveliness: 5 } });
  });

  it('records expert marks on the call version (the 14 fields refused there) and shows them once closed', async () => {
    const w = await calibrationWorld(t);
    const { session: s, card: sc } = await scorecardSession(t, w);
    expect((await w.admin.put(url(s, 1, 'expert'), card())).status).toBe(400);
    const r = await w.admin.put(
      url(s, 1, 'expert'),
      marksBody(sc.id, { greeting: 'Yes', needs: 'Partly', resolved: 'Yes' }),
    );
    expect(r.status, r.text).toBe(200);
    // 20 + 0.5 × 50 + 30 = 75.
    expect(r.json<TCalibrationCall>()).toMatchObject({ expert: null, expertTotal: 75 });
    expect(r.json<TCalibrationCall>().expertScorecard?.criteria.map((c) => c.choice)).toEqual(['Yes', 'Partly', 'Yes']);
    const open = (await w.qcA.get(`/api/calibration/${s.id}`)).json<TCalibrationSession>();
    expect(open.calls[1]).toMatchObject({ expertTotal: null, expertScorecard: null });
    await w.admin.post(`/api/calibration/${s.id}/close`);
    const closed = (await w.qcA.get(`/api/calibration/${s.id}`)).json<TCalibrationSession>();
    expect(closed.calls[1]).toMatchObject({ expertTotal: 75 });
  });

  it('gives results per version: median marks by key, N/A its own answer in agreement and out of the leans', async () => {
    const w = await calibrationWorld(t);
    const { session: s, card: sc } = await scorecardSession(t, w);
    const [a, b, c] = w.inspectors.map((i) => i.id);
    for (const api of [w.qcA, w.qcB, w.qcC]) await score(api, s, 0, {});
    // A 100; B 68.75 (greeting N/A); C: greeting No, needs Partly, resolved Yes = 0 + 25 + 30 = 55.
    await scoreOn(w.qcA, s, 1, marksBody(sc.id, { greeting: 'Yes', needs: 'Yes', resolved: 'Yes' }));
    await scoreOn(w.qcB, s, 1, marksBody(sc.id, { greeting: null, needs: 'Partly', resolved: 'Yes' }));
    await scoreOn(w.qcC, s, 1, marksBody(sc.id, { greeting: 'No', needs: 'Partly', resolved: 'Yes' }));
    await w.admin.put(url(s, 1, 'expert'), marksBody(sc.id, { greeting: 'Yes', needs: 'Partly', resolved: 'Yes' }));
    const r = (await w.admin.get(`/api/calibration/${s.id}/results`)).json<TCalibrationResults>();

    const [standard, other] = r.calls;
    expect(standard?.rows).toHaveLength(14);
    expect(other?.scorecardRef.id).toBe(sc.id);
    expect(other?.rows).toEqual([
      { key: 'greeting', marks: [10, null, 0], median: 5, spread: 10, expert: 10 },
      { key: 'needs', marks: [10, 5, 5], median: 5, spread: 5, expert: 5 },
      { key: 'resolved', marks: [10, 10, 10], median: 10, spread: 0, expert: 10 },
    ]);
    expect(other?.totals).toEqual([100, 68.75, 55]);
    expect(other?.expertTotal).toBe(75);
    expect(other?.answers[0]).toMatchObject({ key: 'greeting', name: 'Greeting', section: 'Opening' });
    expect([other?.answers[0]?.choices, other?.answers[0]?.na]).toEqual([
      ['Yes', null, 'No'],
      [false, true, false],
    ]);
    expect(r.criterionNames.map((n) => n.key).slice(-3)).toEqual(['greeting', 'needs', 'resolved']);

    const crit = (key: string) => r.criteria.find((x) => x.key === key);
    // Greeting: Yes, N/A, No: no pair agrees. Needs: 1 pair of 3. Resolved: all.
    expect(crit('greeting')).toMatchObject({ percentAgreement: 0, calls: 1 });
    expect(crit('needs')?.percentAgreement).toBeCloseTo(1 / 3, 10);
    expect(crit('resolved')?.percentAgreement).toBe(1);
    expect(crit('liveliness')?.percentAgreement).toBe(1);
    // 14 × 3 agreeing pairs (Standard) + needs 1 + resolved 3 = 46 of 42 + 9 = 51.
    expect(r.overallAgreement).toBeCloseTo(46 / 51, 10);

    // Consensus of call 2: greeting 5 of 10 → 0.5 × 20, needs 0.5 × 50, resolved 30 = 65; Standard calls all 100.
    // A: (0 + 35) / 2 = 17.5; B: (0 + 3.75) / 2 = 1.875; C: (0 − 10) / 2 = −5 (not over 5).
    const lean = (id: number | undefined) => r.leans.find((l) => l.inspectorId === id);
    expect([lean(a)?.lean, lean(a)?.flagged]).toEqual([17.5, true]);
    expect([lean(b)?.lean, lean(b)?.flagged]).toEqual([1.875, false]);
    expect([lean(c)?.lean, lean(c)?.flagged]).toEqual([-5, false]);
    // Greeting: A +5 of a range of 10 (0.5, flagged); B answered N/A: no lean; C −0.5.
    const greeting = (id: number | undefined) => lean(id)?.criteria.find((x) => x.key === 'greeting');
    expect(greeting(a)).toEqual({ key: 'greeting', lean: 5, share: 0.5, flagged: true });
    expect(greeting(b)).toEqual({ key: 'greeting', lean: null, share: null, flagged: false });
    expect(greeting(c)).toEqual({ key: 'greeting', lean: -5, share: -0.5, flagged: true });
    // Expert: Yes, Partly, Yes.
    const call2 = s.calls[1]?.id;
    expect(lean(a)?.expertDifferences).toEqual([{ callId: call2, key: 'needs', marks: 10, expert: 5 }]);
    expect(lean(b)?.expertDifferences).toEqual([{ callId: call2, key: 'greeting', marks: null, expert: 10 }]);
    expect(lean(c)?.expertDifferences).toEqual([{ callId: call2, key: 'greeting', marks: 0, expert: 10 }]);
  });
});
