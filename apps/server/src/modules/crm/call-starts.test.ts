// A call's start (docs/guide/call-loop.md "Call attempts"): a caller's lookup of a lead starts the call and answers when it
// started, so the screen's timer runs on across a reload; another sign-in or 12 hours later is another call.
import { describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { TLookedUpLead } from '@crm/shared';
import type { TCaller } from '../../auth/guard.ts';
import { poolOf } from '../../db/database.ts';
import { createUser, useTestApp } from '../../test/harness.ts';
import { addLead, lookupUrl, panelCampaign } from '../../test/crm-support.ts';
import { recordCallStart } from './call-starts.ts';
import { findLeadByNumber } from './lookup.ts';

const t = useTestApp();

async function startsOf(leadId: number) {
  return t.db.selectFrom('callStarts').selectAll().where('leadId', '=', String(leadId)).orderBy('userId').execute();
}

async function startedAt(
  api: Awaited<ReturnType<typeof panelCampaign>>['agent'],
  campaign: string,
  cell: string,
  extra = '',
): Promise<string | undefined> {
  const r = await api.get(`${lookupUrl(campaign, cell)}${extra}`);
  expect(r.status, r.text).toBe(200);
  return r.json<TLookedUpLead>().callStartedAt;
}

describe('GET /api/ap/getByNumber: the call start', () => {
  it("records a caller's first lookup of a lead and answers it, unchanged, on every lookup of the same call", async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801715000001');
    const before = Date.now();
    const first = await startedAt(c.agent, c.name, '01715000001');
    expect(first).toBeDefined();
    expect(new Date(first ?? '').toISOString()).toBe(first);
    expect(Date.parse(first ?? '')).toBeGreaterThanOrEqual(before - 5000);
    // The call began an hour ago (a reload, a resume): the timer goes on from there.
    await sql`update call_starts set started_at = started_at - interval '1 hour' where lead_id = ${id}`.execute(t.db);
    const again = await startedAt(c.agent, c.name, '017-1500-0001');
    expect(Date.parse(again ?? '')).toBe(Date.parse(first ?? '') - 3_600_000);
    const starts = await startsOf(id);
    expect(starts).toHaveLength(1);
    expect(starts[0]?.startedAt.toISOString()).toBe(again);
    // An admin calling on /CRM starts a call of their own.
    expect(await startedAt(c.admin, c.name, '01715000001')).toBeDefined();
    expect(await startsOf(id)).toHaveLength(2);
  });

  it('starts a new call after 12 hours, or when the start belongs to another sign-in', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801715000002');
    await startedAt(c.agent, c.name, '01715000002');
    await sql`update call_starts set started_at = now() - interval '13 hours' where lead_id = ${id}`.execute(t.db);
    const fresh = await startedAt(c.agent, c.name, '01715000002');
    expect(Date.now() - Date.parse(fresh ?? '')).toBeLessThan(60_000);
    // 11 hours back and of another sign-in (session 999): also a new call.
    await sql`update call_starts set started_at = now() - interval '11 hours', session_id = 999 where lead_id = ${id}`.execute(
      t.db,
    );
    const other = await startedAt(c.agent, c.name, '01715000002');
    expect(Date.now() - Date.parse(other ?? '')).toBeLessThan(60_000);
    const signIn = await t.db
      .selectFrom('agentSessions')
      .select('id')
      .where('campaignId', '=', c.id)
      .executeTakeFirstOrThrow();
    expect((await startsOf(id))[0]?.sessionId).toBe(signIn.id);
    // 11 hours back, same sign-in: the same call.
    await sql`update call_starts set started_at = now() - interval '11 hours' where lead_id = ${id}`.execute(t.db);
    const same = await startedAt(c.agent, c.name, '01715000002');
    expect(Date.now() - Date.parse(same ?? '')).toBeGreaterThan(10 * 3_600_000);
  });

  it("keeps the dialer's call id given with the lookup, and refuses one longer than 40 characters", async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801715000003');
    await startedAt(c.agent, c.name, '01715000003');
    expect((await startsOf(id))[0]?.dialerCallId).toBeNull();
    await startedAt(c.agent, c.name, '01715000003', '&dialerCallId=778812');
    expect((await startsOf(id))[0]?.dialerCallId).toBe('778812');
    // A lookup without it (a reload by typed number) keeps it.
    await startedAt(c.agent, c.name, '01715000003');
    expect((await startsOf(id))[0]?.dialerCallId).toBe('778812');
    const long = await c.agent.get(`${lookupUrl(c.name, '01715000003')}&dialerCallId=${'9'.repeat(41)}`);
    expect(long.status).toBe(400);
    expect(long.json<{ message: string }>().message).toContain('dialerCallId is at most 40 characters');
  });

  it('records nothing for a QC inspector, a number not generated, or a lead refused as do-not-call', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801715000004');
    const qc = await t.callerFor('qc');
    const r = await qc.get(lookupUrl(c.name, '01715000004'));
    expect(r.status).toBe(200);
    expect(r.json<TLookedUpLead>()).not.toHaveProperty('callStartedAt');
    expect(await startsOf(id)).toEqual([]);
    await addLead(t, c.id, '+8801715000005', { generated: false });
    expect((await c.agent.get(lookupUrl(c.name, '01715000005'))).body).toEqual({ message: 'Lead is not generated' });
    const listed = await addLead(t, c.id, '+8801715000006');
    await t.db
      .insertInto('dncNumbers')
      .values({ campaignId: c.id, phoneNumber: '+8801715000006', addedBy: 'admin' })
      .execute();
    expect((await c.agent.get(lookupUrl(c.name, '01715000006'))).status).toBe(403);
    expect(await startsOf(listed)).toEqual([]);
    expect(
      await t.db
        .selectFrom('callStarts')
        .select('leadId')
        .where('leadId', 'in', [String(id), String(listed)])
        .execute(),
    ).toEqual([]);
  });

  it("writes the starts asked in one event-loop turn in one statement, and batches the lookups' starts", async () => {
    const c = await panelCampaign(t);
    const numbers = Array.from({ length: 20 }, (_, i) => `+88017150001${String(10 + i)}`);
    const ids = await Promise.all(numbers.map((n) => addLead(t, c.id, n)));
    const agentUser = await createUser(t.db, { role: 'agent' });
    const agent: TCaller = {
      sub: String(agentUser.id),
      userName: agentUser.username,
      name: agentUser.name,
      roles: [{ roleName: 'AGENT', roleDescription: 'Agent' }],
      agentId: agentUser.username,
      campaign: c.name,
      campaignId: c.id,
    };
    const query = vi.spyOn(poolOf(t.db), 'query');
    const startStatements = () =>
      query.mock.calls.filter(([q]) => (q as unknown as { name?: string }).name === 'agent-panel-call-starts');
    try {
      const direct = await Promise.all(
        ids.map((id) =>
          recordCallStart(t.db, { userId: agentUser.id, leadId: String(id), sessionId: null, dialerCallId: null }),
        ),
      );
      expect(direct.every((d) => d instanceof Date)).toBe(true);
      expect(startStatements()).toHaveLength(1);
      query.mockClear();
      // Through the lookup (each lookup's do-not-call check comes back in its own time, so its starts may take a few batches).
      const leads = await Promise.all(numbers.map((n) => findLeadByNumber(t.db, agent, c.name, n, 'BD', 'Asia/Dhaka')));
      expect(leads.map((l) => ('callStartedAt' in l ? l.callStartedAt : undefined))).toEqual(
        direct.map((d) => d?.toISOString()),
      );
      expect(startStatements().length).toBeLessThan(numbers.length / 2);
    } finally {
      query.mockRestore();
    }
    const stored = await t.db
      .selectFrom('callStarts')
      .select('leadId')
      .where('userId', '=', agentUser.id)
      .orderBy('leadId')
      .execute();
    expect(stored.map((s) => Number(s.leadId))).toEqual([...ids].sort((a, b) => a - b));
  });
});
