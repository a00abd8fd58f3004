// Sessions that can be ended: sign-out, a new password, disabling and a campaign made inactive end every earlier
// token at once, for every role; enabling an account again brings none of them back.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ZSignInResponse, type TAgent } from '@crm/shared';
import { caller, createCampaign, createUser, useTestApp, type Caller, type TestUser } from '../test/harness.ts';
import { addAgent } from '../test/agents-support.ts';

const t = useTestApp();

/** Signs in through the real route and returns a caller with that token. */
async function signIn(user: { username: string; password: string }, agent?: { campaign: string }): Promise<Caller> {
  const r = agent
    ? await t.anonymous.post('/api/auth/signInAgent', {
        username: user.username,
        password: user.password,
        shift: 'Morning',
        campaign: agent.campaign,
      })
    : await t.anonymous.post('/api/auth/signInSuperAdmin', { username: user.username, password: user.password });
  expect(r.status, r.text).toBe(200);
  return caller(t.app, ZSignInResponse.parse(r.body).jwtToken);
}

const me = async (c: Caller) => (await c.get('/api/auth/me')).status;
const mediaToken = async (c: Caller) => (await c.get('/api/auth/media-token')).json<{ token: string }>().token;

describe('signing out', () => {
  it.each(['admin', 'qc'] as const)('ends every token of the %s, on every device, media tokens too', async (role) => {
    const user = await createUser(t.db, { role });
    const desk = await signIn(user);
    const laptop = await signIn(user);
    const media = await mediaToken(desk);
    expect(await me(desk)).toBe(200);
    expect((await desk.post('/api/auth/signOut')).status).toBe(200);
    expect(await me(desk)).toBe(401);
    expect(await me(laptop)).toBe(401);
    expect((await t.anonymous.get(`/api/voicelog/download-mp3?fileName=2026-11-17/x.mp3&token=${media}`)).status).toBe(
      401,
    );
    // Signing in again works as before.
    expect(await me(await signIn(user))).toBe(200);
  });

  it("ends all of an agent's sign-ins and closes their records", async () => {
    const campaign = await createCampaign(t.db);
    const admin = await t.callerFor('admin');
    const agent = await addAgent(admin);
    const login = { username: agent.agentId, password: 'agent-pass-1' };
    const first = await signIn(login, { campaign: campaign.campaignName });
    const second = await signIn(login, { campaign: campaign.campaignName });
    expect((await first.post('/api/auth/signOut')).status).toBe(200);
    expect(await me(first)).toBe(401);
    expect(await me(second)).toBe(401);
    const open = await t.db
      .selectFrom('agentSessions')
      .select('id')
      .where('agentId', '=', agent.agentId)
      .where('signedOutAt', 'is', null)
      .execute();
    expect(open).toEqual([]);
  });
});

describe('an administrator changing an account', () => {
  async function qcSignedIn(): Promise<{ user: TestUser; session: Caller; admin: Caller }> {
    const user = await createUser(t.db, { role: 'qc' });
    return { user, session: await signIn(user), admin: await t.callerFor('admin') };
  }

  it("ends a QC inspector's tokens when the password is reset; the new password signs in", async () => {
    const { user, session, admin } = await qcSignedIn();
    expect((await admin.put(`/api/users/${user.id}`, { password: 'a-brand-new-pass' })).status).toBe(200);
    expect(await me(session)).toBe(401);
    expect(await me(await signIn({ username: user.username, password: 'a-brand-new-pass' }))).toBe(200);
  });

  it('ends them when the account is disabled, and enabling it again revives none', async () => {
    const { user, session, admin } = await qcSignedIn();
    expect((await admin.put(`/api/users/${user.id}`, { active: false })).status).toBe(200);
    expect(await me(session)).toBe(401);
    expect((await admin.put(`/api/users/${user.id}`, { active: true })).status).toBe(200);
    expect(await me(session)).toBe(401);
    expect(await me(await signIn(user))).toBe(200);
  });

  it('leaves them alone when only the name changes', async () => {
    const { user, session, admin } = await qcSignedIn();
    expect((await admin.put(`/api/users/${user.id}`, { name: 'Renamed Inspector' })).status).toBe(200);
    expect(await me(session)).toBe(200);
  });

  it("ends an agent's tokens and sign-in records when the password is reset or the agent made Inactive", async () => {
    const campaign = await createCampaign(t.db);
    const admin = await t.callerFor('admin');
    const edit = (agent: TAgent, changes: Record<string, unknown>) =>
      admin.put('/api/ac/editAgent', {
        id: agent.id,
        type: agent.type,
        name: agent.name,
        agentId: agent.agentId,
        status: true,
        ...changes,
      });
    for (const changes of [{ password: 'another-agent-pass' }, { status: false }]) {
      const agent = await addAgent(admin);
      const session = await signIn(
        { username: agent.agentId, password: 'agent-pass-1' },
        { campaign: campaign.campaignName },
      );
      // Other fields alone change nothing.
      expect((await edit(agent, { name: 'Karim Ahmed' })).status).toBe(200);
      expect(await me(session)).toBe(200);
      const r = await edit(agent, changes);
      expect(r.status, r.text).toBe(200);
      expect(await me(session)).toBe(401);
      // Active again (with the same password): the old token stays ended.
      expect((await edit(agent, {})).status).toBe(200);
      expect(await me(session)).toBe(401);
      const open = await t.db
        .selectFrom('agentSessions')
        .select('id')
        .where('agentId', '=', agent.agentId)
        .where('signedOutAt', 'is', null)
        .execute();
      expect(open).toEqual([]);
    }
  });
});

