import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  MESSAGES,
  addDays,
  localDayText,
  type TAgentSession,
  type TAgentsOnline,
  type TSignInResponse,
} from '@crm/shared';
import { caller, createCampaign, createUser, useTestApp, type TestUser } from '../../test/harness.ts';
import { lookupUrl } from '../../test/crm-support.ts';
import { TEST_TIME_ZONES, atLocal } from '../../test/time-zones.ts';

const t = useTestApp();

async function signIn(agent: TestUser, campaign: string, shift: 'Morning' | 'Evening') {
  const r = await t.anonymous.post('/api/auth/signInAgent', {
    username: agent.username,
    password: agent.password,
    shift,
    campaign,
  });
  expect(r.status, r.text).toBe(200);
  return caller(t.app, r.json<TSignInResponse>().jwtToken);
}

const onlineIds = (online: TAgentsOnline) =>
  Object.fromEntries(online.shifts.map((s) => [s.shift, s.agents.map((a) => a.agentId)]));

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
    expect(onlineIds(online)).toMatchObject({
      Morning: expect.arrayContaining(['AG-S1']),
      Evening: expect.arrayContaining(['AG-S2']),
    });
    const shilaNow = online.shifts[0]?.agents.find((a) => a.agentId === 'AG-S1');
    expect(shilaNow).toMatchObject({
      name: 'Shila',
      shift: 'Morning',
      campaignName: 'Records Campaign',
      endedAt: null,
      endedBy: null,
    });
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
    await sql`update agent_sessions set expires_at = now() - interval '1 minute' where agent_id = 'AG-S3'`.execute(
      t.db,
    );
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

// Days of sign-ins are the call centre's (TIME_ZONE): 00:30 there is its day, though still the day before in UTC
// when the zone is Dhaka.
describe.each(TEST_TIME_ZONES)('the sign-ins of a day, with TIME_ZONE=%s', (zone) => {
  const z = useTestApp({ timeZone: zone });

  async function signedInAt(username: string, wallClock: string): Promise<void> {
    const user = await createUser(z.db, { role: 'agent', username });
    await z.db
      .insertInto('agentSessions')
      .values({
        userId: user.id,
        agentId: username,
        agentName: user.name,
        shift: 'Morning',
        campaignId: null,
        campaignName: 'Night Shift',
        signedInAt: atLocal(zone, wallClock),
        expiresAt: atLocal(zone, wallClock),
      })
      .execute();
  }

  const idsOf = async (query = '') => {
    const r = await (await z.callerFor('admin')).get(`/api/agentSessions${query}`);
    expect(r.status, r.text).toBe(200);
    return r.json<TAgentSession[]>().map((s) => s.agentId);
  };

  it("counts a sign-in at 00:30 in today's sign-ins, and none of yesterday's or tomorrow's", async () => {
    const today = localDayText(new Date(), zone);
    await signedInAt('AG-T0030', `${today} 00:30:00`);
    await signedInAt('AG-T0000', `${today} 00:00:00`);
    await signedInAt('AG-Y2359', `${addDays(today, -1)} 23:59:59`);
    await signedInAt('AG-N0000', `${addDays(today, 1)} 00:00:00`);
    const ids = await idsOf();
    expect(ids).toEqual(expect.arrayContaining(['AG-T0030', 'AG-T0000']));
    expect(ids).not.toContain('AG-Y2359');
    expect(ids).not.toContain('AG-N0000');
  });

  it('lists a named day as the zone counts it', async () => {
    await signedInAt('AG-D0030', '2026-03-02 00:30:00');
    await signedInAt('AG-D2359', '2026-03-02 23:59:59');
    await signedInAt('AG-D0101', '2026-03-01 23:59:59');
    await signedInAt('AG-D0301', '2026-03-03 00:00:00');
    expect(await idsOf('?date=2026-03-02')).toEqual(['AG-D2359', 'AG-D0030']);
    expect(await idsOf('?date=2026-03-01')).toEqual(['AG-D0101']);
  });
});
