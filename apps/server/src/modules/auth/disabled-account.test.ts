// A disabled account with the right password is answered as a wrong password (issue 33): the same 401 and words, and
// counted by the sign-in limits, so the reply never confirms a password and cannot be tried without limit.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@crm/shared';
import { createCampaign, createUser, useTestApp } from '../../test/harness.ts';

const t = useTestApp({ loginRateLimit: 3 });

describe('a disabled account signing in', () => {
  it('answers 401 with the wrong-credentials words, counted like a wrong password until 429', async () => {
    const qc = await createUser(t.db, { role: 'qc', active: false });
    const attempt = () =>
      t.anonymous.post('/api/auth/signInSuperAdmin', { username: qc.username, password: qc.password });
    for (let i = 0; i < 3; i += 1) {
      const r = await attempt();
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: MESSAGES.login.wrongCredentials });
    }
    expect((await attempt()).status).toBe(429);
  });

  it('answers a disabled agent the same way', async () => {
    const campaign = await createCampaign(t.db);
    const agent = await createUser(t.db, { role: 'agent', active: false });
    const r = await t.anonymous.post('/api/auth/signInAgent', {
      username: agent.username,
      password: agent.password,
      shift: 'Morning',
      campaign: campaign.campaignName,
    });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: MESSAGES.login.wrongCredentials });
  });
});
