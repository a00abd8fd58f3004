// GET /api/callbacks and GET /api/callbacks/missed (docs/guide/call-loop.md, Callbacks): each agent's callbacks of today, due
// first, with the campaign's anyone-callbacks and never another agent's mine-only ones; due ones checked again against
// the do-not-call lists and full quotas; missed ones past the campaign's grace for admins. Run in a zone where it is
// midday now, so "earlier today" and "later today" always have room.
import { beforeAll, describe, expect, it } from 'vitest';
import { localDayText, quotaFullMessage, type TCallbacks, type TMissedCallbacks } from '@crm/shared';
import { createCampaign, createUser, useTestApp, type Caller, type TestUser } from '../../test/harness.ts';
import { insertCallback, middayTimeZone, minutesFromNow } from '../../test/callbacks-support.ts';
import { insertLeads, nextCell } from '../../test/leads-support.ts';
import { dncMessage } from '../dnc/lookup.ts';

const t = useTestApp({ timeZone: middayTimeZone() });
const HOUR = 60;

type Campaign = { id: number; campaignName: string };
let campaign: Campaign;
let otherCampaign: Campaign;
let agent: TestUser;
let colleague: TestUser;
let outsider: TestUser;
let api: Caller;

beforeAll(async () => {
  campaign = await createCampaign(t.db);
  otherCampaign = await createCampaign(t.db);
  agent = await createUser(t.db, { role: 'agent' });
  colleague = await createUser(t.db, { role: 'agent' });
  outsider = await createUser(t.db, { role: 'agent' });
  api = await t.as(agent, { campaign: campaign.campaignName });
});

/** A generated lead of the campaign (region Dhaka). */
async function lead(of: Campaign = campaign, cellNumber = nextCell(), dataDate = '2024-05-01'): Promise<number> {
  const [id] = await insertLeads(t.db, of.id, [
    { cellNumber, dataDate, respondentName: 'Rahim', region: 'Dhaka', forD: 'd', generateStatus: 1 },
  ]);
  if (id === undefined) throw new Error('no lead');
  return id;
}

/** An open callback on a new lead; minutes from now (negative: already due). */
async function callback(
  user: TestUser,
  minutes: number,
  options: { mineOnly?: boolean; of?: Campaign; cellNumber?: string; dataDate?: string } = {},
) {
  const of = options.of ?? campaign;
  const leadId = await lead(of, options.cellNumber, options.dataDate);
  const id = await insertCallback(t.db, {
    leadId,
    campaignId: of.id,
    user,
    dueAt: minutesFromNow(minutes),
    mineOnly: options.mineOnly ?? false,
  });
  return { id, leadId };
}

async function listOf(caller: Caller): Promise<TCallbacks> {
  const r = await caller.get('/api/callbacks');
  expect(r.status, r.text).toBe(200);
  return r.json<TCallbacks>();
}

/** Clears the campaign's open callbacks, so each test reads only its own. */
async function clearCallbacks(): Promise<void> {
  await t.db.updateTable('callbacks').set({ state: 'cancelled' }).where('state', '=', 'open').execute();
}

describe('who may list callbacks', () => {
  it('answers 401 without a session and 403 to QC inspectors; the missed list 403 to agents', async () => {
    expect((await t.anonymous.get('/api/callbacks')).status).toBe(401);
    expect((await (await t.callerFor('qc')).get('/api/callbacks')).status).toBe(403);
    expect((await api.get('/api/callbacks/missed')).status).toBe(403);
    expect((await (await t.callerFor('qc')).get('/api/callbacks/missed')).status).toBe(403);
  });
});

