import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, localDayText, type TMyCalls } from '@crm/shared';
import type { Caller } from '../../test/harness.ts';
import { useTestApp } from '../../test/harness.ts';
import { query } from '../../test/leads-support.ts';
import { addLead, panelCampaign, saveUrl } from '../../test/crm-support.ts';
import { TEST_TIME_ZONES, atLocal } from '../../test/time-zones.ts';

const t = useTestApp();

const myCallsUrl = (campaign: string) => `/api/ap/myCalls?${query({ tableName: campaign })}`;

async function myCalls(api: Caller, campaign: string): Promise<TMyCalls> {
  const r = await api.get(myCallsUrl(campaign));
  expect(r.status, r.text).toBe(200);
  return r.json<TMyCalls>();
}

async function save(api: Caller, campaign: string, cell: string, leadId: number, body: Record<string, unknown>) {
  const r = await api.put(saveUrl(campaign, cell, leadId), body);
  expect(r.status, r.text).toBe(200);
}

describe('GET /api/ap/myCalls', () => {
  it('refuses anonymous callers (401), QC inspectors and agents of another campaign (403); 404 for no such campaign', async () => {
    const c = await panelCampaign(t);
    const other = await panelCampaign(t);
    expect((await t.anonymous.get(myCallsUrl(c.name))).status).toBe(401);
    expect((await (await t.callerFor('qc')).get(myCallsUrl(c.name))).status).toBe(403);
    expect((await other.agent.get(myCallsUrl(c.name))).status).toBe(403);
    const r = await c.admin.get(myCallsUrl('No Such Campaign'));
    expect(r.status).toBe(404);
    expect(r.json<{ message: string }>().message).toBe('Campaign "No Such Campaign" does not exist');
  });

  it("lists the caller's partial calls of today where they stopped, until the lead is saved again", async () => {
    const c = await panelCampaign(t);
    const stopped = await addLead(t, c.id, '+8801714000001', { respondentName: 'Fatema Begum' });
    const finished = await addLead(t, c.id, '+8801714000002');
    await save(c.agent, c.name, '01714000001', stopped, { Q1: 'Yes', Q2: 'Partial Call', is_called: 0 });
    await save(c.agent, c.name, '01714000002', finished, { Q1: 'Yes', Q2: 'Alpha', Q3: 'Partial Call', is_called: 0 });
    // Completed later (by a colleague): no longer a partial call to resume.
    const colleague = await t.callerFor('agent', { campaign: c.name });
    await save(colleague, c.name, '01714000002', finished, {
      Q1: 'Yes',
      Q2: 'Alpha',
      Q3: '3',
      Q4: 'Done',
      is_called: 1,
    });

    const calls = await myCalls(c.agent, c.name);
    expect(calls.partialCalls).toEqual([
      {
        leadId: stopped,
        cellNumber: '+8801714000001',
        respondentName: 'Fatema Begum',
        savedAt: expect.any(String),
        isCalled: 0,
        stoppedAt: 'Q2',
      },
    ]);
    expect(calls.drafts).toEqual([]);
    // Nothing of the agent's in the colleague's lists but the colleague's own save.
    const theirs = await myCalls(colleague, c.name);
    expect(theirs.partialCalls).toEqual([]);
    expect(theirs.recentCalls.map((r) => r.leadId)).toEqual([finished]);
  });

  it('lists the last ten saves of the caller in this campaign, newest first, with how each ended', async () => {
    const c = await panelCampaign(t);
    const other = await panelCampaign(t);
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const cell = `01714001${String(i).padStart(3, '0')}`;
      const id = await addLead(t, c.id, `+880${cell.slice(1)}`);
      ids.push(id);
      await save(
        c.agent,
        c.name,
        cell,
        id,
        i === 11 ? { Q1: 'Partial Call', is_called: 0 } : { Q1: 'Yes', is_called: i % 2 },
      );
    }
    // The admin calls a lead of another campaign: not in this campaign's list.
    const elsewhere = await addLead(t, other.id, '+8801714009999');
    await save(c.admin, other.name, '01714009999', elsewhere, { Q1: 'Yes', is_called: 1 });

    const { recentCalls } = await myCalls(c.agent, c.name);
    expect(recentCalls.map((r) => r.leadId)).toEqual(ids.slice(2).reverse());
    expect(recentCalls[0]).toMatchObject({ isCalled: 0, stoppedAt: 'Q1' });
    expect(recentCalls[1]).toMatchObject({ isCalled: 0, stoppedAt: null });
    expect(recentCalls[2]).toMatchObject({ isCalled: 1, stoppedAt: null });
    const times = recentCalls.map((r) => Date.parse(r.savedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await myCalls(c.admin, c.name)).recentCalls).toEqual([]);
  });

  it("leaves out yesterday's drafts and partial calls, and lists a partial call being resumed once, as the draft", async () => {
    const c = await panelCampaign(t);
    const resumed = await addLead(t, c.id, '+8801714002001');
    const old = await addLead(t, c.id, '+8801714002002');
    await save(c.agent, c.name, '01714002001', resumed, { Q1: 'Yes', Q2: 'Partial Call', is_called: 0 });
    await save(c.agent, c.name, '01714002002', old, { Q1: 'Partial Call', is_called: 0 });
    const draft = { path: ['Q1', 'Q2'], answers: { Q1: 'Yes', Q2: 'Beta' }, leadVersion: 1 };
    for (const id of [resumed, old])
      expect((await c.agent.put(`/api/ap/draft/${id}?${query({ tableName: c.name })}`, draft)).status).toBe(200);
    const yesterday = new Date(Date.now() - 26 * 3_600_000);
    await t.db.updateTable('callDrafts').set({ updatedAt: yesterday }).where('leadId', '=', String(old)).execute();
    await sql`update lead_answer_history set saved_at = ${yesterday} where lead_id = ${old}`.execute(t.db);

    const calls = await myCalls(c.agent, c.name);
    expect(calls.drafts.map((d) => d.leadId)).toEqual([resumed]);
    expect(calls.partialCalls).toEqual([]);
    expect(calls.recentCalls.map((r) => r.leadId)).toEqual([resumed, old]);
  });
});

