import { describe, expect, it } from 'vitest';
import { findColumnNameProblem, type TCampaign, type TDataTable } from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { DEMO_DATA_TABLES, MORE_DEMO_CAMPAIGNS, seedCampaigns } from './campaigns.ts';
import { DEMO_CAMPAIGNS, seedDemo } from './seed.ts';
import { allowDemoSeedTime } from '../test/demo-timeout.ts';

allowDemoSeedTime();

const t = useTestApp();

describe('demo campaigns and data tables', () => {
  it('adds both campaign types, one inactive, and valid data tables, and loads twice without duplicating', async () => {
    await seedDemo(t.db);
    await seedCampaigns(t.db);
    await seedCampaigns(t.db);
    const campaigns = (await t.anonymous.get('/cc/campaigns')).json<TCampaign[]>();
    expect(campaigns.map((c) => c.campaignName).sort()).toEqual(
      [...DEMO_CAMPAIGNS, ...MORE_DEMO_CAMPAIGNS].map((c) => c.campaignName).sort(),
    );
    expect(new Set(campaigns.map((c) => c.campaignType))).toEqual(new Set(['Inbound', 'Outbound']));
    expect(campaigns.some((c) => !c.status)).toBe(true);

    const api = await t.callerFor('admin');
    const tables = (await api.get('/dt/viewAllDataTables')).json<TDataTable[]>();
    expect(tables.map((d) => [d.campaignName, d.columns])).toEqual(
      expect.arrayContaining(DEMO_DATA_TABLES.map((d) => [d.campaignName, [...d.columns]])),
    );
    expect(tables).toHaveLength(DEMO_DATA_TABLES.length);
    for (const d of DEMO_DATA_TABLES) expect(findColumnNameProblem(d.columns)).toBeUndefined();
  });
});
