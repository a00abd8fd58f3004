import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { findDashboard } from '../modules/dashboard/service.ts';
import { seedDashboard } from './dashboard.ts';
import { DEMO_CAMPAIGNS, seedDemo } from './seed.ts';

const t = useTestApp();

describe('seedDashboard', () => {
  it('gives the demo campaigns generated and called leads, and changes nothing when run again', async () => {
    await seedDemo(t.db);
    await seedDashboard(t.db);
    const first = await findDashboard(t.db);
    const spring = first.find((c) => c.campaignTitle === DEMO_CAMPAIGNS[0].campaignName);
    expect(spring).toEqual({ campaignTitle: DEMO_CAMPAIGNS[0].campaignName, totalLeads: 44, generatedLeads: 30, calledLeads: 18 });
    expect(first.find((c) => c.campaignTitle === DEMO_CAMPAIGNS[1].campaignName)).toMatchObject({ totalLeads: 12, generatedLeads: 8, calledLeads: 6 });

    await seedDashboard(t.db);
    expect(await findDashboard(t.db)).toEqual(first);
  });
});
