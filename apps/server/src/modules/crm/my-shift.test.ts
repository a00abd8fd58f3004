// GET /api/ap/myShift (docs/guide/call-loop.md, The agent's shift): the caller's own calls, completed surveys, callbacks set and
// average handle time since the sign-in, and today's calls against the campaign's call target. Run in a zone where it
// is midday now, so "earlier today" has room.
import { beforeAll, describe, expect, it } from 'vitest';
import { startOfLocalDay, type TCallbacks, type TMyShift } from '@crm/shared';
import { createCampaign, createUser, useTestApp, type TestUser } from '../../test/harness.ts';
import {
  insertAttempt,
  insertCallback,
  middayTimeZone,
  minutesFromNow,
  signedInAgent,
} from '../../test/callbacks-support.ts';
import { insertLeads, nextCell } from '../../test/leads-support.ts';

const t = useTestApp({ timeZone: middayTimeZone() });

type Campaign = { id: number; campaignName: string };
let campaign: Campaign;
let otherCampaign: Campaign;

beforeAll(async () => {
  campaign = await createCampaign(t.db);
  otherCampaign = await createCampaign(t.db);
  await t.db.updateTable('campaigns').set({ callTarget: 80 }).where('id', '=', campaign.id).execute();
});

async function lead(of: Campaign = campaign): Promise<number> {
  const [id] = await insertLeads(t.db, of.id, [{ cellNumber: nextCell(), forD: 'd', generateStatus: 1 }]);
  if (id === undefined) throw new Error('no lead');
  return id;
}

/** A call of the user's on a new lead of the campaign, ended `minutesAgo`. */
async function call(
  user: TestUser,
  minutesAgo: number,
  options: { completed?: boolean; handleSeconds?: number; of?: Campaign } = {},
) {
  const of = options.of ?? campaign;
  return insertAttempt(t.db, {
    leadId: await lead(of),
    campaignId: of.id,
    user,
    endedAt: minutesFromNow(-minutesAgo),
    ...options,
  });
}

describe('who may read a shift', () => {
  it('answers 401 without a session and 403 to QC inspectors', async () => {
    expect((await t.anonymous.get('/api/ap/myShift')).status).toBe(401);
    expect((await (await t.callerFor('qc')).get('/api/ap/myShift')).status).toBe(403);
  });
});

describe('GET /api/ap/myShift', () => {
  it("counts the agent's own calls, completed, callbacks set and handle time since the sign-in, and today's calls", async () => {
    const agent = await createUser(t.db, { role: 'agent' });
    const colleague = await createUser(t.db, { role: 'agent' });
    const signedInAt = minutesFromNow(-120);
    const { api } = await signedInAgent(t.app, agent, campaign, signedInAt);

    await call(agent, 150, { completed: true, handleSeconds: 500 }); // today, before the sign-in
    await call(agent, 150, { of: otherCampaign }); // today, another campaign, before the sign-in
    await call(agent, 24 * 60); // yesterday
    await call(agent, 90, { completed: true, handleSeconds: 60 });
    await call(agent, 60, { completed: true, handleSeconds: 90 });
    await call(agent, 30, { handleSeconds: 121 });
    await call(colleague, 20, { completed: true });

    const twice = await lead();
    await insertCallback(t.db, {
      leadId: twice,
      campaignId: campaign.id,
      user: agent,
      dueAt: minutesFromNow(-5),
      createdAt: minutesFromNow(-80),
    });
    await t.db.updateTable('callbacks').set({ state: 'cancelled' }).where('leadId', '=', String(twice)).execute();
    await insertCallback(t.db, {
      leadId: twice,
      campaignId: campaign.id,
      user: agent,
      dueAt: minutesFromNow(-5),
      createdAt: minutesFromNow(-70),
    });
    await insertCallback(t.db, {
      leadId: await lead(),
      campaignId: campaign.id,
      user: agent,
      dueAt: minutesFromNow(90),
      createdAt: minutesFromNow(-40),
    });
    await insertCallback(t.db, {
      leadId: await lead(),
      campaignId: campaign.id,
      user: agent,
      dueAt: minutesFromNow(60),
      createdAt: minutesFromNow(-130),
    });
    await insertCallback(t.db, {
      leadId: await lead(),
      campaignId: campaign.id,
      user: colleague,
      dueAt: minutesFromNow(-1),
      mineOnly: false,
    });

    const r = await api.get('/api/ap/myShift');
    expect(r.status, r.text).toBe(200);
    expect(r.json<TMyShift>()).toEqual({
      since: signedInAt.toISOString(),
      calls: 3,
      completed: 2,
      callbacksSet: 2,
      averageHandleSeconds: 90,
      callTarget: 80,
      callsToday: 4,
      // The agent's own due one and the colleague's anyone-callback: the list's due count.
      callbacksDue: 2,
    });
    expect((await api.get('/api/callbacks')).json<TCallbacks>().dueCount).toBe(2);
  });

  it('counts from the sign-in for an agent just signed in, and gives no average without calls', async () => {
    const agent = await createUser(t.db, { role: 'agent' });
    const quiet = await createCampaign(t.db);
    const api = await t.as(agent, { campaign: quiet.campaignName });
    const signIn = await t.db
      .selectFrom('agentSessions')
      .select('signedInAt')
      .where('userId', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect((await api.get('/api/ap/myShift')).json<TMyShift>()).toEqual({
      since: signIn.signedInAt.toISOString(),
      calls: 0,
      completed: 0,
      callbacksSet: 0,
      averageHandleSeconds: null,
      callTarget: 50,
      callsToday: 0,
      callbacksDue: 0,
    });
    await call(agent, 0, { completed: true, handleSeconds: 30, of: quiet });
    expect((await api.get('/api/ap/myShift')).json<TMyShift>()).toMatchObject({
      calls: 1,
      completed: 1,
      averageHandleSeconds: 30,
      callsToday: 1,
    });
  });

  it('gives an admin its own figures of today, without a call target', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    await call(admin, 10, { of: otherCampaign, handleSeconds: 45 });
    await call(admin, 20, { handleSeconds: 15 });
    // An admin's token has no sign-in record: the shift counts from the start of today.
    const since = startOfLocalDay(new Date(), t.config.timeZone).toISOString();
    expect((await (await t.as(admin)).get('/api/ap/myShift')).json<TMyShift>()).toMatchObject({
      since,
      calls: 2,
      completed: 0,
      averageHandleSeconds: 30,
      callTarget: null,
      callsToday: 2,
    });
  });
});
