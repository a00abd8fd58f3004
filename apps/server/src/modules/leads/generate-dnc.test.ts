// Generate and regenerate never select a lead whose number is on the system's or the campaign's do-not-call list (docs/guide/dnc.md).
import { describe, expect, it } from 'vitest';
import { LEAD_MESSAGES } from '@crm/shared';
import { createCampaign, useTestApp, type Caller } from '../../test/harness.ts';
import { generate, generatedIds, insertLeads, leadStates, nextCell, regenerate } from '../../test/leads-support.ts';

const t = useTestApp();
const admin = (): Promise<Caller> => t.callerFor('admin');

/** n leads of selector A, each with its own number; answers their ids and numbers in upload order. */
async function leadsWithNumbers(campaignId: number, n: number): Promise<{ ids: number[]; cells: string[] }> {
  const cells = Array.from({ length: n }, () => nextCell());
  const ids = await insertLeads(
    t.db,
    campaignId,
    cells.map((cellNumber) => ({ brId: 'B1', targetSelector: 'A', cellNumber })),
  );
  return { ids, cells };
}

async function list(campaignId: number | null, phoneNumber: string): Promise<void> {
  await t.db.insertInto('dncNumbers').values({ campaignId, phoneNumber, addedBy: 'admin' }).execute();
}

describe('generate and regenerate with do-not-call lists', () => {
  it('generate skips listed numbers (system and own campaign) and picks the next fresh leads, counting them held back', async () => {
    const c = await createCampaign(t.db);
    const other = await createCampaign(t.db);
    const { ids, cells } = await leadsWithNumbers(c.id, 6);
    await list(null, cells[0]!);
    await list(c.id, cells[2]!);
    await list(other.id, cells[1]!); // another campaign's list does not hold this campaign's lead back
    const r = await generate<{ rowsUpdated: number; heldBack: number; message: string }>(await admin(), {
      campaign: c.campaignName,
      targets: { A: 3 },
    });
    expect(r).toEqual({
      rowsUpdated: 3,
      heldBack: 2,
      callbacksDue: 0,
      heldForCallbacks: 0,
      message: LEAD_MESSAGES.generated(3),
    });
    expect(await generatedIds(t.db, c.id)).toEqual([ids[1], ids[3], ids[4]]);
  });

  it('generate all=true generates every fresh lead except the listed ones', async () => {
    const c = await createCampaign(t.db);
    const { ids, cells } = await leadsWithNumbers(c.id, 4);
    await list(null, cells[3]!);
    await list(c.id, cells[3]!); // on both lists: held back once
    const r = await generate<{ rowsUpdated: number; heldBack: number }>(await admin(), {
      campaign: c.campaignName,
      all: true,
    });
    expect(r).toMatchObject({ rowsUpdated: 3, heldBack: 1 });
    expect(await generatedIds(t.db, c.id)).toEqual(ids.slice(0, 3));
  });

  it('regenerate skips listed numbers and reports them held back', async () => {
    const c = await createCampaign(t.db);
    const { ids, cells } = await leadsWithNumbers(c.id, 6);
    const api = await admin();
    await generate(api, { campaign: c.campaignName, targets: { A: 2 } });
    await list(c.id, cells[2]!);
    const r = await regenerate(api, { campaign: c.campaignName, targets: { A: 2 } });
    expect(r).toEqual({
      rowsRegenerated: 2,
      batch: 2,
      heldBack: 1,
      callbacksDue: 0,
      heldForCallbacks: 0,
      message: LEAD_MESSAGES.regenerated(2),
    });
    const states = await leadStates(t.db, c.id);
    expect(states.map((l) => l.generateStatus)).toEqual([1, 1, 0, 2, 2, 0]);
    expect(states[2]!.id).toBe(ids[2]);
  });

  it('regenerate all=true never selects a listed lead', async () => {
    const c = await createCampaign(t.db);
    const { cells } = await leadsWithNumbers(c.id, 5);
    const api = await admin();
    await generate(api, { campaign: c.campaignName, targets: { A: 2 } });
    await list(null, cells[2]!);
    const r = await regenerate(api, { campaign: c.campaignName, all: true });
    expect(r).toMatchObject({ rowsRegenerated: 2, heldBack: 1 });
    expect((await leadStates(t.db, c.id)).map((l) => l.generateStatus)).toEqual([1, 1, 0, 2, 2]);
  });
});
