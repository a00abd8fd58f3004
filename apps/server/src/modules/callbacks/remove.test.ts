// DELETE /api/callbacks/{id} (docs/guide/call-loop.md, Callbacks): its agent or an admin removes a callback (it stays, as
// cancelled, and the removal is audited); another agent is refused with 403, whether or not the callback is on their list.
import { beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK_CODES, CALLBACK_MESSAGES, type TCallbacks } from '@crm/shared';
import { createCampaign, createUser, useTestApp, type Caller, type TestUser } from '../../test/harness.ts';
import { insertCallback, minutesFromNow } from '../../test/callbacks-support.ts';
import { insertLeads, nextCell } from '../../test/leads-support.ts';

const t = useTestApp();

let campaign: { id: number; campaignName: string };
let agent: TestUser;
let colleague: TestUser;
let api: Caller;
let colleagueApi: Caller;

beforeAll(async () => {
  campaign = await createCampaign(t.db);
  agent = await createUser(t.db, { role: 'agent' });
  colleague = await createUser(t.db, { role: 'agent' });
  api = await t.as(agent, { campaign: campaign.campaignName });
  colleagueApi = await t.as(colleague, { campaign: campaign.campaignName });
});

/** An open callback of the agent's, due in 10 minutes. */
async function agentsCallback(mineOnly = false): Promise<number> {
  const [leadId] = await insertLeads(t.db, campaign.id, [{ cellNumber: nextCell(), forD: 'd', generateStatus: 1 }]);
  if (leadId === undefined) throw new Error('no lead');
  return insertCallback(t.db, { leadId, campaignId: campaign.id, user: agent, dueAt: minutesFromNow(10), mineOnly });
}

const stateOf = async (id: number) =>
  await t.db
    .selectFrom('callbacks')
    .select(['state', 'closedAt'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();

describe('who may remove a callback', () => {
  it('answers 401 without a session and 403 to QC inspectors', async () => {
    const id = await agentsCallback();
    expect((await t.anonymous.delete(`/api/callbacks/${id}`)).status).toBe(401);
    expect((await (await t.callerFor('qc')).delete(`/api/callbacks/${id}`)).status).toBe(403);
    expect((await stateOf(id)).state).toBe('open');
  });

  it('answers 403 with its code to another agent, for an anyone-callback on their list and a mine-only one that is not', async () => {
    for (const mineOnly of [false, true]) {
      const id = await agentsCallback(mineOnly);
      const r = await colleagueApi.delete(`/api/callbacks/${id}`);
      expect(r.status).toBe(403);
      expect(r.json()).toEqual({ message: CALLBACK_MESSAGES.notYours, code: CALLBACK_CODES.notYours });
      expect((await stateOf(id)).state).toBe('open');
    }
  });
});

describe('DELETE /api/callbacks/{id}', () => {
  it("cancels the caller's callback: it leaves the lists, stays stored as cancelled, and the removal is audited", async () => {
    const id = await agentsCallback();
    expect((await api.get('/api/callbacks')).json<TCallbacks>().callbacks.map((c) => c.id)).toContain(id);
    const r = await api.delete(`/api/callbacks/${id}`);
    expect(r.status, r.text).toBe(200);
    expect(r.json()).toEqual({ message: CALLBACK_MESSAGES.deleted });
    expect(await stateOf(id)).toMatchObject({ state: 'cancelled', closedAt: expect.any(Date) });
    expect((await api.get('/api/callbacks')).json<TCallbacks>().callbacks.map((c) => c.id)).not.toContain(id);
    const entry = await t.db
      .selectFrom('auditLog')
      .select(['action', 'actorUsername', 'changes'])
      .where('objectType', '=', 'callback')
      .where('objectId', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      action: 'delete',
      actorUsername: agent.username,
      changes: { before: { campaign: campaign.campaignName, mineOnly: false } },
    });
  });

  it("lets an admin remove any agent's callback", async () => {
    const id = await agentsCallback(true);
    const r = await (await t.callerFor('admin')).delete(`/api/callbacks/${id}`);
    expect(r.status, r.text).toBe(200);
    expect((await stateOf(id)).state).toBe('cancelled');
  });

  it('answers 404 for a callback that does not exist or is no longer open', async () => {
    const id = await agentsCallback();
    expect((await api.delete(`/api/callbacks/${id}`)).status).toBe(200);
    const again = await api.delete(`/api/callbacks/${id}`);
    expect(again.status).toBe(404);
    expect(again.json<{ message: string }>().message).toBe(CALLBACK_MESSAGES.notFound);
    expect((await api.delete('/api/callbacks/987654321')).status).toBe(404);
  });
});
