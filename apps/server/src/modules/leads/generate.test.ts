import { describe, expect, it } from 'vitest';
import { LEAD_MESSAGES } from '@crm/shared';
import { createCampaign, useTestApp, type Caller } from '../../test/harness.ts';
import {
  expectMessage,
  generate,
  generatedIds,
  generateUrl,
  insertLeads,
  leadStates,
  many,
} from '../../test/leads-support.ts';

const t = useTestApp();
const admin = (): Promise<Caller> => t.callerFor('admin');

describe('POST /dynamic/updateData', () => {
  it('generates up to N fresh leads per br_id group of a selector: two branches × N=2 → 4', async () => {
    const c = await createCampaign(t.db);
    const b1 = await insertLeads(t.db, c.id, many(5, { brId: 'B1', targetSelector: 'A' }));
    const b2 = await insertLeads(t.db, c.id, many(3, { brId: 'B2', targetSelector: 'A' }));
    const r = await generate(await admin(), { campaign: c.campaignName, targets: { A: 2 } });
    expect(r).toEqual({
      rowsUpdated: 4,
      heldBack: 0,
      callbacksDue: 0,
      heldForCallbacks: 0,
      message: LEAD_MESSAGES.generated(4),
    });
    expect(await generatedIds(t.db, c.id)).toEqual([b1[0], b1[1], b2[0], b2[1]]);
    const generated = (await leadStates(t.db, c.id)).filter((l) => l.generateStatus > 0);
    expect(generated.every((l) => l.forD === 'd' && l.generateStatus === 1 && l.isCalled === 0)).toBe(true);
  });

  it('takes valid leads (any case) first, then upload order', async () => {
    const c = await createCampaign(t.db);
    const ids = await insertLeads(t.db, c.id, [
      { brId: 'B1', targetSelector: 'A', dataStatus: 'invalid' },
      { brId: 'B1', targetSelector: 'A', dataStatus: null },
      { brId: 'B1', targetSelector: 'A', dataStatus: 'VALID' },
      { brId: 'B1', targetSelector: 'A', dataStatus: 'invalid' },
      { brId: 'B1', targetSelector: 'A', dataStatus: 'valid' },
    ]);
    await generate(await admin(), { campaign: c.campaignName, targets: { A: 3 } });
    expect(await generatedIds(t.db, c.id)).toEqual([ids[0], ids[2], ids[4]]);
  });

  it('counts only the chosen date and leaves other dates untouched', async () => {
    const c = await createCampaign(t.db);
    // Fresh leads of an older date in the same group must not use up the target.
    await insertLeads(
      t.db,
      c.id,
      many(3, { brId: 'B1', targetSelector: 'A', dataDate: '2024-04-30', dataStatus: 'valid' }),
    );
    const chosen = await insertLeads(t.db, c.id, many(3, { brId: 'B1', targetSelector: 'A', dataDate: '2024-05-01' }));
    await insertLeads(
      t.db,
      c.id,
      many(3, { brId: 'B1', targetSelector: 'A', dataDate: '2024-05-02', dataStatus: 'valid' }),
    );
    const r = await generate(await admin(), { campaign: c.campaignName, dataDate: '2024-05-01', targets: { A: 2 } });
    expect(r.rowsUpdated).toBe(2);
    expect(await generatedIds(t.db, c.id)).toEqual(chosen.slice(0, 2));
  });

  it('leaves selectors that are not in the body, or are blank, untouched; an unknown selector generates 0', async () => {
    const c = await createCampaign(t.db);
    const a = await insertLeads(t.db, c.id, many(2, { brId: 'B1', targetSelector: 'A' }));
    await insertLeads(t.db, c.id, many(2, { brId: 'B1', targetSelector: 'B' }));
    await insertLeads(t.db, c.id, many(2, { brId: 'B1', targetSelector: 'C' }));
    const r = await generate(await admin(), { campaign: c.campaignName, targets: { A: '5', B: '', C: null, Z: 4 } });
    expect(r.rowsUpdated).toBe(2);
    expect(await generatedIds(t.db, c.id)).toEqual(a);
  });

  it('treats leads without a br_id or a selector as groups of their own ("" is the no-selector key)', async () => {
    const c = await createCampaign(t.db);
    const noBr = await insertLeads(t.db, c.id, many(3, { brId: null, targetSelector: 'A' }));
    const withBr = await insertLeads(t.db, c.id, many(3, { brId: 'B1', targetSelector: 'A' }));
    const noSelector = await insertLeads(t.db, c.id, [
      ...many(2, { brId: 'B1', targetSelector: null }),
      ...many(2, { brId: null, targetSelector: null }),
    ]);
    const r = await generate(await admin(), { campaign: c.campaignName, targets: { A: 2, '': 1 } });
    expect(r.rowsUpdated).toBe(6);
    expect(await generatedIds(t.db, c.id)).toEqual([
      noBr[0],
      noBr[1],
      withBr[0],
      withBr[1],
      noSelector[0],
      noSelector[2],
    ]);
  });

  it('never touches already generated leads again: a second run adds N more fresh ones and keeps batch numbers', async () => {
    const c = await createCampaign(t.db);
    const ids = await insertLeads(t.db, c.id, [
      { brId: 'B1', targetSelector: 'A', generateStatus: 3, forD: 'd', isCalled: 1 },
      ...many(4, { brId: 'B1', targetSelector: 'A' }),
    ]);
    const api = await admin();
    expect((await generate(api, { campaign: c.campaignName, targets: { A: 2 } })).rowsUpdated).toBe(2);
    expect((await generate(api, { campaign: c.campaignName, targets: { A: 1 } })).rowsUpdated).toBe(1);
    const states = await leadStates(t.db, c.id);
    expect(states.map((l) => [l.id, l.generateStatus, l.isCalled])).toEqual([
      [ids[0], 3, 1],
      [ids[1], 1, 0],
      [ids[2], 1, 0],
      [ids[3], 1, 0],
      [ids[4], 0, 0],
    ]);
    const last = await generate(api, { campaign: c.campaignName, targets: { A: 0 } });
    expect(last).toEqual({
      rowsUpdated: 0,
      heldBack: 0,
      callbacksDue: 0,
      heldForCallbacks: 0,
      message: LEAD_MESSAGES.noneGenerated,
    });
  });

  it('generates every fresh lead of the date with all=true, whatever the body says', async () => {
    const c = await createCampaign(t.db);
    const fresh = await insertLeads(t.db, c.id, [
      ...many(3, { brId: 'B1', targetSelector: 'A' }),
      ...many(2, { brId: null, targetSelector: null }),
    ]);
    const before = await insertLeads(t.db, c.id, [{ brId: 'B1', targetSelector: 'A', generateStatus: 2, forD: 'd' }]);
    await insertLeads(t.db, c.id, many(2, { brId: 'B1', targetSelector: 'A', dataDate: '2024-05-02' }));
    const r = await generate(await admin(), { campaign: c.campaignName, all: true, targets: { A: 1 } });
    expect(r).toEqual({
      rowsUpdated: 5,
      heldBack: 0,
      callbacksDue: 0,
      heldForCallbacks: 0,
      message: LEAD_MESSAGES.generated(5),
    });
    expect(await generatedIds(t.db, c.id)).toEqual([...fresh, ...before].sort((x, y) => x - y));
    expect((await leadStates(t.db, c.id)).find((l) => l.id === before[0])?.generateStatus).toBe(2);
  });

  it('accepts all=true without a body', async () => {
    const c = await createCampaign(t.db);
    await insertLeads(t.db, c.id, many(2, {}));
    const r = await (await admin()).request('POST', generateUrl('updateData', { campaign: c.campaignName, all: true }));
    expect(r.status, r.text).toBe(200);
    expect(r.json<{ rowsUpdated: number }>().rowsUpdated).toBe(2);
  });

  it('refuses a body without any target (and no all=true) and changes nothing', async () => {
    const c = await createCampaign(t.db);
    await insertLeads(t.db, c.id, many(3, { brId: 'B1', targetSelector: 'A' }));
    const api = await admin();
    for (const body of [{}, { A: '' }, { A: null }, undefined]) {
      expectMessage(
        await api.request('POST', generateUrl('updateData', { campaign: c.campaignName }), body),
        400,
        LEAD_MESSAGES.noTargets,
      );
    }
    expectMessage(
      await api.post(generateUrl('updateData', { campaign: c.campaignName, all: false }), {}),
      400,
      LEAD_MESSAGES.noTargets,
    );
    expect(await generatedIds(t.db, c.id)).toEqual([]);
  });

  it('never generates a lead twice when generates of one campaign run at once', async () => {
    const c = await createCampaign(t.db);
    await insertLeads(t.db, c.id, [
      ...many(1000, { brId: 'B1', targetSelector: 'A' }),
      ...many(1000, { brId: 'B2', targetSelector: 'A' }),
    ]);
    const callers = await Promise.all([admin(), admin(), admin(), admin()]);
    const replies = await Promise.all(
      callers.map((api, i) => generate(api, { campaign: c.campaignName, targets: { A: 100 + i } })),
    );
    // Each run adds its own target per branch to what the others did, and counts only the leads it generated.
    expect(replies.map((r) => r.rowsUpdated).sort((x, y) => x - y)).toEqual([200, 202, 204, 206]);
    expect(await generatedIds(t.db, c.id)).toHaveLength(812);
  });
});
