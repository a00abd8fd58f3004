// The results' agent picker, GET /api/results/agents (docs/guide/results.md, "Agent"): who may list a campaign's
// agents, then which agents a set of hand-made attempts lists: every one with an attempt in the campaign, any time.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TResultAgent } from '@crm/shared';
import { createCampaign, createUser, useTestApp, type Caller, type TestUser } from '../../test/harness.ts';
import { addLead } from '../../test/crm-support.ts';
import { clientOf, insertAttempt } from '../../test/results-support.ts';

const t = useTestApp();

type Campaign = { id: number; campaignName: string };
let spring: Campaign;
let winter: Campaign;
let empty: Campaign;
let admin: Caller;
const agents: Record<string, TestUser> = {};

let phone = 0;
/** A new lead of the campaign, with attempts by each agent in turn (a minute apart, from `day` at noon UTC). */
async function callLead(campaign: Campaign, day: string, ...by: TestUser[]): Promise<string> {
  phone += 1;
  const leadId = String(await addLead(t, campaign.id, `+8801911${String(phone).padStart(6, '0')}`));
  for (const [i, agent] of by.entries())
    await insertAttempt(t, leadId, campaign.id, {
      agent,
      at: `${day}T12:0${i}:00Z`,
      code: i === by.length - 1 ? 'COMPLETE' : 'NOANSWER',
      kind: i === by.length - 1 ? 'completed' : 'retry',
    });
  return leadId;
}

const listUrl = (campaignName: string) => `/api/results/agents?${new URLSearchParams({ campaignName }).toString()}`;

async function list(campaignName: string, as: Caller = admin): Promise<TResultAgent[]> {
  const r = await as.get(listUrl(campaignName));
  expect(r.status, r.text).toBe(200);
  return r.json<TResultAgent[]>();
}

beforeAll(async () => {
  spring = await createCampaign(t.db, { campaignName: 'Spring Survey' });
  winter = await createCampaign(t.db, { campaignName: 'Winter Survey' });
  empty = await createCampaign(t.db, { campaignName: 'Not Yet Called' });
  admin = await t.callerFor('admin');
  const agent = (username: string, name: string, active = true) =>
    createUser(t.db, { role: 'agent', username, name, active }).then((u) => (agents[username] = u));
  await agent('AG-2', 'Rina Akter');
  await agent('AG-10', 'Karim Hossain');
  await agent('ag-7', 'Departed Agent', false);
  await agent('AG-3', 'Winter Only');
  await agent('AG-5', 'Renamed Agent');
  await agent('AG-9', 'Never Called');
  const a = agents as Record<'AG-2' | 'AG-10' | 'ag-7' | 'AG-3' | 'AG-5', TestUser>;
  // AG-10 only tried the lead that AG-2 completed later: no lead's latest attempt is AG-10's.
  await callLead(spring, '2026-09-01', a['AG-10'], a['AG-2']);
  // A year earlier, by an agent set inactive since.
  await callLead(spring, '2025-09-01', a['ag-7']);
  await callLead(winter, '2026-10-01', a['AG-3']);
  // AG-5 called as AG-5; the agent's ID is AG-50 now (the calls keep AG-5, which the results filter matches).
  await callLead(spring, '2026-09-02', a['AG-5']);
  await t.db.updateTable('users').set({ username: 'AG-50' }).where('id', '=', a['AG-5'].id).execute();
});

describe('who may list a campaign’s agents', () => {
  it('answers 401 signed out, 403 to agents and to client accounts, even for their own campaign', async () => {
    expect((await t.anonymous.get(listUrl(spring.campaignName))).status).toBe(401);
    expect((await (await t.callerFor('agent')).get(listUrl(spring.campaignName))).status).toBe(403);
    const client = await clientOf(t, [spring.id]);
    const r = await client.get(listUrl(spring.campaignName));
    expect(r.status).toBe(403);
    expect(r.text).not.toContain('Rina');
  });

  it('lets admins and QC inspectors list any campaign', async () => {
    const qc = await t.callerFor('qc');
    expect((await list(winter.campaignName, qc)).map((x) => x.agentId)).toEqual(['AG-3']);
    expect((await list(winter.campaignName, admin)).map((x) => x.agentId)).toEqual(['AG-3']);
  });
});

describe('the agents of a campaign', () => {
  it('lists everyone with an attempt in it, any time, with names, by agent ID with numbers by value', async () => {
    expect(await list(spring.campaignName)).toEqual([
      { agentId: 'AG-2', name: 'Rina Akter' },
      // A former ID, as the campaign's calls carry it, under the name of the agent who made them.
      { agentId: 'AG-5', name: 'Renamed Agent' },
      { agentId: 'ag-7', name: 'Departed Agent' },
      { agentId: 'AG-10', name: 'Karim Hossain' },
      { agentId: 'AG-50', name: 'Renamed Agent' },
    ]);
  });

  it('leaves out agents of other campaigns and agents who never called', async () => {
    const ids = (await list(spring.campaignName)).map((x) => x.agentId);
    expect(ids).not.toContain('AG-3');
    expect(ids).not.toContain('AG-9');
    expect(await list(empty.campaignName)).toEqual([]);
  });

  it('reads the campaign name in any case and with spaces around it', async () => {
    expect((await list('  winter survey ')).map((x) => x.agentId)).toEqual(['AG-3']);
  });

  it('lists a new attempt’s agent at once, and drops an agent whose attempts are all gone', async () => {
    const lead = await callLead(winter, '2026-10-05', agents['AG-9'] as TestUser);
    expect((await list(winter.campaignName)).map((x) => x.agentId)).toEqual(['AG-3', 'AG-9']);
    await t.db.deleteFrom('callAttempts').where('leadId', '=', lead).execute();
    expect((await list(winter.campaignName)).map((x) => x.agentId)).toEqual(['AG-3']);
  });

  it('answers 404 for a campaign of no such name and 400 without one', async () => {
    const none = await admin.get(listUrl('No Such Campaign'));
    expect(none.status).toBe(404);
    expect((none.body as { message: string }).message).toMatch(/does not exist/);
    const missing = await admin.get('/api/results/agents');
    expect(missing.status).toBe(400);
    expect((missing.body as { message: string }).message).toMatch(/campaignName is required/);
  });
});
