import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { MESSAGES, SIGN_IN_LIMIT_CODES, ZSignInResponse, ZTokenPayload, signInLimitMessage } from '@crm/shared';
import { caller, createCampaign, createUser, useTestApp } from '../../test/harness.ts';

// The token tells the web app the call centre's time zone (TIME_ZONE), set here apart from the machine's.
const t = useTestApp({ timeZone: 'Asia/Dhaka' });

function payloadOf(body: unknown) {
  return ZTokenPayload.parse(decodeJwt(ZSignInResponse.parse(body).jwtToken));
}

describe('POST /api/auth/signInSuperAdmin', () => {
  it('signs an administrator in with a token naming the user, the ADMIN role and the time zone', async () => {
    const admin = await createUser(t.db, { role: 'admin', username: 'boss', name: 'The Boss' });
    const r = await t.anonymous.post('/api/auth/signInSuperAdmin', { username: 'boss', password: admin.password });
    expect(r.status).toBe(200);
    const payload = payloadOf(r.body);
    expect(payload).toMatchObject({
      userName: 'boss',
      name: 'The Boss',
      roles: [{ roleName: 'ADMIN' }],
      timeZone: 'Asia/Dhaka',
    });
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
    expect(r.text).not.toMatch(/argon2|scrypt|passwordHash|password_hash/);
  });

  it('signs a QC inspector in with the QC role, whatever the case of the username', async () => {
    const qc = await createUser(t.db, { role: 'qc', username: 'Inspector7' });
    const r = await t.anonymous.post('/api/auth/signInSuperAdmin', { username: 'inspector7', password: qc.password });
    expect(r.status).toBe(200);
    expect(payloadOf(r.body).roles).toEqual([{ roleName: 'QC', roleDescription: 'QC inspector' }]);
  });

  it('refuses a wrong password, an unknown user and an agent with the wrong-credentials message', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const agent = await createUser(t.db, { role: 'agent' });
    for (const body of [
      { username: admin.username, password: 'not the password' },
      { username: 'nobody-here', password: 'whatever1' },
      { username: agent.username, password: agent.password },
    ]) {
      const r = await t.anonymous.post('/api/auth/signInSuperAdmin', body);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: MESSAGES.login.wrongCredentials });
    }
  });

  it('refuses a disabled account with the right password as a wrong password: 401, the same words', async () => {
    const qc = await createUser(t.db, { role: 'qc', active: false });
    const r = await t.anonymous.post('/api/auth/signInSuperAdmin', { username: qc.username, password: qc.password });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: MESSAGES.login.wrongCredentials });
  });

  it('names the missing field in a 400', async () => {
    const r = await t.anonymous.post('/api/auth/signInSuperAdmin', { username: 'admin' });
    expect(r.status).toBe(400);
    expect(r.json<{ message: string }>().message).toMatch(/body\.password/);
  });
});

describe('POST /api/auth/signInAgent', () => {
  it('signs an agent in with shift and campaign carried in the token', async () => {
    await createCampaign(t.db, { campaignName: 'Summer Survey' });
    const agent = await createUser(t.db, { role: 'agent', username: 'AG-101', name: 'Rahim' });
    const r = await t.anonymous.post('/api/auth/signInAgent', {
      username: 'AG-101',
      password: agent.password,
      shift: 'Evening',
      campaign: 'summer survey',
    });
    expect(r.status).toBe(200);
    expect(payloadOf(r.body)).toMatchObject({
      userName: 'AG-101',
      name: 'Rahim',
      agentId: 'AG-101',
      shift: 'Evening',
      campaign: 'Summer Survey',
      roles: [{ roleName: 'AGENT' }],
      timeZone: 'Asia/Dhaka',
    });
  });

  it('writes no sign-in record when the token cannot be made (no phantom agent online)', async () => {
    const agent = await createUser(t.db, { role: 'agent', username: 'AG-PHANTOM' });
    await createCampaign(t.db, { campaignName: 'Phantom survey' });
    const sign = t.app.tokens.sign;
    // A signing key that fails, as an empty secret file once made every sign-in fail.
    t.app.tokens.sign = async () => {
      throw new Error('Zero-length key is not supported');
    };
    try {
      const r = await t.anonymous.post('/api/auth/signInAgent', {
        username: agent.username,
        password: agent.password,
        shift: 'Morning',
        campaign: 'Phantom survey',
      });
      expect(r.status).toBe(500);
    } finally {
      t.app.tokens.sign = sign;
    }
    expect(await t.db.selectFrom('agentSessions').selectAll().where('userId', '=', agent.id).execute()).toEqual([]);
    const online = await (await t.callerFor('admin')).get('/api/agentSessions/online');
    expect(JSON.stringify(online.body)).not.toContain('AG-PHANTOM');
  });

  it('refuses an unknown or inactive campaign', async () => {
    await createCampaign(t.db, { campaignName: 'Closed One', status: false });
    const agent = await createUser(t.db, { role: 'agent' });
    for (const campaign of ['Closed One', 'No Such Campaign']) {
      const r = await t.anonymous.post('/api/auth/signInAgent', {
        username: agent.username,
        password: agent.password,
        shift: 'Morning',
        campaign,
      });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ message: MESSAGES.login.campaignUnavailable });
    }
  });

  it('refuses administrators, wrong passwords and disabled agents', async () => {
    const campaign = await createCampaign(t.db);
    const admin = await createUser(t.db, { role: 'admin' });
    const agent = await createUser(t.db, { role: 'agent' });
    const disabled = await createUser(t.db, { role: 'agent', active: false });
    const base = { shift: 'Morning', campaign: campaign.campaignName };
    expect(
      (await t.anonymous.post('/api/auth/signInAgent', { ...base, username: admin.username, password: admin.password }))
        .status,
    ).toBe(401);
    expect(
      (
        await t.anonymous.post('/api/auth/signInAgent', {
          ...base,
          username: agent.username,
          password: 'wrong-password',
        })
      ).status,
    ).toBe(401);
    const refused = await t.anonymous.post('/api/auth/signInAgent', {
      ...base,
      username: disabled.username,
      password: disabled.password,
    });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: MESSAGES.login.wrongCredentials });
  });

  it('requires a shift of Morning or Evening', async () => {
    const r = await t.anonymous.post('/api/auth/signInAgent', {
      username: 'a',
      password: 'b',
      shift: 'Night',
      campaign: 'X',
    });
    expect(r.status).toBe(400);
    expect(r.json<{ message: string }>().message).toMatch(/body\.shift: shift must be Morning or Evening/);
  });
});

