import { describe, expect, it } from 'vitest';
import type { TCalibrationResults } from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { DEMO_CALIBRATION_INSPECTORS } from './agents.ts';
import { DEMO_CALIBRATION_NAME, seedCalibrationDemo } from './calibration.ts';
import { seedDemo } from './seed.ts';

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
});
