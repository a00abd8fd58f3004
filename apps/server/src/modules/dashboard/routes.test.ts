import { describe, expect, it } from 'vitest';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { TDashboard } from '@crm/shared';
import { createCampaign, useTestApp } from '../../test/harness.ts';
import { findDashboard } from './service.ts';

const t = useTestApp();

type LeadState = { forD?: '' | 'd'; generateStatus?: number; isCalled?: 0 | 1 };

let phone = 0;
async function insertLeads(campaignId: number, leads: LeadState[]) {
  await t.db
    .insertInto('leads')
    .values(leads.map((l) => ({ campaignId, cellNumber: `01711${String((phone += 1)).padStart(6, '0')}`, dataDate: '2024-05-02', forD: l.forD ?? '', generateStatus: l.generateStatus ?? 0, isCalled: l.isCalled ?? 0 })))
    .execute();
}

/** Counts the statements a Db executes (one result each), to check the dashboard is one query whatever the number of campaigns. */
class CountQueries implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count += 1;
    return args.result;
  }
}

describe('GET /dynamic/dashboard', () => {
  it('refuses anonymous callers, agents and QC inspectors', async () => {
    expect((await t.anonymous.get('/dynamic/dashboard')).status).toBe(401);
    expect((await (await t.callerFor('agent')).get('/dynamic/dashboard')).status).toBe(403);
    expect((await (await t.callerFor('qc')).get('/dynamic/dashboard')).status).toBe(403);
  });

  it('counts total, generated and called leads per campaign, lists campaigns without leads with zeros, ordered by name', async () => {
    const admin = await t.callerFor('admin');
    const mobile = await createCampaign(t.db, { campaignName: 'Mobile Survey' });
    const care = await createCampaign(t.db, { campaignName: 'Customer Care', campaignType: 'Inbound' });
    await createCampaign(t.db, { campaignName: 'Zinc Awareness' });
    await insertLeads(mobile.id, [
      { forD: 'd', generateStatus: 1, isCalled: 1 },
      { forD: 'd', generateStatus: 1, isCalled: 1 },
      { forD: 'd', generateStatus: 2 },
      {},
      {},
    ]);
    // A lead marked generated only by a stray generate_status is not counted as generated (for_d decides).
    await insertLeads(care.id, [{ forD: 'd', generateStatus: 1 }, { generateStatus: 1 }]);

    const r = await admin.get('/dynamic/dashboard');
    expect(r.status).toBe(200);
    const rows = r.json<TDashboard>();
    expect(rows).toEqual([
      { campaignTitle: 'Customer Care', totalLeads: 2, generatedLeads: 1, calledLeads: 0 },
      { campaignTitle: 'Mobile Survey', totalLeads: 5, generatedLeads: 3, calledLeads: 2 },
      { campaignTitle: 'Zinc Awareness', totalLeads: 0, generatedLeads: 0, calledLeads: 0 },
    ]);
  });

  it('computes every campaign in a single query', async () => {
    for (let i = 0; i < 3; i += 1) await createCampaign(t.db);
    const counter = new CountQueries();
    const rows = await findDashboard(t.db.withPlugin(counter));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(counter.count).toBe(1);
  });
});
