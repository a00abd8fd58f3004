// Full quotas on lead fields (docs/guide/quotas.md): the agent's lookup of a lead in one answers 409 "Quota full for …"
// (QC inspectors and completed calls excepted), and generate and regenerate hold such leads back.
import { describe, expect, it } from 'vitest';
import type { TQuota } from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { addLead, lookUp, lookupUrl, panelCampaign, type PanelCampaign } from '../../test/crm-support.ts';
import { DATE, generate, insertLeads, many, regenerate } from '../../test/leads-support.ts';

const t = useTestApp();

async function addQuota(c: PanelCampaign, body: Record<string, unknown>): Promise<TQuota> {
  const r = await c.admin.post(`/api/quotas?campaignName=${encodeURIComponent(c.name)}`, body);
  expect(r.status, r.text).toBe(200);
  return r.json<TQuota>();
}

/** Fills the quota (as completed calls would have) without going through saves. */
async function fill(quota: TQuota): Promise<void> {
  await t.db.updateTable('quotas').set({ count: quota.limit }).where('id', '=', quota.id).execute();
}

describe('the agent lookup and full quotas', () => {
  it('answers 409 "Quota full for region = Dhaka" to agents and admins for a lead in a full quota, and the lead otherwise', async () => {
    const c = await panelCampaign(t);
    await addLead(t, c.id, '+8801712880001');
    const quota = await addQuota(c, { field: 'region', value: 'Dhaka', limit: 3 });
    expect((await lookUp(c.agent, c.name, '01712880001')).region).toBe('Dhaka');
    await fill(quota);
    for (const caller of [c.agent, c.admin]) {
      const r = await caller.get(lookupUrl(c.name, '01712880001'));
      expect(r.status).toBe(409);
      expect(r.json()).toEqual({ message: 'Quota full for region = Dhaka', code: 'QUOTA_FULL' });
    }
  });

  it("refuses by a campaign column's value too, and not a lead of another value", async () => {
    const c = await panelCampaign(t);
    await addLead(t, c.id, '+8801712880002', { fields: { shop: 'Shop 1', tier: 'A' } });
    await addLead(t, c.id, '+8801712880003', { fields: { shop: 'Shop 2', tier: 'A' } });
    await fill(await addQuota(c, { field: 'shop', value: 'Shop 1', limit: 1 }));
    expect((await c.agent.get(lookupUrl(c.name, '01712880002'))).json()).toEqual({
      message: 'Quota full for shop = Shop 1',
      code: 'QUOTA_FULL',
    });
    expect((await lookUp(c.agent, c.name, '01712880003')).shop).toBe('Shop 2');
    // A refused lead's call never started; the other's did (the lookup records both in its one statement).
    const started = await t.db
      .selectFrom('callStarts')
      .innerJoin('leads', 'leads.id', 'callStarts.leadId')
      .select('leads.cellNumber')
      .where('leads.campaignId', '=', c.id)
      .execute();
    expect(started.map((r) => r.cellNumber)).toEqual(['+8801712880003']);
  });

  it('still gives the lead to a QC inspector, for a completed call, and when only an answer quota is full', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801712880004');
    const done = await addLead(t, c.id, '+8801712880005');
    await t.db.updateTable('leads').set({ isCalled: 1 }).where('id', '=', String(done)).execute();
    await fill(await addQuota(c, { field: 'region', value: 'Dhaka', limit: 1 }));
    const qc = await t.callerFor('qc');
    expect((await lookUp(qc, c.name, '01712880004')).id).toBe(id);
    expect((await lookUp(c.agent, c.name, '01712880005')).id).toBe(done);

    const other = await panelCampaign(t);
    await addLead(t, other.id, '+8801712880006');
    await fill(await addQuota(other, { questionNo: 1, value: 'Yes', limit: 1 }));
    expect((await lookUp(other.agent, other.name, '01712880006')).region).toBe('Dhaka');
  });
});

describe('generate and regenerate hold back leads of full field quotas', () => {
  it('leaves them fresh and counts them into heldBack; leads of a quota with room are generated', async () => {
    const c = await panelCampaign(t);
    await insertLeads(t.db, c.id, [
      ...many(2, { region: 'Dhaka', targetSelector: 'A' }),
      ...many(3, { region: 'Sylhet', targetSelector: 'A' }),
    ]);
    await fill(await addQuota(c, { field: 'region', value: 'Dhaka', limit: 4 }));
    await addQuota(c, { field: 'region', value: 'Sylhet', limit: 100 });
    const r = await generate<{ rowsUpdated: number; heldBack: number }>(c.admin, {
      campaign: c.name,
      targets: { A: 5 },
    });
    expect(r).toMatchObject({ rowsUpdated: 3, heldBack: 2 });
    const generated = await t.db
      .selectFrom('leads')
      .select('region')
      .where('campaignId', '=', c.id)
      .where('dataDate', '=', DATE)
      .where('generateStatus', '>', 0)
      .execute();
    expect(generated.map((l) => l.region)).toEqual(['Sylhet', 'Sylhet', 'Sylhet']);
    expect(
      await generate<{ rowsUpdated: number; heldBack: number }>(c.admin, { campaign: c.name, all: true }),
    ).toMatchObject({ rowsUpdated: 0, heldBack: 2 });
  });

  it('regenerate passes over them as well', async () => {
    const c = await panelCampaign(t);
    await insertLeads(t.db, c.id, [
      ...many(2, { region: 'Sylhet', targetSelector: 'A', forD: 'd', generateStatus: 1 }),
      ...many(2, { region: 'Dhaka', targetSelector: 'A' }),
      { region: 'Sylhet', targetSelector: 'A' },
    ]);
    await fill(await addQuota(c, { field: 'region', value: 'Dhaka', limit: 1 }));
    expect(await regenerate(c.admin, { campaign: c.name, all: true })).toMatchObject({
      rowsRegenerated: 1,
      heldBack: 2,
    });
  });
});