// "Today" is the call centre's day (TIME_ZONE): a call left at 00:30 there is today's, one at 23:59 the day before is not.
describe.each(TEST_TIME_ZONES)("the caller's calls of today, with TIME_ZONE=%s", (zone) => {
  const z = useTestApp({ timeZone: zone });

  it('lists drafts and partial calls from 00:30 of today, not those of the evening before', async () => {
    const c = await panelCampaign(z);
    const today = localDayText(new Date(), zone);
    const early = await addLead(z, c.id, '+8801714003001');
    const late = await addLead(z, c.id, '+8801714003002');
    for (const [cell, id] of [
      ['01714003001', early],
      ['01714003002', late],
    ] as const) {
      const saved = await c.agent.put(saveUrl(c.name, cell, id), { Q1: 'Partial Call', is_called: 0 });
      expect(saved.status, saved.text).toBe(200);
      const draft = await c.agent.put(`/api/ap/draft/${id}?${query({ tableName: c.name })}`, {
        path: ['Q1'],
        answers: {},
        leadVersion: 1,
      });
      expect(draft.status, draft.text).toBe(200);
    }
    const halfPastMidnight = atLocal(zone, `${today} 00:30:00`);
    const eveningBefore = atLocal(zone, `${addDays(today, -1)} 23:59:00`);
    await z.db
      .updateTable('callDrafts')
      .set({ updatedAt: halfPastMidnight })
      .where('leadId', '=', String(early))
      .execute();
    await z.db.updateTable('callDrafts').set({ updatedAt: eveningBefore }).where('leadId', '=', String(late)).execute();
    await sql`update lead_answer_history set saved_at = ${halfPastMidnight} where lead_id = ${early}`.execute(z.db);
    await sql`update lead_answer_history set saved_at = ${eveningBefore} where lead_id = ${late}`.execute(z.db);

    const calls = await myCalls(c.agent, c.name);
    expect(calls.drafts.map((d) => d.leadId)).toEqual([early]);
    // The early lead's partial call is listed once, as its draft; the late one's is yesterday's.
    expect(calls.partialCalls).toEqual([]);
    await z.db.deleteFrom('callDrafts').where('leadId', '=', String(early)).execute();
    expect((await myCalls(c.agent, c.name)).partialCalls.map((p) => p.leadId)).toEqual([early]);
  });
});
