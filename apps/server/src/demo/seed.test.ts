import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { MORE_DEMO_CAMPAIGNS } from './campaigns.ts';
import { DEMO_CAMPAIGNS, DEMO_USERS, seedDemo } from './seed.ts';
import { allowDemoSeedTime } from '../test/demo-timeout.ts';

allowDemoSeedTime();

const t = useTestApp();

describe('demo data', () => {
  it('signs in every demo user, lists the demo campaigns, and loads twice without duplicating', async () => {
    const count = async (
      table:
        | 'users'
        | 'campaigns'
        | 'leads'
        | 'agents'
        | 'dataTables'
        | 'dialerSends'
        | 'dialerSendLeads'
        | 'callAttempts'
        | 'agentSessions'
        | 'clientCampaigns',
    ) =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    await seedDemo(t.db);
    const counts = async () => ({
      users: await count('users'),
      leads: await count('leads'),
      agents: await count('agents'),
      dataTables: await count('dataTables'),
      dialerSends: await count('dialerSends'),
      dialerSendLeads: await count('dialerSendLeads'),
      callAttempts: await count('callAttempts'),
      agentSessions: await count('agentSessions'),
      clientCampaigns: await count('clientCampaigns'),
    });
    const first = await counts();
    await seedDemo(t.db);
    expect(await counts()).toEqual(first);
    expect(first.leads).toBeGreaterThan(0);
    // One send to the dialer, of many leads (demo/dialer-sends.test.ts checks its counts).
    expect(first.dialerSends).toBe(1);
    expect(first.dialerSendLeads).toBeGreaterThan(100);
    // The reports' week (demo/reports.test.ts checks it): six agents, seven days, dozens of calls each a day.
    expect(first.callAttempts).toBeGreaterThan(6 * 7 * 30);
    expect(first.agentSessions).toBeGreaterThanOrEqual(6 * 7);
    // One client account, of Spring Survey.
    expect(first.clientCampaigns).toBe(1);
    const campaigns = await t.anonymous.get('/cc/campaigns');
    expect(
      campaigns
        .json<{ campaignName: string }[]>()
        .map((c) => c.campaignName)
        .sort(),
    ).toEqual([...DEMO_CAMPAIGNS, ...MORE_DEMO_CAMPAIGNS].map((c) => c.campaignName).sort());
    for (const u of DEMO_USERS) {
      const r =
        u.role === 'agent'
          ? await t.anonymous.post('/api/auth/signInAgent', {
              username: u.username,
              password: u.password,
              shift: 'Morning',
              campaign: DEMO_CAMPAIGNS[0].campaignName,
            })
          : await t.anonymous.post('/api/auth/signInSuperAdmin', { username: u.username, password: u.password });
      expect(r.status, u.username).toBe(200);
    }
  });
});
