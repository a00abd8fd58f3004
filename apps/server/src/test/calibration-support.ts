// Helpers of the calibration tests: a campaign, three inspectors (and one left out), an admin, and a session of calls.
import { expect } from 'vitest';
import { bestScores, type TCalibrationSession, type TCalibrationSessionSummary, type TQcScores } from '@crm/shared';
import { createCampaign, createUser, type Caller, type TestContext, type TestUser } from './harness.ts';

export type CalibrationWorld = {
  campaign: string;
  admin: Caller;
  /** Inspectors named so that they sort A, B, C (the results' order). */
  inspectors: TestUser[];
  qcA: Caller;
  qcB: Caller;
  qcC: Caller;
  /** An inspector who takes part in no session. */
  outsider: Caller;
  agent: Caller;
};

let n = 0;
export async function calibrationWorld(t: TestContext): Promise<CalibrationWorld> {
  n += 1;
  const c = await createCampaign(t.db);
  const inspectors = [
    await createUser(t.db, { role: 'qc', name: `Cal ${n} A` }),
    await createUser(t.db, { role: 'qc', name: `Cal ${n} B` }),
    await createUser(t.db, { role: 'qc', name: `Cal ${n} C` }),
  ];
  const [a, b, cc] = inspectors as [TestUser, TestUser, TestUser];
  return {
    campaign: c.campaignName,
    admin: await t.callerFor('admin'),
    inspectors,
    qcA: await t.as(a),
    qcB: await t.as(b),
    qcC: await t.as(cc),
    outsider: await t.callerFor('qc'),
    agent: await t.callerFor('agent'),
  };
}

/** A session body: the world's inspectors (or those given), two calls of 2026-11-20, a far deadline. */
export function sessionBody(w: CalibrationWorld, overrides: Record<string, unknown> = {}) {
  return {
    name: 'November calibration',
    deadline: '2099-12-31',
    inspectorIds: w.inspectors.map((i) => i.id),
    calls: [
      { campaignName: w.campaign, consumerNumber: '01712345678', callDate: '2026-11-20' },
      { campaignName: w.campaign, consumerNumber: '01812345678', callDate: '2026-11-20' },
    ],
    ...overrides,
  };
}

export async function createSession(
  w: CalibrationWorld,
  overrides: Record<string, unknown> = {},
): Promise<TCalibrationSession> {
  const r = await w.admin.post('/api/calibration', sessionBody(w, overrides));
  expect(r.status, r.text).toBe(200);
  const { id } = r.json<TCalibrationSessionSummary>();
  const s = await w.admin.get(`/api/calibration/${id}`);
  expect(s.status, s.text).toBe(200);
  return s.json<TCalibrationSession>();
}

/** The best card with some criteria changed. */
export function card(overrides: Partial<TQcScores> = {}): TQcScores {
  return { ...bestScores(), ...overrides };
}

export async function score(
  api: Caller,
  session: TCalibrationSession,
  call: number,
  marks: Partial<TQcScores>,
  comment = '',
) {
  const id = session.calls[call]?.id;
  const r = await api.put(`/api/calibration/${session.id}/calls/${id}/scoring`, { ...card(marks), comment });
  expect(r.status, r.text).toBe(200);
  return r;
}
