// The agent's lookup of a number on a do-not-call list (docs/guide/dnc.md): 403 with the list and date, no lead, no survey.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { addLead, lookUp, lookupUrl, panelCampaign } from '../../test/crm-support.ts';

const t = useTestApp();

async function listNumber(campaignId: number | null, phoneNumber: string, createdAt: string): Promise<void> {
  await t.db
    .insertInto('dncNumbers')
    .values({ campaignId, phoneNumber, addedBy: 'admin', createdAt: new Date(createdAt) })
    .execute();
}

describe('GET /api/ap/getByNumber and the do-not-call lists', () => {
  it('answers 403 "on the system list" for a number on the system list, whatever format it is written in', async () => {
    const c = await panelCampaign(t);
    await addLead(t, c.id, '+8801712340001');
    await listNumber(null, '+8801712340001', '2026-11-20T06:00:00Z');
    for (const format of ['01712340001', '+880 1712-340001']) {
      const r = await c.agent.get(lookupUrl(c.name, format));
      expect(r.status, format).toBe(403);
      expect(r.json()).toEqual({ message: 'Do not call: on the system list since 2026-11-20', code: 'DO_NOT_CALL' });
    }
  });

  it('answers 403 "on the campaign list" for a number on the campaign\'s own list, to admins as well', async () => {
    const c = await panelCampaign(t);
    await addLead(t, c.id, '+8801712340002');
    await listNumber(c.id, '+8801712340002', '2026-11-18T06:00:00Z');
    for (const caller of [c.agent, c.admin]) {
      const r = await caller.get(lookupUrl(c.name, '01712340002'));
      expect(r.status).toBe(403);
      expect(r.json()).toEqual({ message: 'Do not call: on the campaign list since 2026-11-18', code: 'DO_NOT_CALL' });
    }
  });

  it('still gives a QC inspector the lead (the QC panel shows a past call of a number listed since)', async () => {
    const c = await panelCampaign(t);
    await addLead(t, c.id, '+8801712340009');
    await listNumber(null, '+8801712340009', '2026-11-20T06:00:00Z');
    const qc = await t.callerFor('qc');
    const r = await qc.get(lookupUrl(c.name, '01712340009'));
    expect(r.status, r.text).toBe(200);
    expect((await c.agent.get(lookupUrl(c.name, '01712340009'))).status).toBe(403);
  });

  it('refuses a listed number that has no generated lead too', async () => {
    const c = await panelCampaign(t);
    await listNumber(null, '+8801712340005', '2026-11-20T06:00:00Z');
    const r = await c.agent.get(lookupUrl(c.name, '01712340005'));
    expect(r.status).toBe(403);
    expect(r.json()).toEqual({ message: 'Do not call: on the system list since 2026-11-20', code: 'DO_NOT_CALL' });
  });

  it("still finds the lead when the number is only on another campaign's list", async () => {
    const c = await panelCampaign(t);
    const other = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801712340003');
    await listNumber(other.id, '+8801712340003', '2026-11-20T06:00:00Z');
    expect((await lookUp(c.agent, c.name, '01712340003')).id).toBe(id);
  });

  it('keeps 401 for anonymous callers and 404 for an unknown campaign before the list is read', async () => {
    await listNumber(null, '+8801712340004', '2026-11-20T06:00:00Z');
    expect((await t.anonymous.get(lookupUrl('No Such Campaign', '01712340004'))).status).toBe(401);
    const c = await panelCampaign(t);
    expect((await c.admin.get(lookupUrl('No Such Campaign', '01712340004'))).status).toBe(404);
  });
});
