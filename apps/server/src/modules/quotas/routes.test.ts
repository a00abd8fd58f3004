// The quotas API (docs/guide/quotas.md): admins only; a new quota's count starts at the completed calls in it; the refusals;
// changing and removing one; the audit log.
import { describe, expect, it } from 'vitest';
import type { TQuota } from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { addLead, panelCampaign, type PanelCampaign } from '../../test/crm-support.ts';
import { auditEntries } from '../../test/audit-support.ts';
import { insertLeads } from '../../test/leads-support.ts';

const t = useTestApp();

const listUrl = (campaign: string) => `/api/quotas?campaignName=${encodeURIComponent(campaign)}`;

async function addQuota(c: PanelCampaign, body: Record<string, unknown>): Promise<TQuota> {
  const r = await c.admin.post(listUrl(c.name), body);
  expect(r.status, r.text).toBe(200);
  return r.json<TQuota>();
}

/** A completed call (is_called = 1) of the campaign with these columns and answers. */
async function completedLead(
  c: PanelCampaign,
  lead: { region?: string; fields?: Record<string, string>; answers?: Record<string, string>; isCalled?: number },
): Promise<void> {
  await insertLeads(t.db, c.id, [
    {
      region: lead.region ?? 'Dhaka',
      fields: JSON.stringify(lead.fields ?? {}),
      answers: JSON.stringify(lead.answers ?? {}),
      forD: 'd',
      generateStatus: 1,
      isCalled: lead.isCalled ?? 1,
    },
  ]);
}

