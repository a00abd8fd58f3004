import { describe, expect, it } from 'vitest';
import type { TCalibrationCall, TCalibrationScoring, TCalibrationSession } from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { calibrationWorld, card, createSession, score } from '../../test/calibration-support.ts';

const t = useTestApp();
const scoringUrl = (s: TCalibrationSession, call = 0) => `/api/calibration/${s.id}/calls/${s.calls[call]?.id}/scoring`;
const expertUrl = (s: TCalibrationSession, call = 0) => `/api/calibration/${s.id}/calls/${s.calls[call]?.id}/expert`;

describe('PUT /api/calibration/{id}/calls/{callId}/scoring', () => {
  it('answers 401 without a session, 403 to agents, to an admin and to an inspector who does not take part', async () => {
    const w = await calibrationWorld(t);
    const s = await createSession(w);
    expect((await t.anonymous.put(scoringUrl(s), card())).status).toBe(401);
    expect((await w.agent.put(scoringUrl(s), card())).status).toBe(403);
    expect((await w.admin.put(scoringUrl(s), card())).status).toBe(403);
    const outsider = await w.outsider.put(scoringUrl(s), card());
    expect(outsider.status).toBe(403);
    expect(outsider.json<{ message: string }>().message).toBe('You are not taking part in this calibration session');
    expect(
      await t.db
        .selectFrom('calibrationScorings')
        .selectAll()
        .where('callId', '=', s.calls[0]?.id ?? 0)
        .execute(),
    ).toEqual([]);
  });

  it('stores the marks with the total and grade the scorecard gives, and audits it', async () => {
    const w = await calibrationWorld(t);
    const s = await createSession(w);
    const r = await score(w.qcA, s, 1, { liveliness: 5, crm: 10, fatal: 0 }, 'Too fast at the start');
    expect(r.json<TCalibrationScoring>()).toMatchObject({
      inspectorId: w.inspectors[0]?.id,
      total: 85,
      grade: 'Meet Expectation',
      comment: 'Too fast at the start',
    });
    expect(r.json<TCalibrationScoring>().scores).toMatchObject({ liveliness: 5, crm: 10, greetings: 0 });
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'actorUsername'])
      .where('objectType', '=', 'calibrationSession')
      .where('objectId', '=', String(s.id))
      .where('action', '=', 'create')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('is final: a second submission answers 409 and changes nothing', async () => {
    const w = await calibrationWorld(t);
    const s = await createSession(w);
    await score(w.qcA, s, 0, { liveliness: 5 });
    const again = await w.qcA.put(scoringUrl(s), card({ liveliness: 10 }));
    expect(again.status).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      'You have already submitted your scoring of this call: a submission is final',
    );
    const view = (await w.qcA.get(`/api/calibration/${s.id}`)).json<TCalibrationSession>();
    expect(view.calls[0]?.myScoring?.scores?.liveliness).toBe(5);
  });

  it('refuses a mark off its scale (400, naming the criterion) and a call of another session (404)', async () => {
    const w = await calibrationWorld(t);
    const s = await createSession(w);
    const other = await createSession(w);
    const bad = await w.qcA.put(scoringUrl(s), card({ liveliness: 7 }));
    expect(bad.status).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain(
      'Liveliness must be one of Yes (10), Need Improvement (5), No (0)',
    );
    const wrong = await w.qcA.put(`/api/calibration/${s.id}/calls/${other.calls[0]?.id}/scoring`, card());
    expect(wrong.status).toBe(404);
  });
});

describe('PUT /api/calibration/{id}/calls/{callId}/expert', () => {
  it('answers 401 without a session and 403 to inspectors, even those taking part', async () => {
    const w = await calibrationWorld(t);
    const s = await createSession(w);
    expect((await t.anonymous.put(expertUrl(s), card())).status).toBe(401);
    expect((await w.qcA.put(expertUrl(s), card())).status).toBe(403);
    expect((await w.agent.put(expertUrl(s), card())).status).toBe(403);
  });

  it('records the agreed marks, which inspectors see only once the session is closed; a correction replaces them', async () => {
    const w = await calibrationWorld(t);
    const s = await createSession(w);
    const r = await w.admin.put(expertUrl(s), card({ pace: 5 }));
    expect(r.status, r.text).toBe(200);
    expect(r.json<TCalibrationCall>()).toMatchObject({ expertTotal: 95, expert: { pace: 5 } });
    await score(w.qcA, s, 0, {});
    const open = (await w.qcA.get(`/api/calibration/${s.id}`)).json<TCalibrationSession>();
    expect(open.calls[0]).toMatchObject({ expert: null, expertTotal: null });
    const fixed = await w.admin.put(expertUrl(s), card({ pace: 0 }));
    expect(fixed.json<TCalibrationCall>().expertTotal).toBe(90);
    await w.admin.post(`/api/calibration/${s.id}/close`);
    const closed = (await w.qcA.get(`/api/calibration/${s.id}`)).json<TCalibrationSession>();
    expect(closed.calls[0]).toMatchObject({ expertTotal: 90, expert: { pace: 0 } });
    const audit = await t.db
      .selectFrom('auditLog')
      .select('changes')
      .where('objectType', '=', 'calibrationSession')
      .where('objectId', '=', String(s.id))
      .where('action', '=', 'update')
      .orderBy('id')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses marks off the scale (400) and an unknown call (404)', async () => {
    const w = await calibrationWorld(t);
    const s = await createSession(w);
    expect((await w.admin.put(expertUrl(s), card({ fatal: -50 }))).status).toBe(400);
    expect((await w.admin.put(`/api/calibration/${s.id}/calls/999999/expert`, card())).status).toBe(404);
  });
});
