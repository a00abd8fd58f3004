// Exact quota counts (docs/guide/quotas.md): the survey save that completes a call counts it once in each quota it falls in,
// never past a limit even when many agents finish at once, and a save into a full quota stores nothing.
import { describe, expect, it } from 'vitest';
import type { TQuota } from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { addLead, panelCampaign, saveUrl, storedLead, type PanelCampaign } from '../../test/crm-support.ts';
import { nextCell } from '../../test/leads-support.ts';

const t = useTestApp();

async function addQuota(c: PanelCampaign, body: Record<string, unknown>): Promise<TQuota> {
  const r = await c.admin.post(`/api/quotas?campaignName=${encodeURIComponent(c.name)}`, body);
  expect(r.status, r.text).toBe(200);
  return r.json<TQuota>();
}

async function countOf(id: number): Promise<number> {
  return (await t.db.selectFrom('quotas').select('count').where('id', '=', id).executeTakeFirstOrThrow()).count;
}

/** A generated lead of region Dhaka; returns its id and number. */
async function dhakaLead(c: PanelCampaign): Promise<{ id: number; cell: string }> {
  const cell = nextCell();
  return { id: await addLead(t, c.id, cell), cell };
}

const save = (c: PanelCampaign, lead: { id: number; cell: string }, body: Record<string, unknown>) =>
  c.agent.put(saveUrl(c.name, lead.cell, lead.id), body);

describe('quota counts on survey saves', () => {
  it('lets exactly 10 of 50 saves finishing at once complete against a limit of 10; the other 40 get 409 and store nothing', async () => {
    const c = await panelCampaign(t);
    const quota = await addQuota(c, { field: 'region', value: 'Dhaka', limit: 10 });
    const leads = await Promise.all(Array.from({ length: 50 }, () => dhakaLead(c)));
    const replies = await Promise.all(leads.map((lead) => save(c, lead, { Q1: 'Yes', is_called: 1 })));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const r of replies.filter((x) => x.status === 409))
      expect(r.json()).toEqual({ message: 'Quota full for region = Dhaka', code: 'QUOTA_FULL' });
    expect(await countOf(quota.id)).toBe(10);
    const stored = await t.db
      .selectFrom('leads')
      .select(['isCalled', 'answers', 'version'])
      .where('campaignId', '=', c.id)
      .execute();
    expect(stored.filter((l) => l.isCalled === 1)).toHaveLength(10);
    // A refused save wrote neither its answers nor a history row.
    expect(
      stored.filter((l) => l.isCalled === 0).every((l) => Object.keys(l.answers).length === 0 && l.version === 0),
    ).toBe(true);
    const history = await t.db
      .selectFrom('leadAnswerHistory')
      .select('id')
      .where(
        'leadId',
        'in',
        leads.map((l) => String(l.id)),
      )
      .execute();
    expect(history).toHaveLength(10);
  });

  it('counts a completed call once: a re-save of it changes nothing, un-completing it gives its place back', async () => {
    const c = await panelCampaign(t);
    const quota = await addQuota(c, { field: 'region', value: 'Dhaka', limit: 1 });
    const lead = await dhakaLead(c);
    expect((await save(c, lead, { Q1: 'Yes', is_called: 1 })).status).toBe(200);
    expect(await countOf(quota.id)).toBe(1);
    // The quota is full, but the call already in it can be corrected and saved as completed again.
    const again = await save(c, lead, { Q1: 'No', is_called: 1 });
    expect(again.status, again.text).toBe(200);
    expect(await countOf(quota.id)).toBe(1);
    const other = await dhakaLead(c);
    expect((await save(c, other, { Q1: 'Yes', is_called: 1 })).status).toBe(409);
    expect((await save(c, lead, { is_called: 0 })).status).toBe(200);
    expect(await countOf(quota.id)).toBe(0);
    expect((await save(c, other, { Q1: 'Yes', is_called: 1 })).status).toBe(200);
    expect(await countOf(quota.id)).toBe(1);
    // A save that does not complete the call never counts.
    expect((await save(c, await dhakaLead(c), { Q1: 'Yes', is_called: 0 })).status).toBe(200);
    expect(await countOf(quota.id)).toBe(1);
  });

  it('counts answers: a single choice by its value, a multi-select when it holds the option; a full one refuses with its Q number', async () => {
    const c = await panelCampaign(t);
    const yes = await addQuota(c, { questionNo: 1, value: 'Yes', limit: 1 });
    const beta = await addQuota(c, { questionNo: 2, value: 'Beta', limit: 5 });
    const first = await dhakaLead(c);
    expect((await save(c, first, { Q1: 'Yes', Q2: 'Alpha, Beta', is_called: 1 })).status).toBe(200);
    expect([await countOf(yes.id), await countOf(beta.id)]).toEqual([1, 1]);
    const second = await dhakaLead(c);
    const refused = await save(c, second, { Q1: 'Yes', Q2: 'Beta', is_called: 1 });
    expect(refused.status).toBe(409);
    expect(refused.json()).toEqual({ message: 'Quota full for Q1 = Yes', code: 'QUOTA_FULL' });
    // Refused whole: the Beta quota was not raised either.
    expect(await countOf(beta.id)).toBe(1);
    expect((await storedLead(t, second.id)).answers).toEqual({});
    expect((await save(c, second, { Q1: 'No', Q2: 'Gamma', is_called: 1 })).status).toBe(200);
    // A completed call whose answer moves out of a quota leaves it; one moving into a full quota is refused.
    expect((await save(c, first, { Q2: 'Alpha' })).status).toBe(200);
    expect(await countOf(beta.id)).toBe(0);
    expect((await save(c, second, { Q1: 'Yes' })).status).toBe(409);
    expect((await storedLead(t, second.id)).answers).toMatchObject({ Q1: 'No' });
  });

  it('leaves the counts of a campaign without quotas and of other campaigns alone', async () => {
    const c = await panelCampaign(t);
    const other = await panelCampaign(t);
    const quota = await addQuota(other, { field: 'region', value: 'Dhaka', limit: 1 });
    for (let i = 0; i < 3; i += 1)
      expect((await save(c, await dhakaLead(c), { Q1: 'Yes', is_called: 1 })).status).toBe(200);
    expect(await countOf(quota.id)).toBe(0);
  });
});