describe('a campaign made inactive', () => {
  it('signs out the agents signed into it, and no one else', async () => {
    const admin = await t.callerFor('admin');
    const closing = await createCampaign(t.db);
    const other = await createCampaign(t.db);
    const a = await addAgent(admin);
    const b = await addAgent(admin);
    const inClosing = await signIn(
      { username: a.agentId, password: 'agent-pass-1' },
      { campaign: closing.campaignName },
    );
    const inOther = await signIn({ username: b.agentId, password: 'agent-pass-1' }, { campaign: other.campaignName });
    const r = await admin.put('/cc/updateCampaign', {
      id: closing.id,
      campaignName: closing.campaignName,
      campaignId: closing.campaignId,
      status: false,
    });
    expect(r.status, r.text).toBe(200);
    expect(await me(inClosing)).toBe(401);
    expect(await me(inOther)).toBe(200);
    const online = JSON.stringify((await admin.get('/api/agentSessions/online')).body);
    expect(online).not.toContain(a.agentId);
    expect(online).toContain(b.agentId);
  });
});

describe('a campaign renamed or deleted (issue 33)', () => {
  const dispositionsOf = (c: Caller, campaignName: string) =>
    c.get(`/api/dispositions?campaignName=${encodeURIComponent(campaignName)}`);

  it("ends the sign-ins of a renamed campaign, and a campaign made under the old name is never the old token's", async () => {
    const admin = await t.callerFor('admin');
    const spring = await createCampaign(t.db, { campaignName: 'Rename Spring' });
    const agent = await addAgent(admin);
    const session = await signIn({ username: agent.agentId, password: 'agent-pass-1' }, { campaign: 'Rename Spring' });
    expect((await dispositionsOf(session, 'Rename Spring')).status).toBe(200);
    // Another field alone ends nothing.
    expect(
      (
        await admin.put('/cc/updateCampaign', {
          id: spring.id,
          campaignName: 'Rename Spring',
          campaignId: spring.campaignId,
          callTarget: 60,
        })
      ).status,
    ).toBe(200);
    expect(await me(session)).toBe(200);

    const renamed = await admin.put('/cc/updateCampaign', {
      id: spring.id,
      campaignName: 'Rename Summer',
      campaignId: spring.campaignId,
    });
    expect(renamed.status, renamed.text).toBe(200);
    const added = await admin.post('/cc/addCampaign', {
      campaignType: 'Outbound',
      campaignName: 'Rename Spring',
      campaignId: 'RSPR2',
      callTarget: 10,
    });
    expect(added.status, added.text).toBe(200);
    expect(await me(session)).toBe(401);
    expect((await dispositionsOf(session, 'Rename Spring')).status).toBe(401);

    // Even a sign-in still open reaches only its own campaign (by id), not the new one under the old name.
    await sql`update agent_sessions set signed_out_at = null where agent_id = ${agent.agentId}`.execute(t.db);
    expect(await me(session)).toBe(200);
    const other = await dispositionsOf(session, 'Rename Spring');
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: 'You are signed in to another campaign' });
    expect((await dispositionsOf(session, 'Rename Summer')).status).toBe(200);
  });

  it('ends the sign-ins of a deleted campaign', async () => {
    const admin = await t.callerFor('admin');
    const going = await createCampaign(t.db);
    const staying = await createCampaign(t.db);
    const a = await addAgent(admin);
    const b = await addAgent(admin);
    const inGoing = await signIn({ username: a.agentId, password: 'agent-pass-1' }, { campaign: going.campaignName });
    const inStaying = await signIn(
      { username: b.agentId, password: 'agent-pass-1' },
      { campaign: staying.campaignName },
    );
    const r = await admin.delete(`/cc/delete/${going.id}`);
    expect(r.status, r.text).toBe(204);
    expect(await me(inGoing)).toBe(401);
    expect(await me(inStaying)).toBe(200);
    const open = await t.db
      .selectFrom('agentSessions')
      .select('id')
      .where('agentId', '=', a.agentId)
      .where('signedOutAt', 'is', null)
      .execute();
    expect(open).toEqual([]);
  });
});
