// POST /api/ap/doNotCall: the agent puts the called lead's number on the campaign's do-not-call list (docs/guide/dnc.md).
import { describe, expect, it } from 'vitest';
import { CUSTOMER_ASKED_NOT_TO_BE_CALLED, doNotCallMessage } from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { notYourCallMessage } from './do-not-call.ts';
import { addLead, lookUp, lookupUrl, panelCampaign, saveUrl } from '../../test/crm-support.ts';

const t = useTestApp();

describe('POST /api/ap/doNotCall', () => {
  it('answers 401 to anonymous callers, 403 to an agent of another campaign and to QC inspectors', async () => {
    const c = await panelCampaign(t);
    const other = await panelCampaign(t);
    const leadId = await addLead(t, c.id, '+8801712350001');
    const body = { campaignName: c.name, leadId };
    expect((await t.anonymous.post('/api/ap/doNotCall', body)).status).toBe(401);
    const r = await other.agent.post('/api/ap/doNotCall', body);
    expect(r.status).toBe(403);
    expect(r.json()).toEqual({ message: 'You are signed in to another campaign' });
    expect((await (await t.callerFor('qc')).post('/api/ap/doNotCall', body)).status).toBe(403);
    expect(
      await t.db.selectFrom('dncNumbers').selectAll().where('phoneNumber', '=', '+8801712350001').execute(),
    ).toEqual([]);
  });

  it("puts the lead's number on the campaign's list with who and why, audits it, and the lookup then refuses it", async () => {
    const c = await panelCampaign(t);
    const leadId = await addLead(t, c.id, '+8801712350002');
    await lookUp(c.agent, c.name, '01712350002');
    const r = await c.agent.post('/api/ap/doNotCall', { campaignName: c.name, leadId });
    expect(r.status, r.text).toBe(200);
    expect(r.json()).toEqual({
      message: doNotCallMessage('+8801712350002', false),
      phoneNumber: '+8801712350002',
      alreadyListed: false,
    });
    const rows = await t.db.selectFrom('dncNumbers').selectAll().where('phoneNumber', '=', '+8801712350002').execute();
    expect(rows).toHaveLength(1);
    const agentUser = await t.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('id', '=', rows[0]!.addedById ?? -1)
      .executeTakeFirstOrThrow();
    expect(rows[0]).toMatchObject({
      campaignId: c.id,
      reason: CUSTOMER_ASKED_NOT_TO_BE_CALLED,
      addedBy: agentUser.username,
    });
    expect(Date.now() - rows[0]!.createdAt.getTime()).toBeLessThan(60_000);
    const audit = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('objectType', '=', 'dnc')
      .where('objectId', '=', String(rows[0]!.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actorUsername: agentUser.username });
    const lookup = await c.agent.get(lookupUrl(c.name, '01712350002'));
    expect(lookup.status).toBe(403);
    expect(lookup.json<{ message: string }>().message).toMatch(
      /^Do not call: on the campaign list since \d{4}-\d{2}-\d{2}$/,
    );
  });

  it('answers alreadyListed for a second click, adding nothing; admins may do it too', async () => {
    const c = await panelCampaign(t);
    const leadId = await addLead(t, c.id, '+8801712350003');
    await lookUp(c.agent, c.name, '01712350003');
    expect((await c.admin.post('/api/ap/doNotCall', { campaignName: c.name, leadId })).status).toBe(200);
    const again = await c.agent.post('/api/ap/doNotCall', { campaignName: c.name, leadId });
    expect(again.status).toBe(200);
    expect(again.json()).toMatchObject({ alreadyListed: true, message: doNotCallMessage('+8801712350003', true) });
    expect(
      await t.db.selectFrom('dncNumbers').select('id').where('phoneNumber', '=', '+8801712350003').execute(),
    ).toHaveLength(1);
  });

  it("answers 404 for a lead that is not the campaign's and 400 for a body without a lead id", async () => {
    const c = await panelCampaign(t);
    const other = await panelCampaign(t);
    const othersLead = await addLead(t, other.id, '+8801712350004');
    const r = await c.admin.post('/api/ap/doNotCall', { campaignName: c.name, leadId: othersLead });
    expect(r.status).toBe(404);
    expect(r.json()).toEqual({ message: `Campaign "${c.name}" has no lead ${othersLead}` });
    expect((await c.agent.post('/api/ap/doNotCall', { campaignName: c.name })).status).toBe(400);
  });

  describe("an agent's lead (issue 33)", () => {
    const listed = (phone: string) =>
      t.db.selectFrom('dncNumbers').select('id').where('phoneNumber', '=', phone).execute();

    it('refuses a lead the agent is not on a call with, in the same words as a lead that does not exist, without its number', async () => {
      const c = await panelCampaign(t);
      const neverCalled = await addLead(t, c.id, '+8801712350011');
      const refused = await c.agent.post('/api/ap/doNotCall', { campaignName: c.name, leadId: neverCalled });
      const missing = await c.agent.post('/api/ap/doNotCall', { campaignName: c.name, leadId: 987654321 });
      expect(refused.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(refused.json()).toEqual({ message: notYourCallMessage(neverCalled) });
      expect(missing.json()).toEqual({ message: notYourCallMessage(987654321) });
      expect(refused.text).not.toContain('1712350011');
      expect(await listed('+8801712350011')).toEqual([]);
    });

    it('accepts the lead on a call now and one saved in this sign-in; not one saved in another sign-in or by another agent', async () => {
      const c = await panelCampaign(t);
      const onCall = await addLead(t, c.id, '+8801712350012');
      await lookUp(c.agent, c.name, '01712350012');
      expect((await c.agent.post('/api/ap/doNotCall', { campaignName: c.name, leadId: onCall })).status).toBe(200);

      const saved = await addLead(t, c.id, '+8801712350013');
      await lookUp(c.agent, c.name, '01712350013');
      const save = await c.agent.put(saveUrl(c.name, '01712350013', saved), { Q1: 'No', is_called: 0 });
      expect(save.status, save.text).toBe(200);
      expect(
        await t.db.selectFrom('callStarts').select('leadId').where('leadId', '=', String(saved)).execute(),
      ).toEqual([]);
      expect((await c.agent.post('/api/ap/doNotCall', { campaignName: c.name, leadId: saved })).json()).toMatchObject({
        phoneNumber: '+8801712350013',
        alreadyListed: false,
      });

      // Another agent of the campaign, and the same agent after signing in again, have no call with a third lead saved.
      const third = await addLead(t, c.id, '+8801712350014');
      await lookUp(c.agent, c.name, '01712350014');
      expect((await c.agent.put(saveUrl(c.name, '01712350014', third), { Q1: 'No', is_called: 0 })).status).toBe(200);
      const colleague = await t.callerFor('agent', { campaign: c.name });
      const agentUser = await t.db
        .selectFrom('callAttempts')
        .select('userId')
        .where('leadId', '=', String(third))
        .executeTakeFirstOrThrow();
      const user = await t.db
        .selectFrom('users')
        .select(['id', 'username', 'name'])
        .where('id', '=', agentUser.userId)
        .executeTakeFirstOrThrow();
      const signedInAgain = await t.as({ ...user, password: '', role: 'agent' }, { campaign: c.name });
      for (const other of [colleague, signedInAgain]) {
        const r = await other.post('/api/ap/doNotCall', { campaignName: c.name, leadId: third });
        expect(r.status).toBe(404);
        expect(r.json()).toEqual({ message: notYourCallMessage(third) });
      }
      expect(await listed('+8801712350014')).toEqual([]);
    });
  });
});
