import { describe, expect, it } from 'vitest';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { sql } from 'kysely';
import type { TDashboardFigures, TSendState } from '@crm/shared';
import { createCampaign, createUser, useTestApp } from '../../test/harness.ts';
import { addLead, panelCampaign, saveUrl } from '../../test/crm-support.ts';
import { dashboardRange, findDashboard, selectDashboard } from './service.ts';

// Dhaka (UTC+6, no summer time): a local day runs from 18:00 UTC of the day before.
const t = useTestApp({ timeZone: 'Asia/Dhaka' });

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

type Attempt = { lead: string; endedAt: string; completed?: boolean };

/** Call attempts as a save leaves them, ended at the given moments (ISO, UTC), by one agent. */
async function insertAttempts(campaignId: number, attempts: Attempt[]) {
  const agent = await createUser(t.db, { role: 'agent' });
  await t.db
    .insertInto('callAttempts')
    .values(
      attempts.map((a) => ({
        leadId: a.lead,
        campaignId,
        userId: agent.id,
        agentId: agent.username,
        sessionId: null,
        startedAt: new Date(Date.parse(a.endedAt) - 90_000),
        endedAt: new Date(a.endedAt),
        handleSeconds: 90,
        dispositionCode: a.completed ? 'COMP' : 'NA',
        dispositionName: a.completed ? 'Completed' : 'No answer',
        dispositionKind: a.completed ? ('completed' as const) : ('retry' as const),
        vicidialStatus: null,
        completed: a.completed ?? false,
        dialerCallId: null,
        dialerStatus: null,
      })),
    )
    .execute();
}