describe('/api/quotas', () => {
  it('answers 401 to anonymous callers and 403 to agents and QC inspectors', async () => {
    const c = await panelCampaign(t);
    expect((await t.anonymous.get(listUrl(c.name))).status).toBe(401);
    const qc = await t.callerFor('qc');
    for (const who of [c.agent, qc]) {
      expect((await who.get(listUrl(c.name))).status).toBe(403);
      expect((await who.post(listUrl(c.name), { field: 'region', value: 'Dhaka', limit: 5 })).status).toBe(403);
    }
    expect(await t.db.selectFrom('quotas').selectAll().where('campaignId', '=', c.id).execute()).toEqual([]);
  });

  it('starts a field quota at the completed calls already in it, on a default column or a campaign column', async () => {
    const c = await panelCampaign(t);
    await completedLead(c, { region: 'Dhaka', fields: { shop: 'Shop 1' } });
    await completedLead(c, { region: 'Dhaka', fields: { shop: 'Shop 2' } });
    await completedLead(c, { region: 'Dhaka', isCalled: 0 });
    await completedLead(c, { region: 'Sylhet', fields: { shop: 'Shop 1' } });
    const region = await addQuota(c, { field: 'region', value: 'Dhaka', limit: 3 });
    expect(region).toEqual({
      id: region.id,
      campaignName: c.name,
      field: 'region',
      questionNo: null,
      value: 'Dhaka',
      limit: 3,
      count: 2,
      full: false,
    });
    const shop = await addQuota(c, { field: 'shop', value: 'Shop 1', limit: 2 });
    expect(shop).toMatchObject({ field: 'shop', count: 2, full: true });
    const list = (await c.admin.get(listUrl(c.name))).json<TQuota[]>();
    expect(list.map((q) => `${q.field}=${q.value} ${q.count}/${q.limit}`)).toEqual([
      'region=Dhaka 2/3',
      'shop=Shop 1 2/2',
    ]);
  });

  it('starts an answer quota at the completed calls with that answer; a multi-select answer counts when it holds the option', async () => {
    const c = await panelCampaign(t);
    await completedLead(c, { answers: { Q1: 'Yes', Q2: 'Alpha, Beta' } });
    await completedLead(c, { answers: { Q1: 'Yes', Q2: 'Beta' } });
    await completedLead(c, { answers: { Q1: 'No', Q2: 'Alphabet' } });
    await completedLead(c, { answers: { Q1: 'Yes', Q2: 'Alpha' }, isCalled: 0 });
    expect(await addQuota(c, { questionNo: 1, value: 'Yes', limit: 10 })).toMatchObject({
      field: null,
      questionNo: 1,
      value: 'Yes',
      count: 2,
      full: false,
    });
    expect(await addQuota(c, { questionNo: 2, value: 'Alpha', limit: 10 })).toMatchObject({ questionNo: 2, count: 1 });
    expect(await addQuota(c, { questionNo: 2, value: 'Beta', limit: 2 })).toMatchObject({ count: 2, full: true });
  });

  it('refuses a field that is not a column, a question of another campaign or a deleted one, and a value not among the options', async () => {
    const c = await panelCampaign(t);
    const other = await panelCampaign(t);
    const expect400 = async (body: Record<string, unknown>, message: string) => {
      const r = await c.admin.post(listUrl(c.name), body);
      expect(r.status, r.text).toBe(400);
      expect(r.json<{ message: string }>().message).toBe(message);
    };
    await expect400({ field: 'district', value: 'Dhaka', limit: 5 }, `"district" is not a lead field of ${c.name}`);
    await expect400(
      { field: 'cell_number', value: '+8801700000000', limit: 5 },
      `"cell_number" is not a lead field of ${c.name}`,
    );
    await expect400({ questionNo: 1, value: 'Maybe', limit: 5 }, '"Maybe" is not one of the options of Q1');
    await expect400({ questionNo: 9, value: 'Yes', limit: 5 }, `${c.name} has no question Q9`);
    // Q5 is a question of the other campaign only.
    await t.db
      .insertInto('questions')
      .values({
        campaignId: other.id,
        qno: 5,
        title: 'Extra?',
        type: 'Select Option',
        options: ['Yes', 'No'],
        optionalValue: null,
        instruction: null,
      })
      .execute();
    await expect400({ questionNo: 5, value: 'Yes', limit: 5 }, `${c.name} has no question Q5`);
    const q4 = c.questions[3];
    if (q4 === undefined) throw new Error('no Q4');
    expect((await c.admin.delete(`/questions/deleteQuestion/${q4.id}`)).status).toBe(200);
    await expect400({ questionNo: 4, value: 'anything', limit: 5 }, `${c.name} has no question Q4`);
    const bad = await c.admin.post(listUrl(c.name), { field: 'region', questionNo: 1, value: 'Yes', limit: 5 });
    expect(bad.status).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/either a lead field or a question/);
    for (const limit of [0, -3, 2.5])
      expect((await c.admin.post(listUrl(c.name), { field: 'region', value: 'Dhaka', limit })).status).toBe(400);
    expect(
      (await c.admin.post(listUrl('No Such Campaign'), { field: 'region', value: 'Dhaka', limit: 5 })).status,
    ).toBe(404);
    expect(await t.db.selectFrom('quotas').selectAll().where('campaignId', '=', c.id).execute()).toEqual([]);
  });

  it('refuses a second quota on one value with 409', async () => {
    const c = await panelCampaign(t);
    await addQuota(c, { field: 'region', value: 'Dhaka', limit: 5 });
    const r = await c.admin.post(listUrl(c.name), { field: 'region', value: 'Dhaka', limit: 9 });
    expect(r.status).toBe(409);
    expect(r.json<{ message: string }>().message).toBe('The campaign already has a quota on that value.');
  });

  it('changes a limit keeping the count (a limit at the count makes it full), recounts a new value, and deletes; each audited', async () => {
    const c = await panelCampaign(t);
    await completedLead(c, { region: 'Dhaka' });
    await completedLead(c, { region: 'Dhaka' });
    await completedLead(c, { region: 'Sylhet' });
    const quota = await addQuota(c, { field: 'region', value: 'Dhaka', limit: 10 });
    const lowered = await c.admin.put(`/api/quotas/${quota.id}`, { field: 'region', value: 'Dhaka', limit: 2 });
    expect(lowered.status, lowered.text).toBe(200);
    expect(lowered.json<TQuota>()).toMatchObject({ limit: 2, count: 2, full: true });
    expect(
      (await c.admin.put(`/api/quotas/${quota.id}`, { field: 'region', value: 'Sylhet', limit: 2 })).json<TQuota>(),
    ).toMatchObject({ value: 'Sylhet', count: 1, full: false });
    expect((await c.agent.delete(`/api/quotas/${quota.id}`)).status).toBe(403);
    expect((await c.admin.delete(`/api/quotas/${quota.id}`)).status).toBe(204);
    expect((await c.admin.delete(`/api/quotas/${quota.id}`)).status).toBe(404);
    expect((await c.admin.put(`/api/quotas/${quota.id}`, { field: 'region', value: 'Dhaka', limit: 2 })).status).toBe(
      404,
    );
    expect((await c.admin.get(listUrl(c.name))).json<TQuota[]>()).toEqual([]);
    const entries = await auditEntries(t.db, 'quota', quota.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(entries[0]?.changes).toMatchObject({
      after: { campaignName: c.name, field: 'region', value: 'Dhaka', limit: 10, count: 2 },
    });
    expect(entries[3]?.changes).toMatchObject({ before: { field: 'region', value: 'Sylhet', limit: 2 } });
  });

  it('goes with its question when the question is deleted, and with its campaign', async () => {
    const c = await panelCampaign(t);
    await addLead(t, c.id, '+8801712990001');
    const q1 = c.questions[0];
    if (q1 === undefined) throw new Error('no Q1');
    await addQuota(c, { questionNo: 1, value: 'Yes', limit: 5 });
    await addQuota(c, { field: 'region', value: 'Dhaka', limit: 5 });
    expect((await c.admin.delete(`/questions/deleteQuestion/${q1.id}`)).status).toBe(200);
    expect((await c.admin.get(listUrl(c.name))).json<TQuota[]>().map((q) => q.field)).toEqual(['region']);
  });
});
