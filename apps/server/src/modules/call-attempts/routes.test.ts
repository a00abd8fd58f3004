// A lead's call attempts (docs/guide/call-loop.md "Call attempts"): admins and QC inspectors read every call of a lead,
// newest first, with who made it, how long it took and how it ended.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TCallAttempts } from '@crm/shared';
import { createUser, useTestApp } from '../../test/harness.ts';
import { addLead, lookUp, lookupUrl, panelCampaign, saveUrl } from '../../test/crm-support.ts';

const t = useTestApp();

describe('GET /api/leads/{id}/attempts', () => {
  it('answers 401 without a session and 403 to agents, even of the lead’s campaign', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801717000001');
    expect((await t.anonymous.get(`/api/leads/${id}/attempts`)).status).toBe(401);
    expect((await c.agent.get(`/api/leads/${id}/attempts`)).status).toBe(403);
  });

  it('lists every call of the lead, newest first: agent and name, start, end, handle seconds, disposition, dialer call id', async () => {
    const c = await panelCampaign(t);
    const first = await createUser(t.db, { role: 'agent', username: 'AG-8201', name: 'Rina Akter' });
    const second = await createUser(t.db, { role: 'agent', username: 'AG-8202', name: 'Kamal Hossain' });
    const id = await addLead(t, c.id, '+8801717000002');
    const a = await t.as(first, { campaign: c.name });
    const b = await t.as(second, { campaign: c.name });
    // A's call, popped by the dialer, 40 s long, ended as a callback.
    expect((await a.get(`${lookupUrl(c.name, '01717000002')}&dialerCallId=90011`)).status).toBe(200);
    await sql`update call_starts set started_at = started_at - interval '40 seconds' where lead_id = ${id}`.execute(
      t.db,
    );
    expect((await a.put(saveUrl(c.name, '01717000002', id), { Q1: 'Partial Call', is_called: 0 })).status).toBe(200);
    // B's call, typed, completed.
    await lookUp(b, c.name, '01717000002');
    expect((await b.put(saveUrl(c.name, '01717000002', id), { Q1: 'Yes', is_called: 1 })).status).toBe(200);

    const qc = await t.callerFor('qc');
    for (const reader of [c.admin, qc]) {
      const r = await reader.get(`/api/leads/${id}/attempts`);
      expect(r.status, r.text).toBe(200);
      const attempts = r.json<TCallAttempts>();
      // dialerStatus: what VICIdial answered the disposition of a dialer's call (screen-pop/report.ts); none for a typed one.
      expect(
        attempts.map(({ id: _, startedAt: _s, endedAt: _e, handleSeconds: _h, dialerStatus: _d, ...rest }) => rest),
      ).toEqual([
        {
          agentId: 'AG-8202',
          agentName: 'Kamal Hossain',
          disposition: 'COMPLETE',
          dispositionName: 'Completed',
          dispositionKind: 'completed',
          completed: true,
          dialerCallId: null,
        },
        {
          agentId: 'AG-8201',
          agentName: 'Rina Akter',
          disposition: 'CALLBACK',
          dispositionName: 'Partial / call back',
          dispositionKind: 'callback',
          completed: false,
          dialerCallId: '90011',
        },
      ]);
      expect(attempts[0]?.dialerStatus).toBeNull();
      const [newest, oldest] = attempts;
      expect(newest?.id).toBeGreaterThan(oldest?.id ?? Infinity);
      expect(oldest?.handleSeconds).toBeGreaterThanOrEqual(40);
      expect(oldest?.handleSeconds).toBeLessThan(70);
      for (const attempt of attempts) {
        expect(new Date(attempt.startedAt).toISOString()).toBe(attempt.startedAt);
        expect(Date.parse(attempt.endedAt) - Date.parse(attempt.startedAt)).toBeGreaterThanOrEqual(
          attempt.handleSeconds * 1000,
        );
      }
    }
  });

  it('answers an empty list for a lead never called, 404 for no such lead and 400 for an id that is not one', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801717000003');
    expect((await c.admin.get(`/api/leads/${id}/attempts`)).body).toEqual([]);
    const missing = await c.admin.get('/api/leads/987654321/attempts');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Lead 987654321 does not exist' });
    expect((await c.admin.get('/api/leads/abc/attempts')).status).toBe(400);
  });
});
