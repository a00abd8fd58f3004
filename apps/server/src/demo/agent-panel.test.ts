import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LEAD_NOT_GENERATED, PARTIAL_CALL_ANSWER, type TAgentsOnline, type TLead, type TMyCalls } from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { findNumbersToTry } from './crm.ts';
import { DEMO_CAMPAIGNS, seedDemo } from './seed.ts';
import { allowDemoSeedTime } from '../test/demo-timeout.ts';

allowDemoSeedTime();

const t = useTestApp();

describe('demo data of the agent panel', () => {
  it('gives numbers an agent can call at once, one partial call to resume, and signed-in agents on both shifts', async () => {
    await seedDemo(t.db);
    await seedDemo(t.db);
    const campaign = DEMO_CAMPAIGNS[0].campaignName;
    const numbers = await findNumbersToTry(t.db, campaign);
    expect(numbers.fresh).toHaveLength(3);
    const agent = await t.callerFor('agent', { campaign });
    for (const n of numbers.fresh) {
      const lead = (
        await agent.get(`/api/ap/getByNumber?tableName=${encodeURIComponent(campaign)}&cellNumber=${n}`)
      ).json<TLead>();
      expect(lead.message).not.toBe(LEAD_NOT_GENERATED);
      expect(lead.is_called).toBe(0);
    }
    const partial = (
      await agent.get(
        `/api/ap/getByNumber?tableName=${encodeURIComponent(campaign)}&cellNumber=${numbers.partial ?? ''}`,
      )
    ).json<TLead>();
    expect(Object.values(partial)).toContain(PARTIAL_CALL_ANSWER);

    const admin = await t.callerFor('admin');
    const online = (await admin.get('/api/agentSessions/online')).json<TAgentsOnline>();
    // The demo's agents (the test's own agent, signed in by the harness, is online too).
    const demo = (agentId: string) => agentId.startsWith('AG-');
    expect(online.shifts.map((s) => s.agents.map((a) => a.agentId).filter(demo))).toEqual([['AG-1001'], ['AG-1003']]);
    const today = (await admin.get('/api/agentSessions')).json<{ agentId: string; endedBy: string | null }[]>();
    // Loaded twice, listed once.
    expect(
      today
        .filter((s) => demo(s.agentId))
        .map((s) => [s.agentId, s.endedBy])
        .sort(),
    ).toEqual([
      ['AG-1001', null],
      ['AG-1002', 'sign-out'],
      ['AG-1003', null],
      ['AG-1004', 'expiry'],
    ]);
  });

  it("shows AG-1001's calls of today on the CRM's idle screen: a call left at Q4 to resume, a partial call, calls saved", async () => {
    await seedDemo(t.db);
    await seedDemo(t.db);
    const campaign = DEMO_CAMPAIGNS[0].campaignName;
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'username', 'name'])
      .where('username', '=', 'AG-1001')
      .executeTakeFirstOrThrow();
    const agent = await t.as({ ...user, password: '', role: 'agent' }, { campaign });
    const calls = (await agent.get(`/api/ap/myCalls?tableName=${encodeURIComponent(campaign)}`)).json<TMyCalls>();
    // Loaded twice, made once.
    expect(calls.drafts.map((d) => [d.currentQno, d.path, d.answers])).toEqual([
      ['Q4', ['Q1', 'Q2', 'Q3', 'Q4'], { Q2: 'Yes', Q3: 'Yes' }],
    ]);
    expect(calls.partialCalls.map((p) => p.stoppedAt)).toEqual(['Q4']);
    expect(calls.recentCalls.slice(0, 3).map((r) => [r.isCalled, r.stoppedAt])).toEqual([
      [0, 'Q4'],
      [0, null],
      [1, null],
    ]);
    // The numbers the demo prints to call are left alone.
    const numbers = await findNumbersToTry(t.db, campaign);
    expect(numbers.fresh).toHaveLength(3);
    const listed = [...calls.drafts, ...calls.recentCalls].map((c) => c.cellNumber.replace(/^\+880/, '0'));
    expect(numbers.fresh.filter((n) => listed.includes(n))).toEqual([]);

    // The next day's load: yesterday's calls stay as they were, today's are saved through the survey's save.
    await sql`update lead_answer_history set saved_at = saved_at - interval '1 day' where user_id = ${user.id}`.execute(
      t.db,
    );
    await sql`update call_drafts set updated_at = updated_at - interval '1 day' where user_id = ${user.id}`.execute(
      t.db,
    );
    await seedDemo(t.db);
    const nextDay = (await agent.get(`/api/ap/myCalls?tableName=${encodeURIComponent(campaign)}`)).json<TMyCalls>();
    expect(nextDay.drafts.map((d) => d.currentQno)).toEqual(['Q4']);
    expect(nextDay.drafts[0]?.leadId).not.toBe(calls.drafts[0]?.leadId);
    expect(nextDay.partialCalls.map((p) => p.stoppedAt)).toEqual(['Q4']);
    expect(nextDay.recentCalls.slice(0, 3).map((r) => [r.isCalled, r.stoppedAt])).toEqual([
      [0, 'Q4'],
      [0, null],
      [1, null],
    ]);
  });
});