/** The ids of the campaign's leads, oldest first. */
async function leadIds(campaignId: number): Promise<string[]> {
  const rows = await t.db.selectFrom('leads').select('id').where('campaignId', '=', campaignId).orderBy('id').execute();
  return rows.map((r) => String(r.id));
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
    const rows = r.json<TDashboardFigures>().filter((row) => row.campaignTitle !== 'Default');
    expect(rows).toEqual([
      {
        campaignTitle: 'Customer Care',
        totalLeads: 2,
        generatedLeads: 1,
        calledLeads: 0,
        completedLeads: 0,
        sentToDialer: 0,
        attempts: 0,
        attemptedLeads: 0,
        completed: 0,
      },
      {
        campaignTitle: 'Mobile Survey',
        totalLeads: 5,
        generatedLeads: 3,
        calledLeads: 0,
        completedLeads: 2,
        sentToDialer: 0,
        attempts: 0,
        attemptedLeads: 0,
        completed: 0,
      },
      {
        campaignTitle: 'Zinc Awareness',
        totalLeads: 0,
        generatedLeads: 0,
        calledLeads: 0,
        completedLeads: 0,
        sentToDialer: 0,
        attempts: 0,
        attemptedLeads: 0,
        completed: 0,
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
      (await c.admin.get('/dynamic/dashboard')).json<TDashboardFigures>().find((d) => d.campaignTitle === c.name);
    expect(await figures()).toEqual({
      campaignTitle: c.name,
      totalLeads: 5,
      generatedLeads: 5,
      calledLeads: 3,
      completedLeads: 2,
      sentToDialer: 0,
      // Today's calls: four saves ended a call (the correction did not), on three leads, two of them completed.
      attempts: 4,
      attemptedLeads: 3,
      completed: 2,
    });
    const attempted = await t.db
      .selectFrom('callAttempts')
      .select(({ fn }) => fn.count<string>('leadId').distinct().as('n'))
      .where('campaignId', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(Number(attempted.n)).toBe(3);

    // Deleting a called lead takes it out of both figures.
    await t.db.deleteFrom('leads').where('id', '=', String(twice)).execute();
    expect(await figures()).toMatchObject({
      totalLeads: 4,
      calledLeads: 2,
      completedLeads: 1,
      attempts: 2,
      attemptedLeads: 2,
      completed: 1,
    });
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

    const rows = (await admin.get('/dynamic/dashboard')).json<TDashboardFigures>();
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
    const rows = await findDashboard(t.db.withPlugin(counter), dashboardRange({}, 'Asia/Dhaka'));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(counter.count).toBe(1);
  });
  it('counts the attempts, attempted leads and completed calls ended in the range of local days, both days included', async () => {
    const admin = await t.callerFor('admin');
    const range = await createCampaign(t.db, { campaignName: 'Range Survey' });
    const other = await createCampaign(t.db, { campaignName: 'Range Other' });
    await insertLeads(range.id, [{}, {}, {}]);
    await insertLeads(other.id, [{}]);
    const [first = '', second = '', third = ''] = await leadIds(range.id);
    const [elsewhere = ''] = await leadIds(other.id);
    // 2026-03-10 in Dhaka runs from 2026-03-09T18:00Z to 2026-03-10T18:00Z.
    await insertAttempts(range.id, [
      { lead: second, endedAt: '2026-03-09T17:59:59Z', completed: true }, // 9 March
      { lead: first, endedAt: '2026-03-09T18:00:00Z' }, // 10 March, its first second
      { lead: first, endedAt: '2026-03-10T05:00:00Z', completed: true }, // 10 March
      { lead: second, endedAt: '2026-03-10T17:59:59Z' }, // 10 March, its last second
      { lead: third, endedAt: '2026-03-10T18:00:00Z', completed: true }, // 11 March
    ]);
    await insertAttempts(other.id, [{ lead: elsewhere, endedAt: '2026-03-10T06:00:00Z' }]);

    const calls = async (query: string) => {
      const r = await admin.get(`/dynamic/dashboard?${query}`);
      expect(r.status, r.text).toBe(200);
      const rows = r.json<TDashboardFigures>();
      const pick = (title: string) => {
        const row = rows.find((c) => c.campaignTitle === title);
        return row && { attempts: row.attempts, attemptedLeads: row.attemptedLeads, completed: row.completed };
      };
      return [pick('Range Survey'), pick('Range Other')];
    };
    // 10 March: three attempts on two leads (the first twice), one completed; the other campaign's call is its own.
    expect(await calls('from=2026-03-10&to=2026-03-10')).toEqual([
      { attempts: 3, attemptedLeads: 2, completed: 1 },
      { attempts: 1, attemptedLeads: 1, completed: 0 },
    ]);
    // 9 to 11 March: all five on three leads, three completed.
    expect(await calls('from=2026-03-09&to=2026-03-11')).toEqual([
      { attempts: 5, attemptedLeads: 3, completed: 3 },
      { attempts: 1, attemptedLeads: 1, completed: 0 },
    ]);
    // One day alone is that day.
    expect(await calls('from=2026-03-11')).toEqual([
      { attempts: 1, attemptedLeads: 1, completed: 1 },
      { attempts: 0, attemptedLeads: 0, completed: 0 },
    ]);
    expect(await calls('to=2026-03-09')).toEqual([
      { attempts: 1, attemptedLeads: 1, completed: 1 },
      { attempts: 0, attemptedLeads: 0, completed: 0 },
    ]);
    // The lead figures stay all time whatever the range: three leads, called 0 (the counters count saves, not these rows).
    const all = (await admin.get('/dynamic/dashboard?from=2026-03-11')).json<TDashboardFigures>();
    expect(all.find((c) => c.campaignTitle === 'Range Survey')).toMatchObject({ totalLeads: 3 });
  });

  it('answers for today without a range: a call ended now counts, one 30 hours ago does not', async () => {
    const admin = await t.callerFor('admin');
    const today = await createCampaign(t.db, { campaignName: 'Today Survey' });
    await insertLeads(today.id, [{}, {}]);
    const [now = '', before = ''] = await leadIds(today.id);
    await insertAttempts(today.id, [
      { lead: now, endedAt: new Date().toISOString(), completed: true },
      { lead: before, endedAt: new Date(Date.now() - 30 * 3_600_000).toISOString(), completed: true },
    ]);
    const rows = (await admin.get('/dynamic/dashboard')).json<TDashboardFigures>();
    expect(rows.find((c) => c.campaignTitle === 'Today Survey')).toMatchObject({
      attempts: 1,
      attemptedLeads: 1,
      completed: 1,
    });
  });

  it('refuses a malformed, reversed or too long range with 400 in words', async () => {
    const admin = await t.callerFor('admin');
    const cases: [string, string][] = [
      ['from=2026-02-30', 'querystring.from: from must be a date written yyyy-MM-dd'],
      ['from=2026-03-10&to=10/03/2026', 'querystring.to: to must be a date written yyyy-MM-dd'],
      ['from=2026-03-12&to=2026-03-10', 'querystring.to: The end date must be on or after the start date'],
      ['from=2025-01-01&to=2026-01-02', 'querystring.to: The range can be at most 366 days'],
    ];
    for (const [query, message] of cases) {
      const r = await admin.get(`/dynamic/dashboard?${query}`);
      expect([r.status, r.json<{ message: string }>().message], query).toEqual([400, message]);
    }
    // A leap year's whole year is 366 days: allowed; empty dates are today.
    expect((await admin.get('/dynamic/dashboard?from=2024-01-01&to=2024-12-31')).status).toBe(200);
    expect((await admin.get('/dynamic/dashboard?from=&to=')).status).toBe(200);
  });

  it("reads a range's calls through the (campaign_id, ended_at) index, never the whole table", async () => {
    const campaign = await createCampaign(t.db, { campaignName: 'Index Survey' });
    await insertLeads(campaign.id, [{}]);
    const [lead = ''] = await leadIds(campaign.id);
    await insertAttempts(campaign.id, [{ lead, endedAt: '2026-03-10T05:00:00Z' }]);
    const range = dashboardRange({ from: '2026-03-10', to: '2026-03-16' }, 'Asia/Dhaka');
    // The planner would scan a table this small: forbid it, and see the index answers.
    const plan = await t.db.connection().execute(async (db) => {
      await sql`set enable_seqscan = off`.execute(db);
      const rows = await selectDashboard(db, range).explain<{ 'QUERY PLAN': string }>();
      await sql`reset enable_seqscan`.execute(db);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/call_attempts_campaign_idx/);
  });
});
