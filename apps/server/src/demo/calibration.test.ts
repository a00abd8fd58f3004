import { describe, expect, it } from 'vitest';
import type { TCalibrationResults } from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { DEMO_CALIBRATION_INSPECTORS } from './agents.ts';
import {
  DEMO_CALIBRATION_NAME,
  DEMO_CARD_CALIBRATION_NAME,
  seedCalibrationDemo,
  seedScorecardCalibrationDemo,
} from './calibration.ts';
import { DEMO_SCORECARD } from './scorecards.ts';
import { seedDemo } from './seed.ts';
import { allowDemoSeedTime } from '../test/demo-timeout.ts';

allowDemoSeedTime();

const t = useTestApp();

describe('demo calibration', () => {
  it('holds a closed session with three inspectors and expert marks, once however often it runs', async () => {
    await seedDemo(t.db, [], 'Asia/Dhaka');
    await seedCalibrationDemo(t.db, 'Asia/Dhaka');
    const sessions = await t.db
      .selectFrom('calibrationSessions')
      .select('id')
      .where('name', '=', DEMO_CALIBRATION_NAME)
      .execute();
    expect(sessions).toHaveLength(1);
    const id = sessions[0]?.id ?? 0;
    const admin = await t.callerFor('admin');
    const r = await admin.get(`/api/calibration/${id}/results`);
    expect(r.status, r.text).toBe(200);
    const results = r.json<TCalibrationResults>();
    expect(results.session.status).toBe('closed');
    expect(results.inspectors).toHaveLength(3);
    expect(results.calls.length).toBeGreaterThan(0);
    expect(results.calls.every((c) => c.expertTotal !== null && c.totals.every((x) => x !== null))).toBe(true);
    // The strict and lenient readings show as leans.
    expect(results.leans.some((l) => (l.lean ?? 0) < 0)).toBe(true);
    for (const qc of DEMO_CALIBRATION_INSPECTORS) {
      expect(
        (await t.anonymous.post('/api/auth/signInSuperAdmin', { username: qc.username, password: qc.password })).status,
      ).toBe(200);
    }
  });

  it("holds a closed session of Customer Care calls on its client form, by the form's labels with an N/A", async () => {
    await seedDemo(t.db, [], 'Asia/Dhaka');
    await seedScorecardCalibrationDemo(t.db, 'Asia/Dhaka');
    const sessions = await t.db
      .selectFrom('calibrationSessions')
      .select('id')
      .where('name', '=', DEMO_CARD_CALIBRATION_NAME)
      .execute();
    expect(sessions).toHaveLength(1);
    const admin = await t.callerFor('admin');
    const r = await admin.get(`/api/calibration/${sessions[0]?.id ?? 0}/results`);
    expect(r.status, r.text).toBe(200);
    const results = r.json<TCalibrationResults>();
    expect(results.session.status).toBe('closed');
    expect(results.inspectors).toHaveLength(3);
    expect(results.calls).toHaveLength(2);
    for (const call of results.calls) {
      expect(call.campaignName).toBe('Customer Care');
      expect(call.scorecardRef).toMatchObject({ name: DEMO_SCORECARD.name, version: 1 });
      expect(call.rows.map((row) => row.key)).toEqual(
        DEMO_SCORECARD.sections.flatMap((s) => s.criteria.map((c) => c.key)),
      );
      expect(call.expertTotal).not.toBeNull();
      expect(call.totals.every((x) => x !== null)).toBe(true);
    }
    // The form's labels, and an N/A, are among the answers; the strict inspector's readings show as leans.
    const answers = results.calls.flatMap((c) => c.answers);
    expect(answers.some((a) => a.key === 'verifyIdentity' && a.na.includes(true))).toBe(true);
    expect(answers.find((a) => a.key === 'questionOrder')?.choices.every((c) => c !== null)).toBe(true);
    expect(results.criterionNames.map((c) => c.name)).toContain('Question order');
    expect(results.leans.some((l) => (l.lean ?? 0) < 0)).toBe(true);
  });
});
