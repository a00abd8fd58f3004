import { describe, expect, it } from 'vitest';
import { LEAD_MESSAGES } from '@crm/shared';
import { createCampaign, useTestApp, type Caller } from '../../test/harness.ts';
import {
  expectMessage,
  generate,
  generateUrl,
  insertLeads,
  leadStates,
  many,
  regenerate,
} from '../../test/leads-support.ts';

const t = useTestApp();
const admin = (): Promise<Caller> => t.callerFor('admin');

/** generate_status of each lead, in upload order. */
async function batches(campaignId: number): Promise<number[]> {
  return (await leadStates(t.db, campaignId)).map((l) => l.generateStatus);
}

async function markCalled(ids: number[]): Promise<void> {
  await t.db.updateTable('leads').set({ isCalled: 1 }).where('id', 'in', ids.map(String)).execute();
}

describe('POST /dynamic/reGenerateData', () => {
  it('tops each group up by min(uncalled, N) with batch 2, then batch 3; uncalled leads stay generated', async () => {
    const c = await createCampaign(t.db);
    const ids = await insertLeads(t.db, c.id, many(12, { brId: 'B1', targetSelector: 'A' }));
    const api = await admin();
    await generate(api, { campaign: c.campaignName, targets: { A: 3 } });
    await markCalled([ids[0]!]);

    const first = await regenerate(api, { campaign: c.campaignName, targets: { A: 5 } });
    expect(first).toEqual({
      rowsRegenerated: 2,
      batch: 2,
      heldBack: 0,
      callbacksDue: 0,
      heldForCallbacks: 0,
      message: LEAD_MESSAGES.regenerated(2),
    });
    expect(await batches(c.id)).toEqual([1, 1, 1, 2, 2, 0, 0, 0, 0, 0, 0, 0]);

    // Four uncalled now (two of batch 1, two of batch 2); N = 3 caps it.
    const second = await regenerate(api, { campaign: c.campaignName, targets: { A: 3 } });
    expect(second).toEqual({
      rowsRegenerated: 3,
      batch: 3,
      heldBack: 0,
      callbacksDue: 0,
      heldForCallbacks: 0,
      message: LEAD_MESSAGES.regenerated(3),
    });
    expect(await batches(c.id)).toEqual([1, 1, 1, 2, 2, 3, 3, 3, 0, 0, 0, 0]);
    const states = await leadStates(t.db, c.id);
    expect(states.filter((l) => l.generateStatus > 0).every((l) => l.forD === 'd')).toBe(true);
  });

  it('counts the uncalled leads of each br_id group on its own; called leads do not count', async () => {
    const c = await createCampaign(t.db);
    await insertLeads(t.db, c.id, [
      ...many(2, { brId: 'B1', targetSelector: 'A', generateStatus: 1, forD: 'd', isCalled: 1 }),
      { brId: 'B1', targetSelector: 'A', generateStatus: 1, forD: 'd' },
      ...many(3, { brId: 'B2', targetSelector: 'A', generateStatus: 1, forD: 'd' }),
      ...many(2, { brId: 'B3', targetSelector: 'A', generateStatus: 1, forD: 'd', isCalled: 1 }),
    ]);
    const b1 = await insertLeads(t.db, c.id, many(4, { brId: 'B1', targetSelector: 'A' }));
    const b2 = await insertLeads(t.db, c.id, many(4, { brId: 'B2', targetSelector: 'A' }));
    await insertLeads(t.db, c.id, many(4, { brId: 'B3', targetSelector: 'A' }));
    const r = await regenerate(await admin(), { campaign: c.campaignName, targets: { A: 2 } });
    expect(r.rowsRegenerated).toBe(3);
    const regenerated = (await leadStates(t.db, c.id)).filter((l) => l.generateStatus === 2).map((l) => l.id);
    expect(regenerated).toEqual([b1[0], b2[0], b2[1]]);
  });

  it('looks only at the chosen date: other dates neither count nor change, nor set the batch number', async () => {
    const c = await createCampaign(t.db);
    const other = await insertLeads(t.db, c.id, [
      ...many(3, { brId: 'B1', targetSelector: 'A', dataDate: '2024-04-30', generateStatus: 7, forD: 'd' }),
      ...many(3, { brId: 'B1', targetSelector: 'A', dataDate: '2024-04-30', dataStatus: 'valid' }),
    ]);
    await insertLeads(t.db, c.id, [
      { brId: 'B1', targetSelector: 'A', generateStatus: 1, forD: 'd' },
      ...many(3, { brId: 'B1', targetSelector: 'A' }),
    ]);
    const r = await regenerate(await admin(), { campaign: c.campaignName, targets: { A: 5 } });
    expect(r).toMatchObject({ rowsRegenerated: 1, batch: 2 });
    const states = await leadStates(t.db, c.id);
    expect(states.filter((l) => other.includes(l.id)).map((l) => l.generateStatus)).toEqual([7, 7, 7, 0, 0, 0]);
    expect(states.filter((l) => !other.includes(l.id)).map((l) => l.generateStatus)).toEqual([1, 2, 0, 0]);
  });

  it('takes valid leads first, leaves other selectors alone, and handles groups without br_id or selector', async () => {
    const c = await createCampaign(t.db);
    await insertLeads(t.db, c.id, [
      ...many(2, { brId: null, targetSelector: 'A', generateStatus: 1, forD: 'd' }),
      { brId: 'B1', targetSelector: null, generateStatus: 1, forD: 'd' },
      { brId: 'B1', targetSelector: 'B', generateStatus: 1, forD: 'd' },
    ]);
    const noBr = await insertLeads(t.db, c.id, [
      { brId: null, targetSelector: 'A', dataStatus: 'bad' },
      ...many(2, { brId: null, targetSelector: 'A', dataStatus: 'Valid' }),
    ]);
    const noSel = await insertLeads(t.db, c.id, many(2, { brId: 'B1', targetSelector: null }));
    await insertLeads(t.db, c.id, many(2, { brId: 'B1', targetSelector: 'B' }));
    const r = await regenerate(await admin(), { campaign: c.campaignName, targets: { A: 9, '': 9 } });
    expect(r.rowsRegenerated).toBe(3);
    const regenerated = (await leadStates(t.db, c.id)).filter((l) => l.generateStatus === 2).map((l) => l.id);
    expect(regenerated).toEqual([noBr[1], noBr[2], noSel[0]]);
  });

  it('with all=true tops every group up by its uncalled count, without a cap', async () => {
    const c = await createCampaign(t.db);
    await insertLeads(t.db, c.id, [
      ...many(3, { brId: 'B1', targetSelector: 'A', generateStatus: 1, forD: 'd' }),
      { brId: 'B2', targetSelector: 'B', generateStatus: 1, forD: 'd' },
      ...many(5, { brId: 'B1', targetSelector: 'A' }),
      ...many(5, { brId: 'B2', targetSelector: 'B' }),
    ]);
    const r = await regenerate(await admin(), { campaign: c.campaignName, all: true, targets: { A: 1 } });
    expect(r).toEqual({
      rowsRegenerated: 4,
      batch: 2,
      heldBack: 0,
      callbacksDue: 0,
      heldForCallbacks: 0,
      message: LEAD_MESSAGES.regenerated(4),
    });
  });

  it('regenerates nothing when every generated lead was called, and says 0', async () => {
    const c = await createCampaign(t.db);
    await insertLeads(t.db, c.id, [
      { brId: 'B1', targetSelector: 'A', generateStatus: 1, forD: 'd', isCalled: 1 },
      ...many(3, { brId: 'B1', targetSelector: 'A' }),
    ]);
    const r = await regenerate(await admin(), { campaign: c.campaignName, targets: { A: 3 } });
    expect(r).toEqual({
      rowsRegenerated: 0,
      batch: 2,
      heldBack: 0,
      callbacksDue: 0,
      heldForCallbacks: 0,
      message: LEAD_MESSAGES.regenerated(0),
    });
    expect(await batches(c.id)).toEqual([1, 0, 0, 0]);
  });

  it('refuses a body without any target and changes nothing', async () => {
    const c = await createCampaign(t.db);
    await insertLeads(t.db, c.id, [
      { brId: 'B1', targetSelector: 'A', generateStatus: 1, forD: 'd' },
      ...many(2, { brId: 'B1', targetSelector: 'A' }),
    ]);
    const r = await (await admin()).post(generateUrl('reGenerateData', { campaign: c.campaignName }), { A: '' });
    expectMessage(r, 400, LEAD_MESSAGES.noTargets);
    expect(await batches(c.id)).toEqual([1, 0, 0]);
  });

  it('gives two regenerates run at once their own batch numbers and never picks a lead twice', async () => {
    const c = await createCampaign(t.db);
    await insertLeads(t.db, c.id, [
      ...many(50, { brId: 'B1', targetSelector: 'A', generateStatus: 1, forD: 'd' }),
      ...many(500, { brId: 'B1', targetSelector: 'A' }),
    ]);
    const [api1, api2] = await Promise.all([admin(), admin()]);
    const replies = await Promise.all([
      regenerate(api1, { campaign: c.campaignName, targets: { A: 30 } }),
      regenerate(api2, { campaign: c.campaignName, targets: { A: 40 } }),
    ]);
    expect(replies.map((r) => r.batch).sort()).toEqual([2, 3]);
    const counts = await batches(c.id);
    for (const r of replies) expect(counts.filter((b) => b === r.batch)).toHaveLength(r.rowsRegenerated);
    expect(counts.filter((b) => b >= 2)).toHaveLength(replies[0]!.rowsRegenerated + replies[1]!.rowsRegenerated);
  });
});
