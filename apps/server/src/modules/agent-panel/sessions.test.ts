import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MESSAGES, type TAgentSession, type TAgentsOnline, type TSignInResponse } from '@crm/shared';
import { caller, createCampaign, createUser, useTestApp, type TestUser } from '../../test/harness.ts';
import { lookupUrl } from '../../test/agent-panel-support.ts';

const t = useTestApp();

async function signIn(agent: TestUser, campaign: string, shift: 'Morning' | 'Evening') {
  const r = await t.anonymous.post('/api/auth/signInAgent', { username: agent.username, password: agent.password, shift, campaign });
  expect(r.status, r.text).toBe(200);
  return caller(t.app, r.json<TSignInResponse>().jwtToken);
}

const onlineIds = (online: TAgentsOnline) => Object.fromEntries(online.shifts.map((s) => [s.shift, s.agents.map((a) => a.agentId)]));

describe('agent sign-in records', () => {
  it('records each sign-in and sign-out; the dashboard lists who is signed in now, by shift', async () => {
    const c = await createCampaign(t.db, { campaignName: 'Records Campaign' });
    const morning = await createUser(t.db, { role: 'agent', username: 'AG-S1', name: 'Shila' });
    const evening = await createUser(t.db, { role: 'agent', username: 'AG-S2', name: 'Tanvir' });
    const admin = await t.callerFor('admin');
    const before = new Date();

    const shila = await signIn(morning, 'records campaign', 'Morning');
    const tanvir = await signIn(evening, c.campaignName, 'Evening');
    let online = (await admin.get('/api/agentSessions/online')).json<TAgentsOnline>();
    expect(onlineIds(online)).toMatchObject({ Morning: expect.arrayContaining(['AG-S1']), Evening: expect.arrayContaining(['AG-S2']) });
    const shilaNow = online.shifts[0]?.agents.find((a) => a.agentId === 'AG-S1');
    expect(shilaNow).toMatchObject({ name: 'Shila', shift: 'Morning', campaignName: 'Records Campaign', endedAt: null, endedBy: null });
    expect(new Date(shilaNow?.signedInAt ?? 0).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);

    // Signing out ends the record and the token with it.
    expect((await shila.post('/api/auth/signOut')).json()).toEqual({ message: MESSAGES.auth.signedOut });
    const after = await shila.get(lookupUrl('Records Campaign', '01712345678'));
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: MESSAGES.auth.sessionExpired });
    expect((await tanvir.get(lookupUrl('Records Campaign', '01712345678'))).status).toBe(200);

    online = (await admin.get('/api/agentSessions/online')).json<TAgentsOnline>();
    expect(onlineIds(online).Morning).not.toContain('AG-S1');
    expect(onlineIds(online).Evening).toContain('AG-S2');

    const today = (await admin.get('/api/agentSessions')).json<TAgentSession[]>();
    const shilaToday = today.find((s) => s.agentId === 'AG-S1');
    expect(shilaToday).toMatchObject({ shift: 'Morning', campaignName: 'Records Campaign', endedBy: 'sign-out' });
    expect(shilaToday?.endedAt).not.toBeNull();
  });

  it('counts a session whose token ran out as ended by expiry, not as signed in', async () => {
    await createCampaign(t.db, { campaignName: 'Expiry Campaign' });
    const agent = await createUser(t.db, { role: 'agent', username: 'AG-S3' });
    await signIn(agent, 'Expiry Campaign', 'Evening');
    await sql`update agent_sessions set expires_at = now() - interval '1 minute' where agent_id = 'AG-S3'`.execute(t.db);
    const admin = await t.callerFor('admin');
    const online = (await admin.get('/api/agentSessions/online')).json<TAgentsOnline>();
    expect(onlineIds(online).Evening).not.toContain('AG-S3');
    const today = (await admin.get('/api/agentSessions')).json<TAgentSession[]>();
    expect(today.find((s) => s.agentId === 'AG-S3')).toMatchObject({ endedBy: 'expiry' });
  });

  it("lists a day's sign-ins by date, and none for a day without", async () => {
    const admin = await t.callerFor('admin');
    expect((await admin.get('/api/agentSessions?date=2001-01-01')).json()).toEqual([]);
    expect((await admin.get('/api/agentSessions?date=01-01-2001')).status).toBe(400);
  });

  it('opens the records to administrators only', async () => {
    const c = await createCampaign(t.db);
    for (const api of [await t.callerFor('qc'), await t.callerFor('agent', { campaign: c.campaignName })]) {
      expect((await api.get('/api/agentSessions/online')).status).toBe(403);
      expect((await api.get('/api/agentSessions')).status).toBe(403);
    }
    expect((await t.anonymous.get('/api/agentSessions/online')).status).toBe(401);
    expect((await t.anonymous.post('/api/auth/signOut')).status).toBe(401);
  });
});
