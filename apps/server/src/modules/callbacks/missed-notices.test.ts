// The missed-callback notice (docs/notifications.md, callback-missed): each callback that became missed by the missed
// list's rule is told to every active admin once, even when two checks run at the same time; a callback still in its
// grace, or closed, tells nobody; agents and QC inspectors are never told. Run in a zone where it is midday now.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TMissedCallbacks, TNotificationList } from '@crm/shared';
import { createCampaign, createUser, useTestApp, type Caller, type TestUser } from '../../test/harness.ts';
import { insertCallback, middayTimeZone, minutesFromNow } from '../../test/callbacks-support.ts';
import { insertLeads, nextCell } from '../../test/leads-support.ts';
import { MISSED_CALLBACKS_LINK, notifyMissedCallbacks } from './missed-notices.ts';

const timeZone = middayTimeZone();
const t = useTestApp({ timeZone });
const MINUTE = 60_000;

type Campaign = { id: number; campaignName: string };
let campaign: Campaign;
let agent: TestUser;
let admins: Caller[];
let agentApi: Caller;
let qcApi: Caller;
let retiredAdmin: TestUser;

beforeAll(async () => {
  campaign = await createCampaign(t.db);
  agent = await createUser(t.db, { role: 'agent', name: 'Rina Akter' });
  agentApi = await t.as(agent, { campaign: campaign.campaignName });
  qcApi = await t.callerFor('qc');
  admins = [await t.callerFor('admin'), await t.callerFor('admin')];
  retiredAdmin = await createUser(t.db, { role: 'admin', active: false });
});

beforeEach(async () => {
  await t.db.updateTable('callbacks').set({ state: 'cancelled' }).where('state', '=', 'open').execute();
});

/** An open callback of the agent's on a new lead of Rahim Uddin's, due `minutes` from now (negative: past). */
async function callback(minutes: number): Promise<{ id: number; cellNumber: string }> {
  const cellNumber = nextCell();
  const [leadId] = await insertLeads(t.db, campaign.id, [
    {
      cellNumber,
      dataDate: '2024-05-01',
      respondentName: 'Rahim Uddin',
      region: 'Dhaka',
      forD: 'd',
      generateStatus: 1,
    },
  ]);
  if (leadId === undefined) throw new Error('no lead');
  const id = await insertCallback(t.db, {
    leadId,
    campaignId: campaign.id,
    user: agent,
    dueAt: minutesFromNow(minutes),
  });
  return { id, cellNumber };
}

async function missedTold(api: Caller) {
  const r = await api.get('/api/notifications');
  expect(r.status, r.text).toBe(200);
  return r.json<TNotificationList>().items.filter((n) => n.kind === 'callback-missed');
}

/** Every callback-missed notification stored, by user id: the users who can no longer sign in included. */
async function storedByUser(): Promise<Map<number, number>> {
  const rows = await t.db.selectFrom('notifications').select('userId').where('kind', '=', 'callback-missed').execute();
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.userId, (counts.get(r.userId) ?? 0) + 1);
  return counts;
}

async function activeAdminIds(): Promise<number[]> {
  const rows = await t.db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('active', '=', true)
    .execute();
  return rows.map((r) => r.id);
}

describe('the missed-callback notice', () => {
  it('tells each active admin of a missed callback once, with the number, the lead and the due time', async () => {
    const before = await storedByUser();
    const missed = await callback(-180);
    // The same callback the admins' missed list shows.
    const list = (await admins[0]!.get('/api/callbacks/missed')).json<TMissedCallbacks>();
    expect(list.map((c) => c.id)).toEqual([missed.id]);

    expect(await notifyMissedCallbacks(t.db, timeZone)).toBe(1);
    expect(await notifyMissedCallbacks(t.db, timeZone)).toBe(0);

    const dueText = list[0]!.atText.slice(11);
    for (const admin of admins)
      expect(await missedTold(admin)).toEqual([
        expect.objectContaining({
          title: `Missed callback: ${missed.cellNumber} (Rahim Uddin), due ${dueText}`,
          body: `Campaign ${campaign.campaignName}, agent Rina Akter (${agent.username})`,
          link: MISSED_CALLBACKS_LINK,
          readAt: null,
        }),
      ]);
    const after = await storedByUser();
    for (const id of await activeAdminIds()) expect((after.get(id) ?? 0) - (before.get(id) ?? 0)).toBe(1);
    expect(after.get(retiredAdmin.id)).toBeUndefined();
    // Agents (the callback's own included) and QC inspectors are told nothing.
    expect(await missedTold(agentApi)).toEqual([]);
    expect(await missedTold(qcApi)).toEqual([]);
    expect(after.get(agent.id)).toBeUndefined();
  });

  it('tells nobody of a callback still within its grace, not yet due, or already called', async () => {
    const before = await storedByUser();
    const inGrace = await callback(-60);
    await callback(30);
    const called = await callback(-180);
    await t.db
      .updateTable('callbacks')
      .set({ state: 'done', closedAt: new Date() })
      .where('id', '=', String(called.id))
      .execute();

    expect(await notifyMissedCallbacks(t.db, timeZone)).toBe(0);
    expect(await storedByUser()).toEqual(before);

    // Once past the grace (120 minutes), the one left open is told, by the same rule as the list.
    expect(await notifyMissedCallbacks(t.db, timeZone, new Date(Date.now() + 61 * MINUTE))).toBe(1);
    const told = await missedTold(admins[0]!);
    expect(told[0]?.title).toContain(inGrace.cellNumber);
    expect(told.some((n) => n.title.includes(called.cellNumber))).toBe(false);
  });

  it('tells nobody of a callback missed more than two days ago: it stays on the list, not news', async () => {
    const before = await storedByUser();
    const old = await callback(-3 * 24 * 60);
    const listed = await admins[0]!.get('/api/callbacks/missed');
    expect(listed.status, listed.text).toBe(200);
    expect(listed.text).toContain(old.cellNumber);
    expect(await notifyMissedCallbacks(t.db, timeZone)).toBe(0);
    expect(await storedByUser()).toEqual(before);
  });

  it('tells a callback once when two servers check at the same time', async () => {
    const before = await storedByUser();
    await callback(-300);
    await callback(-240);
    const told = await Promise.all([notifyMissedCallbacks(t.db, timeZone), notifyMissedCallbacks(t.db, timeZone)]);
    expect(told[0] + told[1]).toBe(2);
    const after = await storedByUser();
    for (const id of await activeAdminIds()) expect((after.get(id) ?? 0) - (before.get(id) ?? 0)).toBe(2);
  });
});
