// The counts generate and regenerate answer after their pick (docs/guide/dnc.md, quotas.md, call-loop.md), when a lead is
// held back for more than one reason: listed and in a full quota counts once in heldBack; listed and waiting for a
// callback's number counts in heldBack, not in heldForCallbacks. A campaign without a full quota counts none.
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDayText, type TGenerateResult, type TQuota } from '@crm/shared';
import { createUser, useTestApp, type TestUser } from '../../test/harness.ts';
import { insertCallback, middayTimeZone, minutesFromNow } from '../../test/callbacks-support.ts';
import { panelCampaign, type PanelCampaign } from '../../test/crm-support.ts';
import { generate, insertLeads, leadStates, many, nextCell, regenerate } from '../../test/leads-support.ts';

const ZONE = middayTimeZone();
const t = useTestApp({ timeZone: ZONE });
const today = localDayText(new Date(), ZONE);
const yesterday = addDays(today, -1);

let agent: TestUser;
beforeAll(async () => {
  agent = await createUser(t.db, { role: 'agent' });
});

async function addQuota(c: PanelCampaign, body: Record<string, unknown>): Promise<TQuota> {
  const r = await c.admin.post(`/api/quotas?campaignName=${encodeURIComponent(c.name)}`, body);
  expect(r.status, r.text).toBe(200);
  return r.json<TQuota>();
}

async function listNumber(phoneNumber: string): Promise<void> {
  await t.db.insertInto('dncNumbers').values({ campaignId: null, phoneNumber, addedBy: 'admin' }).execute();
}

/** A generated lead of yesterday with an open callback, on `cell`. */
async function openCallbackOn(c: PanelCampaign, cell: string): Promise<void> {
  const [lead] = await insertLeads(t.db, c.id, [
    { cellNumber: cell, dataDate: yesterday, forD: 'd', generateStatus: 1 },
  ]);
  await insertCallback(t.db, { leadId: lead ?? 0, campaignId: c.id, user: agent, dueAt: minutesFromNow(60) });
}

describe('the counts after a pick, for leads held back for more than one reason', () => {
  it('counts a lead listed and in a full quota once, and a listed number waiting for a callback as held back', async () => {
    const c = await panelCampaign(t);
    const [listedAndFull, full, listed, waiting, listedAndWaiting] = [1, 2, 3, 4, 5].map(() => nextCell());
    const fresh = { dataDate: today, brId: 'B1', targetSelector: 'A' };
    await insertLeads(t.db, c.id, [
      { ...fresh, cellNumber: listedAndFull, region: 'Dhaka' },
      { ...fresh, cellNumber: full, region: 'Dhaka' },
      { ...fresh, cellNumber: listed, region: 'Sylhet' },
      { ...fresh, cellNumber: waiting, region: 'Sylhet' },
      { ...fresh, cellNumber: listedAndWaiting, region: 'Sylhet' },
      ...many(3, { ...fresh, region: 'Sylhet' }),
    ]);
    for (const cell of [listedAndFull!, listed!, listedAndWaiting!]) await listNumber(cell);
    await openCallbackOn(c, waiting!);
    await openCallbackOn(c, listedAndWaiting!);
    const quota = await addQuota(c, { field: 'region', value: 'Dhaka', limit: 2 });
    await t.db.updateTable('quotas').set({ count: 2 }).where('id', '=', quota.id).execute();

    expect(
      await generate<TGenerateResult>(c.admin, { campaign: c.name, dataDate: today, targets: { A: 2 } }),
    ).toMatchObject({ rowsUpdated: 2, heldBack: 4, heldForCallbacks: 1, callbacksDue: 0 });
    expect(await regenerate(c.admin, { campaign: c.name, dataDate: today, targets: { A: 5 } })).toMatchObject({
      rowsRegenerated: 1,
      heldBack: 4,
      heldForCallbacks: 1,
    });

    // The quota given room: its two leads are fresh and may be picked; only the listed ones are held back now.
    await t.db.updateTable('quotas').set({ limit: 10 }).where('id', '=', quota.id).execute();
    expect(await generate<TGenerateResult>(c.admin, { campaign: c.name, dataDate: today, all: true })).toMatchObject({
      rowsUpdated: 1,
      heldBack: 3,
      heldForCallbacks: 1,
    });
    const todays = (await leadStates(t.db, c.id)).filter((l) => l.dataDate === today);
    expect(todays.filter((l) => l.generateStatus === 0)).toHaveLength(4);
  });
});
