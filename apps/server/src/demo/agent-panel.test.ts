import { describe, expect, it } from 'vitest';
import { LEAD_NOT_GENERATED, PARTIAL_CALL_ANSWER, type TAgentsOnline, type TLead } from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { findNumbersToTry } from './agent-panel.ts';
import { DEMO_CAMPAIGNS, seedDemo } from './seed.ts';

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
      const lead = (await agent.get(`/api/ap/getByNumber?tableName=${encodeURIComponent(campaign)}&cellNumber=${n}`)).json<TLead>();
      expect(lead.message).not.toBe(LEAD_NOT_GENERATED);
      expect(lead.is_called).toBe(0);
    }
    const partial = (await agent.get(`/api/ap/getByNumber?tableName=${encodeURIComponent(campaign)}&cellNumber=${numbers.partial ?? ''}`)).json<TLead>();
    expect(Object.values(partial)).toContain(PARTIAL_CALL_ANSWER);

    const admin = await t.callerFor('admin');
    const online = (await admin.get('/api/agentSessions/online')).json<TAgentsOnline>();
    expect(online.shifts.map((s) => s.agents.map((a) => a.agentId))).toEqual([['AG-1001'], ['AG-1003']]);
    const today = (await admin.get('/api/agentSessions')).json<{ agentId: string; endedBy: string | null }[]>();
    // Loaded twice, listed once.
    expect(today.map((s) => [s.agentId, s.endedBy]).sort()).toEqual([['AG-1001', null], ['AG-1002', 'sign-out'], ['AG-1003', null], ['AG-1004', 'expiry']]);
  });
});
