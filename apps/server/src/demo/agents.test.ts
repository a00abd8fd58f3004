import { describe, expect, it } from 'vitest';
import type { TAgent, TPaged, TUser } from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { DEMO_AGENT_PASSWORD, DEMO_AGENTS, DEMO_QC_INSPECTORS, seedAgents } from './agents.ts';
import { DEMO_CAMPAIGNS, seedDemo } from './seed.ts';
import { allowDemoSeedTime } from '../test/demo-timeout.ts';

allowDemoSeedTime();

const t = useTestApp();

describe('demo agents', () => {
  it('gives the demo agent AG-1001 a profile, adds agents of both types and a QC inspector, and loads twice without duplicating', async () => {
    await seedDemo(t.db);
    await seedAgents(t.db);
    const count = async () => (await t.db.selectFrom('users').select('id').execute()).length;
    const users = await count();
    await seedAgents(t.db);
    expect(await count()).toBe(users);

    const api = await t.callerFor('admin');
    const agents = (await api.get('/api/ac/getAgentList')).json<TAgent[]>();
    expect(agents.map((a) => a.agentId).sort()).toEqual(DEMO_AGENTS.map((a) => a.agentId).sort());
    expect(new Set(agents.map((a) => a.type))).toEqual(new Set(['Physical', 'Virtual']));
    expect(agents.find((a) => a.agentId === 'AG-1001')).toMatchObject({
      name: 'Karim Hossain',
      homeDistrict: 'Cumilla',
      status: true,
    });

    const signIn = await t.anonymous.post('/api/auth/signInAgent', {
      username: 'AG-1001',
      password: DEMO_AGENT_PASSWORD,
      shift: 'Morning',
      campaign: DEMO_CAMPAIGNS[0].campaignName,
    });
    expect(signIn.status).toBe(200);
    for (const qc of DEMO_QC_INSPECTORS) {
      expect(
        (await t.anonymous.post('/api/auth/signInSuperAdmin', { username: qc.username, password: qc.password })).status,
      ).toBe(200);
    }
    const qcs = (await api.get('/api/users?size=100'))
      .json<TPaged<TUser>>()
      .response.content.filter((u) => u.role === 'QC');
    expect(qcs.length).toBeGreaterThanOrEqual(2);
  });
});
