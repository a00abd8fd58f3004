// Generate and regenerate with callbacks (docs/guide/call-loop.md, Callbacks): a lead with an open callback stays generated in
// its batch and is counted when due by the end of the date; a fresh lead of its number is held back, so a lookup of the
// number still opens the lead the callback (and its answers) is on. Run in a zone where it is midday now.
import { beforeAll, describe, expect, it } from 'vitest';
import { LEAD_MESSAGES, addDays, localDayText, type TGenerateResult } from '@crm/shared';
import { createUser, useTestApp, type TestUser } from '../../test/harness.ts';
import { insertCallback, middayTimeZone, minutesFromNow } from '../../test/callbacks-support.ts';
import { generate, insertLeads, leadStates, many, nextCell, regenerate } from '../../test/leads-support.ts';
import { lookUp, panelCampaign } from '../../test/crm-support.ts';

const ZONE = middayTimeZone();
const t = useTestApp({ timeZone: ZONE });
const today = localDayText(new Date(), ZONE);
const yesterday = addDays(today, -1);

let agent: TestUser;
beforeAll(async () => {
  agent = await createUser(t.db, { role: 'agent' });
});

const local = (e164: string) => e164.replace(/^\+880/, '0');

describe('generate and a number waiting for a callback', () => {
  it("holds back a fresh lead whose number has an open callback on another lead, so the lookup opens the callback's lead", async () => {
    const c = await panelCampaign(t);
    const cell = nextCell();
    const [called] = await insertLeads(t.db, c.id, [
      { cellNumber: cell, dataDate: yesterday, forD: 'd', generateStatus: 1 },
    ]);
    const [again, ...others] = await insertLeads(t.db, c.id, [
      { cellNumber: cell, dataDate: today, brId: 'B1', targetSelector: 'A' },
      ...many(3, { dataDate: today, brId: 'B1', targetSelector: 'A' }),
    ]);
    const callbackId = await insertCallback(t.db, {
      leadId: called ?? 0,
      campaignId: c.id,
      user: agent,
      dueAt: minutesFromNow(60),
    });

    const r = await generate<TGenerateResult>(c.admin, { campaign: c.name, dataDate: today, targets: { A: 2 } });
    expect(r).toEqual({
      rowsUpdated: 2,
      heldBack: 0,
      callbacksDue: 0,
      heldForCallbacks: 1,
      message: LEAD_MESSAGES.generated(2),
    });
    const states = await leadStates(t.db, c.id);
    expect(states.filter((l) => l.generateStatus > 0 && l.dataDate === today).map((l) => l.id)).toEqual(
      others.slice(0, 2),
    );
    expect((await lookUp(c.agent, c.name, local(cell))).id).toBe(called);

    // Once the callback is closed (the lead was called back), the number's fresh lead may be generated.
    await t.db
      .updateTable('callbacks')
      .set({ state: 'done', closedAt: new Date() })
      .where('id', '=', String(callbackId))
      .execute();
    const next = await generate<TGenerateResult>(c.admin, { campaign: c.name, dataDate: today, all: true });
    expect(next).toMatchObject({ rowsUpdated: 2, heldForCallbacks: 0 });
    expect((await leadStates(t.db, c.id)).find((l) => l.id === again)?.generateStatus).toBe(1);
  });

  it('holds it back with all=true and on regenerate too, and writes the counts to the audit entry', async () => {
    const c = await panelCampaign(t);
    const cell = nextCell();
    const [called] = await insertLeads(t.db, c.id, [
      { cellNumber: cell, dataDate: yesterday, forD: 'd', generateStatus: 1 },
    ]);
    await insertLeads(t.db, c.id, [
      { cellNumber: cell, dataDate: today, brId: 'B1', targetSelector: 'A' },
      ...many(2, { dataDate: today, brId: 'B1', targetSelector: 'A' }),
    ]);
    await insertCallback(t.db, { leadId: called ?? 0, campaignId: c.id, user: agent, dueAt: minutesFromNow(-30) });

    expect(
      await generate<TGenerateResult>(c.admin, { campaign: c.name, dataDate: today, targets: { A: 1 } }),
    ).toMatchObject({ rowsUpdated: 1, heldForCallbacks: 1 });
    const re = await regenerate(c.admin, { campaign: c.name, dataDate: today, all: true });
    expect(re).toMatchObject({ rowsRegenerated: 1, heldForCallbacks: 1 });
    const all = await generate<TGenerateResult>(c.admin, { campaign: c.name, dataDate: today, all: true });
    expect(all).toMatchObject({ rowsUpdated: 0, heldForCallbacks: 1 });
    expect((await leadStates(t.db, c.id)).filter((l) => l.dataDate === today && l.generateStatus === 0)).toHaveLength(
      1,
    );
    const entry = await t.db
      .selectFrom('auditLog')
      .select('changes')
      .where('action', '=', 'regenerate')
      .where('objectId', '=', c.name)
      .executeTakeFirstOrThrow();
    expect(entry.changes).toMatchObject({ counts: { leadsRegenerated: 1, heldForCallbacks: 1 } });
  });
});

