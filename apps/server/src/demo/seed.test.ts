import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { DEMO_CAMPAIGNS, DEMO_USERS, seedDemo } from './seed.ts';

const t = useTestApp();

describe('demo data', () => {
  it('signs in every demo user, lists the demo campaigns, and loads twice without duplicating', async () => {
    await seedDemo(t.db);
    await seedDemo(t.db);
    const campaigns = await t.anonymous.get('/cc/campaigns');
    expect(campaigns.json<{ campaignName: string }[]>().map((c) => c.campaignName).sort()).toEqual(DEMO_CAMPAIGNS.map((c) => c.campaignName).sort());
    for (const u of DEMO_USERS) {
      const r = u.role === 'agent'
        ? await t.anonymous.post('/api/auth/signInAgent', { username: u.username, password: u.password, shift: 'Morning', campaign: DEMO_CAMPAIGNS[0].campaignName })
        : await t.anonymous.post('/api/auth/signInSuperAdmin', { username: u.username, password: u.password });
      expect(r.status, u.username).toBe(200);
    }
    expect(Number((await t.db.selectFrom('users').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(DEMO_USERS.length);
  });
});
