// The demo's do-not-call numbers: some on the system list, some on Spring Survey's; seeding twice adds nothing.
import { describe, expect, it } from 'vitest';
import { createCampaign, useTestApp } from '../test/harness.ts';
import { seedDncDemo } from './dnc.ts';

const t = useTestApp();

describe('demo data of the do-not-call lists', () => {
  it('puts numbers on the system list and on Spring Survey, once', async () => {
    const spring = await createCampaign(t.db, { campaignName: 'Spring Survey' });
    expect((await seedDncDemo(t.db)).added).toBe(5);
    expect((await seedDncDemo(t.db)).added).toBe(0);
    const rows = await t.db.selectFrom('dncNumbers').select(['campaignId']).execute();
    expect(rows.filter((r) => r.campaignId === null)).toHaveLength(3);
    expect(rows.filter((r) => r.campaignId === spring.id)).toHaveLength(2);
  });
});