describe('sign-in limits', () => {
  const limited = useTestApp({ loginRateLimit: 3, loginRateLimitPerIp: 30 });
  /** A sign-in as if from `remoteAddress`, with extra headers (app.inject's peer is 127.0.0.1 otherwise). */
  const attempt = (
    body: { username: string; password: string },
    remoteAddress: string,
    headers: Record<string, string> = {},
  ) => limited.app.inject({ method: 'POST', url: '/api/auth/signInSuperAdmin', payload: body, remoteAddress, headers });

  it('answers 429 after too many attempts for one username, while another username still gets through', async () => {
    const admin = await createUser(limited.db, { role: 'admin' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await limited.anonymous.post('/api/auth/signInSuperAdmin', { username: 'target', password: 'guess' + i }))
          .status,
      );
    expect(statuses).toEqual([401, 401, 401, 429]);
    const blocked = await limited.anonymous.post('/api/auth/signInSuperAdmin', {
      username: 'target',
      password: 'guess',
    });
    expect(blocked.body).toEqual({
      code: SIGN_IN_LIMIT_CODES.minute,
      message: signInLimitMessage(SIGN_IN_LIMIT_CODES.minute, Number(blocked.headers['retry-after'])),
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const other = await caller(limited.app).post('/api/auth/signInSuperAdmin', {
      username: admin.username,
      password: admin.password,
    });
    expect(other.status).toBe(200);
  });

  it('counts one username across every address: rotating X-Forwarded-For or the address itself gains nothing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (
          await attempt({ username: 'Rotated', password: 'guess' + i }, '10.1.0.1', {
            'x-forwarded-for': `198.51.100.${i + 1}`,
          })
        ).statusCode,
      );
    expect(statuses).toEqual([401, 401, 401, 429]);
    const elsewhere = await attempt({ username: 'rotated', password: 'guess' }, '10.1.0.2', {
      'x-forwarded-for': '198.51.100.99',
    });
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.json()).toMatchObject({
      code: SIGN_IN_LIMIT_CODES.minute,
      message: expect.stringMatching(/^Too many sign-in attempts\. Wait (\d+ seconds|1 minute) and try again\.$/),
    });
  });

  it('counts one address across every username: spraying one password over many agent IDs stops at LOGIN_RATE_LIMIT_PER_IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push((await attempt({ username: `AG-SPRAY-${i}`, password: 'Password1' }, '10.2.0.1')).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual([429, 429]);
    // Another address is not held back.
    expect((await attempt({ username: 'AG-SPRAY-99', password: 'Password1' }, '10.2.0.2')).statusCode).toBe(401);
  });

  it('does not count sign-ins that succeed: a whole shift behind one NAT address signs in', async () => {
    const campaign = await createCampaign(limited.db);
    const agents = await Promise.all(Array.from({ length: 40 }, () => createUser(limited.db, { role: 'agent' })));
    for (const agent of agents) {
      const r = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/signInAgent',
        remoteAddress: '10.3.0.1',
        payload: {
          username: agent.username,
          password: agent.password,
          shift: 'Morning',
          campaign: campaign.campaignName,
        },
      });
      expect(r.statusCode).toBe(200);
    }
    // Their typing mistakes do count, up to the address's allowance.
    expect((await attempt({ username: agents[0]!.username, password: 'typo' }, '10.3.0.1')).statusCode).toBe(401);
  });
});

describe('sign-in limits behind a trusted proxy', () => {
  const proxied = useTestApp({ loginRateLimit: 1000, loginRateLimitPerIp: 2, trustProxy: { addresses: ['10.9.9.9'] } });
  const attempt = (username: string, remoteAddress: string, forwardedFor: string) =>
    proxied.app.inject({
      method: 'POST',
      url: '/api/auth/signInSuperAdmin',
      payload: { username, password: 'guess-guess' },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts the clients behind the proxy separately, by the address the proxy forwards', async () => {
    const first = [];
    for (let i = 0; i < 3; i++) first.push((await attempt(`user-a${i}`, '10.9.9.9', '203.0.113.1')).statusCode);
    expect(first).toEqual([401, 401, 429]);
    expect((await attempt('user-b', '10.9.9.9', '203.0.113.2')).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For from a peer that is not the proxy', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await attempt(`user-c${i}`, '10.7.7.7', `203.0.113.${10 + i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
  });
});

describe('GET /api/auth/me', () => {
  it('returns the session of the token, and 401 without one', async () => {
    const campaign = await createCampaign(t.db);
    const agent = await createUser(t.db, { role: 'agent', name: 'Karim' });
    const me = await (await t.as(agent, { shift: 'Evening', campaign: campaign.campaignName })).get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      name: 'Karim',
      agentId: agent.username,
      shift: 'Evening',
      campaign: campaign.campaignName,
    });
    expect((await t.anonymous.get('/api/auth/me')).status).toBe(401);
  });
});