describe('GET /api/callbacks', () => {
  it("lists the caller's own and the campaign's anyone-callbacks of today, due first; never another's mine-only one", async () => {
    await clearCallbacks();
    const ownLater = await callback(agent, 2 * HOUR, { mineOnly: true });
    const ownDue = await callback(agent, -30, { mineOnly: true });
    const colleagueAnyone = await callback(colleague, -10);
    const colleagueLater = await callback(colleague, HOUR);
    const colleagueMineOnly = await callback(colleague, -20, { mineOnly: true });
    const ownTomorrow = await callback(agent, 26 * HOUR);
    const otherCampaigns = await callback(outsider, -5, { of: otherCampaign });
    const closed = await callback(agent, -40);
    await t.db
      .updateTable('callbacks')
      .set({ state: 'done', closedAt: new Date() })
      .where('id', '=', String(closed.id))
      .execute();

    const mine = await listOf(api);
    expect(mine.callbacks.map((c) => c.id)).toEqual([ownDue.id, colleagueAnyone.id, colleagueLater.id, ownLater.id]);
    expect(mine.dueCount).toBe(2);
    expect(mine.callbacks.map((c) => c.due)).toEqual([true, true, false, false]);
    expect(mine.callbacks[1]).toMatchObject({
      agentId: colleague.username,
      agentName: colleague.name,
      mineOnly: false,
      campaignName: campaign.campaignName,
    });

    // The colleague sees their own three and the agent's anyone-callback (none here): never the agent's mine-only ones.
    const theirs = await listOf(await t.as(colleague, { campaign: campaign.campaignName }));
    expect(theirs.callbacks.map((c) => c.id)).toEqual([colleagueMineOnly.id, colleagueAnyone.id, colleagueLater.id]);
    for (const hidden of [ownDue, ownLater, ownTomorrow, otherCampaigns])
      expect(theirs.callbacks.map((c) => c.id)).not.toContain(hidden.id);
    // An agent of another campaign sees only that campaign's.
    expect(
      (await listOf(await t.as(outsider, { campaign: otherCampaign.campaignName }))).callbacks.map((c) => c.id),
    ).toEqual([otherCampaigns.id]);
  });

  it('shows an admin its own callbacks only, of any campaign', async () => {
    await clearCallbacks();
    const admin = await createUser(t.db, { role: 'admin' });
    const own = await callback(admin, -5, { of: otherCampaign });
    await callback(agent, -5);
    const list = await listOf(await t.as(admin));
    expect(list.callbacks.map((c) => c.id)).toEqual([own.id]);
    expect(list.dueCount).toBe(1);
  });

  it("says which leads have the caller's draft (the call left on the screen comes back)", async () => {
    await clearCallbacks();
    const withDraft = await callback(agent, -5);
    const without = await callback(agent, -4);
    await t.db
      .insertInto('callDrafts')
      .values({
        userId: agent.id,
        leadId: String(withDraft.leadId),
        campaignId: campaign.id,
        path: ['Q1'],
        currentQno: 'Q1',
        answers: '{}',
        leadVersion: 0,
      })
      .execute();
    await t.db
      .insertInto('callDrafts')
      .values({
        userId: colleague.id,
        leadId: String(without.leadId),
        campaignId: campaign.id,
        path: ['Q1'],
        currentQno: 'Q1',
        answers: '{}',
        leadVersion: 0,
      })
      .execute();
    const list = await listOf(api);
    expect(list.callbacks.map((c) => [c.id, c.hasDraft])).toEqual([
      [withDraft.id, true],
      [without.id, false],
    ]);
  });

  it('checks a due callback again: a listed number or a full quota blocks it (shown with the reason, not counted due), stored', async () => {
    await clearCallbacks();
    const listedCell = nextCell();
    const listed = await callback(agent, -15, { cellNumber: listedCell });
    const free = await callback(agent, -10);
    const laterListed = await callback(agent, HOUR, { cellNumber: listedCell, dataDate: '2024-05-02' });
    const dnc = await t.db
      .insertInto('dncNumbers')
      .values({ campaignId: null, phoneNumber: listedCell, reason: 'Asked', addedById: null, addedBy: 'admin' })
      .returning('createdAt')
      .executeTakeFirstOrThrow();
    const reason = dncMessage({ list: 'system', since: localDayText(dnc.createdAt, t.config.timeZone) });

    let list = await listOf(api);
    expect(list.callbacks.map((c) => [c.id, c.blocked])).toEqual([
      [free.id, null],
      [laterListed.id, null],
      [listed.id, reason],
    ]);
    expect(list.dueCount).toBe(1);
    const stored = await t.db
      .selectFrom('callbacks')
      .select(['id', 'blockedReason', 'checkedAt'])
      .where('id', 'in', [String(listed.id), String(laterListed.id)])
      .orderBy('id')
      .execute();
    expect(stored.map((s) => [s.blockedReason, s.checkedAt !== null])).toEqual([
      [reason, true],
      [null, false],
    ]);

    // Taken off the list: offered again. A full quota on the lead's region blocks both due ones.
    await t.db.deleteFrom('dncNumbers').where('phoneNumber', '=', listedCell).execute();
    list = await listOf(api);
    expect(list.callbacks.map((c) => c.blocked)).toEqual([null, null, null]);
    expect(list.dueCount).toBe(2);
    await t.db
      .insertInto('quotas')
      .values({ campaignId: campaign.id, field: 'region', value: 'Dhaka', limit: 1, count: 1, createdBy: 'admin' })
      .execute();
    list = await listOf(api);
    const full = quotaFullMessage({ field: 'region', questionNo: null, value: 'Dhaka' });
    expect(list.callbacks.filter((c) => c.due).map((c) => c.blocked)).toEqual([full, full]);
    expect(list.dueCount).toBe(0);
    await t.db.deleteFrom('quotas').where('campaignId', '=', campaign.id).execute();
  });
});

describe('GET /api/callbacks/missed', () => {
  it('lists open callbacks past due by more than the campaign grace (120 minutes unless set), with minutes late', async () => {
    await clearCallbacks();
    const admin = await t.callerFor('admin');
    const late = await callback(agent, -3 * HOUR, { mineOnly: true });
    await callback(agent, -HOUR);
    const strict = await createCampaign(t.db);
    // The grace as admins set it (the campaign edit).
    const graced = await admin.put('/cc/updateCampaign', {
      id: strict.id,
      campaignName: strict.campaignName,
      campaignId: strict.campaignId,
      callbackGraceMinutes: 30,
    });
    expect(graced.status, graced.text).toBe(200);
    const strictLate = await callback(colleague, -45, { of: strict });

    const r = await admin.get('/api/callbacks/missed');
    expect(r.status, r.text).toBe(200);
    const missed = r.json<TMissedCallbacks>();
    expect(missed.map((m) => m.id)).toEqual([late.id, strictLate.id]);
    expect(missed[0]).toMatchObject({
      agentId: agent.username,
      mineOnly: true,
      due: true,
      campaignName: campaign.campaignName,
    });
    expect(missed.map((m) => m.minutesLate)).toEqual([180, 45]);

    const one = await admin.get(`/api/callbacks/missed?campaignName=${encodeURIComponent(strict.campaignName)}`);
    expect(one.json<TMissedCallbacks>().map((m) => m.id)).toEqual([strictLate.id]);
  });

  it('answers 404 for a campaign that does not exist', async () => {
    const r = await (await t.callerFor('admin')).get('/api/callbacks/missed?campaignName=Nowhere');
    expect(r.status).toBe(404);
  });
});
