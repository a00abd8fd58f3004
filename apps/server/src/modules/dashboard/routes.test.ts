import { describe, expect, it } from 'vitest';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { TDashboard, TSendState } from '@crm/shared';
import { createCampaign, useTestApp } from '../../test/harness.ts';
import { addLead, panelCampaign, saveUrl } from '../../test/crm-support.ts';
import { findDashboard } from './service.ts';

const t = useTestApp();

type LeadState = { forD?: '' | 'd'; generateStatus?: number; isCalled?: 0 | 1 };

let phone = 0;
async function insertLeads(campaignId: number, leads: LeadState[]) {
  await t.db
    .insertInto('leads')
    .values(
      leads.map((l) => ({
        campaignId,
        cellNumber: `01711${String((phone += 1)).padStart(6, '0')}`,
        dataDate: '2024-05-02',
        forD: l.forD ?? '',
        generateStatus: l.generateStatus ?? 0,
        isCalled: l.isCalled ?? 0,
      })),
    )
    .execute();
}

type Send = {
  state: TSendState;
  total: number;
  added: number;
  duplicate?: number;
  dnc?: number;
  refused?: number;
  failed?: number;
};

/** A send of the campaign's 2024-05-02 leads as the send engine leaves it: its counts on the dialer_sends row. */
async function insertSends(campaignId: number, sends: Send[]) {
  await t.db
    .insertInto('dialerSends')
    .values(
      sends.map((s) => ({
        campaignId,
        dataDate: '2024-05-02',
        listId: '1001',
        duplicateCheck: 'DUPLIST' as const,
        dncCheck: true,
        campaignDncCheck: false,
        rate: 20,
        startedBy: 'admin',
        duplicate: 0,
        dnc: 0,
        refused: 0,
        failed: 0,
        ...s,
        finishedAt: s.state === 'running' ? null : new Date(),
      })),
    )
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

  it('counts total, generated, called and completed leads per campaign, lists campaigns without leads with zeros, ordered by name', async () => {
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
    // A lead marked generated only by a stray generate_status is not counted as generated (for_d decides). Leads marked
    // completed by hand were never called through a save: completed, with no call attempt.
    await insertLeads(care.id, [{ forD: 'd', generateStatus: 1 }, { generateStatus: 1 }]);

    const r = await admin.get('/dynamic/dashboard');
    expect(r.status).toBe(200);
    // The campaigns of this test (an agent signed in by the harness brings its own campaign, 'Default').
    const rows = r.json<TDashboard>().filter((row) => row.campaignTitle !== 'Default');
    expect(rows).toEqual([
      {
        campaignTitle: 'Customer Care',
        totalLeads: 2,
        generatedLeads: 1,
        calledLeads: 0,
        completedLeads: 0,
        sentToDialer: 0,
      },
      {
        campaignTitle: 'Mobile Survey',
        totalLeads: 5,
        generatedLeads: 3,
        calledLeads: 0,
        completedLeads: 2,
        sentToDialer: 0,
      },
      {
        campaignTitle: 'Zinc Awareness',
        totalLeads: 0,
        generatedLeads: 0,
        calledLeads: 0,
        completedLeads: 0,
        sentToDialer: 0,
      },
    ]);
  });

  it('counts as called every lead with a call attempt, completed or not, once however many calls, and completed beside it', async () => {
    const c = await panelCampaign(t);
    const cells = ['01714000001', '01714000002', '01714000003', '01714000004', '01714000005'];
    const [completed, twice, partial, corrected] = await Promise.all(
      cells.map((cell) => addLead(t, c.id, `+880${cell.slice(1)}`)),
    );
    const save = async (cell: string, id: number | undefined, body: Record<string, unknown>) => {
      const r = await c.agent.put(saveUrl(c.name, cell, id), body);
      expect(r.status, r.text).toBe(200);
    };
    await save('01714000001', completed, { Q1: 'Yes', is_called: 1 });
    // Called twice: not completed, then completed.
    await save('01714000002', twice, { Q1: 'No', is_called: 0, disposition: 'NI' });
    await save('01714000002', twice, { Q1: 'Yes', is_called: 1 });
    await save('01714000003', partial, { Q1: 'Partial Call', is_called: 0 });
    // A correction of answers alone is no call.
    await save('01714000004', corrected, { Q1: 'No' });

    const figures = async () =>
      (await c.admin.get('/dynamic/dashboard')).json<TDashboard>().find((d) => d.campaignTitle === c.name);
    expect(await figures()).toEqual({
      campaignTitle: c.name,
      totalLeads: 5,
      generatedLeads: 5,
      calledLeads: 3,
      completedLeads: 2,
      sentToDialer: 0,
    });
    const attempted = await t.db
      .selectFrom('callAttempts')
      .select(({ fn }) => fn.count<string>('leadId').distinct().as('n'))
      .where('campaignId', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(Number(attempted.n)).toBe(3);

    // Deleting a called lead takes it out of both figures.
    await t.db.deleteFrom('leads').where('id', '=', String(twice)).execute();
    expect(await figures()).toMatchObject({ totalLeads: 4, calledLeads: 2, completedLeads: 1 });
  });

  it("counts as sent to the dialer the leads VICIdial added over all a campaign's sends, not its duplicates, DNC, refused or failed", async () => {
    const admin = await t.callerFor('admin');
    const winter = await createCampaign(t.db, { campaignName: 'Winter Survey' });
    const eid = await createCampaign(t.db, { campaignName: 'Eid Offer' });
    await createCampaign(t.db, { campaignName: 'Yarn Awareness' });
    // Finished, cancelled part-way and still running: every send's added leads are on the dialer's list.
    await insertSends(winter.id, [
      { state: 'finished', total: 12, added: 7, duplicate: 2, dnc: 1, refused: 1, failed: 1 },
      { state: 'cancelled', total: 40, added: 3 },
      { state: 'running', total: 50, added: 5, duplicate: 1 },
    ]);
    await insertSends(eid.id, [{ state: 'stopped', total: 4, added: 0, duplicate: 3, failed: 1 }]);

    const rows = (await admin.get('/dynamic/dashboard')).json<TDashboard>();
    const sent = (title: string) => rows.find((r) => r.campaignTitle === title)?.sentToDialer;
    expect(sent('Winter Survey')).toBe(15);
    expect(sent('Eid Offer')).toBe(0);
    expect(sent('Yarn Awareness')).toBe(0);
  });

  it('computes every campaign in a single query', async () => {
    for (let i = 0; i < 3; i += 1) {
      const campaign = await createCampaign(t.db);
      await insertLeads(campaign.id, [{ forD: 'd', generateStatus: 1 }]);
      await insertSends(campaign.id, [{ state: 'finished', total: 1, added: 1 }]);
    }
    const counter = new CountQueries();
    const rows = await findDashboard(t.db.withPlugin(counter));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(counter.count).toBe(1);
  });
});
