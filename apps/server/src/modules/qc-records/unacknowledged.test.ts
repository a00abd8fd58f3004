// GET /api/qc-records/unacknowledged beyond the overdue default: every record awaiting acknowledgement (state=all),
// each marked overdue or not against its own campaign's window, the filters of the web's list, and who sees what.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TUnacknowledgedPage } from '@crm/shared';
import { createCampaign, useTestApp, type Caller } from '../../test/harness.ts';
import { addRecord, qcWorld, scorecard, type QcWorld } from '../../test/qc-support.ts';

const t = useTestApp();

/** A record of `agentId` (the world's agent unless named) on `campaign`, scored by `api` `daysAgo` days ago. */
async function scoredAgo(
  w: QcWorld,
  api: Caller,
  daysAgo: number,
  more: { agentId?: string; campaignName?: string; callDate?: string } = {},
): Promise<number> {
  const { id } = await addRecord(api, scorecard(w, { agentId: w.agent.username, ...more }));
  await sql`update qc_records set created_at = now() - make_interval(days => ${daysAgo}) where id = ${id}`.execute(
    t.db,
  );
  return id;
}

async function listed(api: Caller, query: Record<string, string> = {}): Promise<TUnacknowledgedPage> {
  const r = await api.get(`/api/qc-records/unacknowledged?${new URLSearchParams(query).toString()}`);
  expect(r.status, r.text).toBe(200);
  return r.json<TUnacknowledgedPage>();
}
const idsOf = (page: TUnacknowledgedPage) => page.response.content.map((r) => r.qcRecordId);

async function setWindow(w: QcWorld, campaignName: string, days: number): Promise<void> {
  const r = await w.admin.put(`/api/qc-records/settings?campaignName=${encodeURIComponent(campaignName)}`, {
    acknowledgementWindowDays: days,
  });
  expect(r.status, r.text).toBe(200);
}

describe('GET /api/qc-records/unacknowledged?state=all', () => {
  it("marks each record overdue or not against its own campaign's window, the overdue first", async () => {
    const w = await qcWorld(t);
    const other = await createCampaign(t.db);
    await setWindow(w, w.campaign, 1);
    await setWindow(w, other.campaignName, 5);
    // Two days ago on each: past the first campaign's 1 day, within the other's 5.
    const late = await scoredAgo(w, w.qcA, 2);
    const inWindow = await scoredAgo(w, w.qcA, 2, { campaignName: other.campaignName });
    const fresh = await scoredAgo(w, w.qcA, 0);
    const veryLate = await scoredAgo(w, w.qcA, 9, { campaignName: other.campaignName });

    const all = await listed(w.qcA, { state: 'all' });
    // Overdue first, then (as within each part) the latest due first.
    expect(idsOf(all)).toEqual([late, veryLate, inWindow, fresh]);
    const byId = new Map(all.response.content.map((r) => [r.qcRecordId, r]));
    expect(byId.get(late)).toMatchObject({ overdue: true, daysOverdue: 1, windowDays: 1 });
    expect(byId.get(veryLate)).toMatchObject({ overdue: true, daysOverdue: 4, windowDays: 5 });
    expect(byId.get(inWindow)).toMatchObject({ overdue: false, daysOverdue: 0, windowDays: 5 });
    expect(byId.get(fresh)).toMatchObject({ overdue: false, daysOverdue: 0, windowDays: 1 });
    // The default lists the overdue ones only, as before.
    const overdue = await listed(w.qcA);
    expect(idsOf(overdue)).toEqual([late, veryLate]);
    expect(overdue.response.content.every((r) => r.overdue)).toBe(true);

    // Acknowledged: it leaves both lists.
    expect((await w.agentApi.post(`/api/qc-records/${late}/acknowledge`, {})).status).toBe(200);
    expect(idsOf(await listed(w.qcA, { state: 'all' }))).toEqual([veryLate, inWindow, fresh]);
  });

  it('narrows by agent, campaign and call dates', async () => {
    const w = await qcWorld(t);
    const other = await createCampaign(t.db);
    const rina = await scoredAgo(w, w.qcA, 4, { callDate: '2026-11-18' });
    const sabbir = await scoredAgo(w, w.qcA, 4, { agentId: w.otherAgent.username, callDate: '2026-11-20' });
    const elsewhere = await scoredAgo(w, w.qcA, 4, { campaignName: other.campaignName, callDate: '2026-11-22' });
    expect(idsOf(await listed(w.qcA, { agentId: w.agent.username })).sort()).toEqual([rina, elsewhere].sort());
    expect(idsOf(await listed(w.qcA, { campaignName: other.campaignName }))).toEqual([elsewhere]);
    expect(idsOf(await listed(w.qcA, { startDate: '2026-11-19', endDate: '2026-11-21' }))).toEqual([sabbir]);
    expect(idsOf(await listed(w.qcA, { startDate: '2026-11-20' })).sort()).toEqual([sabbir, elsewhere].sort());
    // Empty filters are no filters (the web's address leaves them out, an older link may not).
    expect((await listed(w.qcA, { agentId: '', campaignName: '', startDate: '' })).recordCount).toBe(3);
  });

  it('refuses a badly written date or state with 400', async () => {
    const w = await qcWorld(t);
    const badDate = await w.qcA.get('/api/qc-records/unacknowledged?startDate=20-11-2026');
    expect(badDate.status).toBe(400);
    expect(badDate.json<{ message: string }>().message).toMatch(/startDate must be a date written yyyy-MM-dd/);
    const badState = await w.qcA.get('/api/qc-records/unacknowledged?state=late');
    expect(badState.status).toBe(400);
    expect(badState.json<{ message: string }>().message).toMatch(/state must be one of overdue, all/);
  });

  it('keeps an inspector to the records it scored, whatever it asks for; an admin sees them all; agents get 403', async () => {
    const w = await qcWorld(t);
    const ofA = await scoredAgo(w, w.qcA, 1);
    const ofB = await scoredAgo(w, w.qcB, 1, { agentId: w.otherAgent.username });
    expect(idsOf(await listed(w.qcA, { state: 'all' }))).toEqual([ofA]);
    expect(idsOf(await listed(w.qcA, { state: 'all', agentId: w.otherAgent.username }))).toEqual([]);
    expect(idsOf(await listed(w.qcB, { state: 'all' }))).toEqual([ofB]);
    const all = idsOf(await listed(w.admin, { state: 'all', size: '500' }));
    expect(all).toEqual(expect.arrayContaining([ofA, ofB]));
    expect((await w.agentApi.get('/api/qc-records/unacknowledged?state=all')).status).toBe(403);
    expect((await t.anonymous.get('/api/qc-records/unacknowledged?state=all')).status).toBe(401);
  });
});