describe('generate and regenerate count the callbacks due on the date', () => {
  async function callbackOn(
    c: { id: number },
    dataDate: string,
    dueMinutes: number,
    lead: { generated?: boolean } = {},
  ): Promise<number> {
    const [id] = await insertLeads(t.db, c.id, [
      {
        dataDate,
        brId: 'B1',
        targetSelector: 'A',
        ...(lead.generated === false ? {} : { forD: 'd', generateStatus: 1 }),
      },
    ]);
    if (id === undefined) throw new Error('no lead');
    await insertCallback(t.db, { leadId: id, campaignId: c.id, user: agent, dueAt: minutesFromNow(dueMinutes) });
    return id;
  }

  it("reports the date's leads with an open callback due before the date ends (and callable), and keeps them generated in their batch", async () => {
    const c = await panelCampaign(t);
    const overdue = await callbackOn(c, today, -90);
    const laterToday = await callbackOn(c, today, 120);
    await callbackOn(c, today, 26 * 60); // tomorrow
    await callbackOn(c, yesterday, -30); // another date's lead
    const listed = await callbackOn(c, today, -10);
    const listedCell = (
      await t.db.selectFrom('leads').select('cellNumber').where('id', '=', String(listed)).executeTakeFirstOrThrow()
    ).cellNumber;
    await t.db
      .insertInto('dncNumbers')
      .values({ campaignId: null, phoneNumber: listedCell, addedById: null, addedBy: 'admin' })
      .execute();
    const closed = await callbackOn(c, today, -20);
    await t.db.updateTable('callbacks').set({ state: 'cancelled' }).where('leadId', '=', String(closed)).execute();
    await insertLeads(t.db, c.id, many(6, { dataDate: today, brId: 'B1', targetSelector: 'A' }));

    const r = await generate<TGenerateResult>(c.admin, { campaign: c.name, dataDate: today, targets: { A: 2 } });
    expect(r).toMatchObject({ rowsUpdated: 2, callbacksDue: 2, heldForCallbacks: 0 });

    // Regenerate tops up for the uncalled leads, those waiting for a callback among them, and never moves them.
    const re = await regenerate(c.admin, { campaign: c.name, dataDate: today, targets: { A: 3 } });
    expect(re).toMatchObject({ rowsRegenerated: 3, batch: 2, callbacksDue: 2 });
    const states = await leadStates(t.db, c.id);
    for (const id of [overdue, laterToday])
      expect(states.find((l) => l.id === id)).toMatchObject({ generateStatus: 1, forD: 'd' });
  });

  it("counts for the date asked: a callback due today is not due on yesterday's generate", async () => {
    const c = await panelCampaign(t);
    await callbackOn(c, yesterday, 60);
    await insertLeads(t.db, c.id, many(2, { dataDate: yesterday, brId: 'B1', targetSelector: 'A' }));
    expect(
      await generate<TGenerateResult>(c.admin, { campaign: c.name, dataDate: yesterday, targets: { A: 1 } }),
    ).toMatchObject({ rowsUpdated: 1, callbacksDue: 0 });
  });
});
