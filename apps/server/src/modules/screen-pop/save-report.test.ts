import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { TLeadSaveResult } from '@crm/shared';
import type { TConfig, TDialerConfig } from '../../config.ts';
import { useTestApp } from '../../test/harness.ts';
import { addLead, lookUp, panelCampaign, saveUrl, storedLead, type PanelCampaign } from '../../test/crm-support.ts';
import { startFakeVicidial, type FakeVicidial } from '../../test/fake-vicidial.ts';

let fake: FakeVicidial;
beforeAll(async () => {
  fake = await startFakeVicidial();
});
afterAll(async () => fake?.close());

// The app is built after the fake has started: its dialer setting is read then.
const overrides = {
  timeZone: 'Asia/Dhaka',
  get dialer(): TDialerConfig {
    return {
      mode: 'vicidial',
      url: fake.url,
      user: fake.user,
      pass: fake.pass,
      userGroups: ['G1'],
      pollMs: 60_000,
      timeoutMs: 1000,
    };
  },
} satisfies Partial<TConfig>;
const t = useTestApp(overrides);

let seq = 0;

/** A lead of a fresh campaign that VICIdial's web form put through to the campaign's agent (a dialer call id), looked up. */
async function dialerCall(): Promise<{ c: PanelCampaign; leadId: number; cell: string; agentUser: string }> {
  seq += 1;
  const c = await panelCampaign(t);
  const agentUser = (
    await t.db
      .selectFrom('users')
      .select('username')
      .where('role', '=', 'agent')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).username;
  const cell = `017131000${String(seq).padStart(2, '0')}`;
  const leadId = await addLead(t, c.id, `+88${cell}`);
  const pop = await c.agent.post('/api/ap/webFormPop', {
    phone_number: cell,
    vendor_lead_code: String(leadId),
    lead_id: `9${seq}001`,
  });
  expect(pop.status, pop.text).toBe(200);
  await lookUp(c.agent, c.name, cell);
  return { c, leadId, cell, agentUser };
}

const lastExternalStatus = () => fake.agents.counters().externalStatus.at(-1);

describe("the save of a dialer's call sends its disposition to VICIdial", () => {
  it("sends external_status with the chosen disposition's VICIdial status, and says VICIdial took it", async () => {
    const { c, leadId, cell, agentUser } = await dialerCall();
    fake.agents.setAgents({ [agentUser]: { status: 'INCALL', leadId: `9${seq}001` } });
    const r = await c.agent.put(saveUrl(c.name, cell, leadId), { Q1: 'No', is_called: 0, disposition: 'NI' });
    expect(r.status, r.text).toBe(200);
    const saved = r.json<TLeadSaveResult>();
    expect(saved.attempt).toMatchObject({ disposition: 'NI', dialerCallId: `9${seq}001` });
    expect(saved.dialer).toEqual({
      status: 'sent',
      message: `SUCCESS: external_status function set - NI|${agentUser}`,
    });
    expect(lastExternalStatus()).toMatchObject({ agentUser, value: 'NI', callbackDatetime: null });
    const attempt = await t.db
      .selectFrom('callAttempts')
      .select('dialerStatus')
      .where('id', '=', String(saved.attempt!.id))
      .executeTakeFirstOrThrow();
    expect(attempt.dialerStatus).toBe(saved.dialer!.message);
  });

  it('sends a callback disposition with the callback the save carries, which is no answer of the lead', async () => {
    const { c, leadId, cell, agentUser } = await dialerCall();
    fake.agents.setAgents({ [agentUser]: { status: 'INCALL', leadId: `9${seq}001` } });
    const r = await c.agent.put(saveUrl(c.name, cell, leadId), {
      Q1: 'Yes',
      is_called: 0,
      disposition: 'CALLBACK',
      callback: { at: '2026-11-20 18:00', mineOnly: false, note: 'Ask for the owner' },
    });
    expect(r.status, r.text).toBe(200);
    const saved = r.json<TLeadSaveResult>();
    expect(saved.ignored).toEqual([]);
    expect(saved.dialer?.status).toBe('sent');
    expect(lastExternalStatus()).toMatchObject({
      value: 'CALLBK',
      callbackDatetime: '2026-11-20 18:00:00',
      callbackType: 'ANYONE',
      callbackComments: 'Ask for the owner',
    });
    expect((await storedLead(t, leadId)).answers).toEqual({ Q1: 'Yes' });
  });

  it("returns VICIdial's refusal in its words, and the save stands", async () => {
    const { c, leadId, cell, agentUser } = await dialerCall();
    fake.agents.setAgents({ [agentUser]: 'logged-out' });
    const r = await c.agent.put(saveUrl(c.name, cell, leadId), { Q1: 'Yes', Q3: '2', is_called: 1 });
    expect(r.status, r.text).toBe(200);
    const saved = r.json<TLeadSaveResult>();
    expect(saved.dialer).toEqual({ status: 'refused', message: `ERROR: agent_user is not logged in - ${agentUser}` });
    expect(saved.attempt?.disposition).toBe('COMPLETE');
    const stored = await storedLead(t, leadId);
    expect(stored.answers).toEqual({ Q1: 'Yes', Q3: '2' });
    expect(stored.isCalled).toBe(1);
    // VICIdial down: the same, in the CRM's words.
    const down = await dialerCall();
    fake.agents.setAgentApi({ kind: 'status', code: 502 });
    try {
      const r2 = await down.c.agent.put(saveUrl(down.c.name, down.cell, down.leadId), {
        Q1: 'No',
        is_called: 0,
        disposition: 'WRONG',
      });
      expect(r2.status, r2.text).toBe(200);
      expect(r2.json<TLeadSaveResult>().dialer).toEqual({
        status: 'failed',
        message: 'VICIdial answered external_status with HTTP 502; the disposition was not set there.',
      });
      expect((await storedLead(t, down.leadId)).answers).toEqual({ Q1: 'No' });
    } finally {
      fake.agents.setAgentApi({ kind: 'normal' });
    }
  });

  it('sends nothing for a typed number, and refuses a callback that is not one before saving anything', async () => {
    const c = await panelCampaign(t);
    const leadId = await addLead(t, c.id, '+8801713200001');
    await lookUp(c.agent, c.name, '01713200001');
    const before = fake.agents.counters().externalStatus.length;
    const r = await c.agent.put(saveUrl(c.name, '01713200001', leadId), { Q1: 'Yes', is_called: 1 });
    expect(r.status, r.text).toBe(200);
    expect(r.json<TLeadSaveResult>().dialer).toBeUndefined();
    expect(fake.agents.counters().externalStatus.length).toBe(before);
    const other = await addLead(t, c.id, '+8801713200002');
    const bad = await c.agent.put(saveUrl(c.name, '01713200002', other), {
      Q1: 'No',
      is_called: 0,
      disposition: 'CALLBACK',
      callback: { at: 'tomorrow', mineOnly: true },
    });
    expect(bad.status).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('body.callback.at: at must be yyyy-MM-dd HH:mm');
    expect((await storedLead(t, other)).answers).toEqual({});
  });
});
