// The demo's scorecards: Customer Care on the client's own form (published, with a draft next version), its scored calls
// read back through the QC routes with their scorecard block; Spring Survey stays on "Standard"; seeding twice adds nothing.
import { describe, expect, it } from 'vitest';
import { marksFromStored, scoreMarks, type TQcRecord, type TScorecardList } from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { demoRecordings } from './recordings.ts';
import { DEMO_SCORECARD } from './scorecards.ts';
import { seedDemo } from './seed.ts';
import { allowDemoSeedTime } from '../test/demo-timeout.ts';

allowDemoSeedTime();

const t = useTestApp();

describe('demo data of scorecards', () => {
  it('scores Customer Care on its client form, with a draft to try what-if on, and is seeded once', async () => {
    await seedDemo(t.db, demoRecordings());
    await seedDemo(t.db, demoRecordings());
    const admin = await t.callerFor('admin');
    const list = (await admin.get('/api/scorecards')).json<TScorecardList>();
    const form = list.scorecards.find((s) => s.name === DEMO_SCORECARD.name)!;
    expect(form.versions.map((v) => [v.version, v.state])).toEqual([
      [2, 'draft'],
      [1, 'published'],
    ]);
    const v1 = form.versions[1]!;
    expect(v1.usedBy).toEqual(
      expect.arrayContaining([
        { campaignName: 'Customer Care', kind: 'in-house' },
        { campaignName: 'Customer Care', kind: 'client' },
      ]),
    );
    const records = await t.db.selectFrom('qcRecords').selectAll().where('scorecardId', '=', v1.id).execute();
    expect(records.length).toBe(v1.records);
    expect(records.length).toBeGreaterThanOrEqual(40);
    // Stored as the server would score them, some failing, some with N/A.
    for (const r of records) {
      const again = scoreMarks(DEMO_SCORECARD, marksFromStored(r.marks));
      expect([again.total, again.grade]).toEqual([r.total, r.agentGrade]);
    }
    expect(records.some((r) => r.marks.verifyIdentity?.choice === null)).toBe(true);
    expect(new Set(records.map((r) => r.agentGrade)).size).toBeGreaterThan(1);
    const inHouse = records.find((r) => r.kind === 'in-house')!;
    const read = await admin.get(`/api/qcReport/getqc/${inHouse.id}`);
    expect(read.json<TQcRecord>().scorecard).toMatchObject({ name: DEMO_SCORECARD.name, version: 1 });
    // Spring Survey's records stay on the built-in Standard.
    const spring = await t.db
      .selectFrom('qcRecords')
      .select('scorecardId')
      .where('campaignName', '=', 'Spring Survey')
      .distinct()
      .execute();
    expect(spring).toEqual([{ scorecardId: 1 }]);
  });
});
