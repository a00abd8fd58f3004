import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { MESSAGES } from '@crm/shared';
import { buildApp } from '../app.ts';
import { readFileSync } from 'node:fs';
import {
  caller,
  createCampaign,
  createUser,
  openTestDatabase,
  sessionTokenFor,
  testConfig,
  useTestApp,
} from '../test/harness.ts';

const t = useTestApp();

/** Routes anyone may call without signing in: nothing else may be public. */
const PUBLIC_ROUTES = new Set([
  'GET /healthz',
  'HEAD /healthz',
  'POST /api/auth/signInSuperAdmin',
  'POST /api/auth/signInAgent',
  'GET /cc/campaigns',
  'HEAD /cc/campaigns',
  // The second step of an admin's sign-in: the mfaToken of the first step is the credential (modules/mfa/routes.ts).
  'POST /api/auth/mfa',
  'POST /api/auth/mfa/skip',
  // The API's description and its interactive reference (http/openapi.ts).
  'GET /api/openapi.json',
  'HEAD /api/openapi.json',
  'GET /api/docs',
  'HEAD /api/docs',
  'GET /api/docs/:file',
  'HEAD /api/docs/:file',
]);

const sample = (url: string) => url.replace(/:[^/]+/g, '1');

describe('the role guard', () => {
  it('has a declaration on every registered route, and only the known routes are public', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(0);
    for (const route of t.app.routeTable) {
      const key = `${route.method} ${route.url}`;
      if (route.public) expect(PUBLIC_ROUTES, `${key} is public`).toContain(key);
      else expect(route.roles.length, `${key} declares no roles`).toBeGreaterThan(0);
    }
  });

  it('answers 401 with a JSON message to an anonymous call of every non-public route', async () => {
    const guarded = t.app.routeTable.filter((r) => !r.public && r.method !== 'HEAD');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const r = await t.anonymous.request(
        route.method as 'GET',
        sample(route.url),
        route.method === 'GET' ? undefined : {},
      );
      expect(r.status, `${route.method} ${route.url}`).toBe(401);
      expect(r.body).toEqual({ message: MESSAGES.auth.signInRequired });
    }
  });

  it('refuses expired, tampered and foreign tokens with 401', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const good = await t.app.tokens.sign({
      sub: String(admin.id),
      userName: admin.username,
      name: admin.name,
      roles: [{ roleName: 'ADMIN', roleDescription: 'x' }],
    });
    const [h, p, s] = good.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), roles: [{ roleName: 'ADMIN', roleDescription: 'x' }], sub: '999' })).toString('base64url')}.${s}`;
    const foreign = await new SignJWT({
      userName: 'x',
      name: 'x',
      roles: [{ roleName: 'ADMIN', roleDescription: 'x' }],
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(admin.id))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-some-other-secret!!'));
    const expired = await new SignJWT({
      userName: admin.username,
      name: 'x',
      roles: [{ roleName: 'ADMIN', roleDescription: 'x' }],
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(admin.id))
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(
        new TextEncoder().encode(
          (await import('node:fs')).readFileSync(`${t.config.dataDir}/jwt-secret`, 'utf8').trim(),
        ),
      );

    expect((await caller(t.app, good).get('/api/auth/me')).status).toBe(200);
    for (const token of [tampered, foreign, 'not-a-jwt'])
      expect((await caller(t.app, token).get('/api/auth/me')).status).toBe(401);
    const late = await caller(t.app, expired).get('/api/auth/me');
    expect(late.status).toBe(401);
    expect(late.body).toEqual({ message: MESSAGES.auth.sessionExpired });
  });

  it('shuts a disabled account out at once, even with a valid token', async () => {
    const qc = await createUser(t.db, { role: 'qc' });
    const api = await t.as(qc);
    expect((await api.get('/api/auth/me')).status).toBe(200);
    await t.db.updateTable('users').set({ active: false }).where('id', '=', qc.id).execute();
    expect((await api.get('/api/auth/me')).status).toBe(401);
  });

  it('answers 403 to a role the route does not allow, and denies a route that declares no roles', async () => {
    const { database, drop } = await openTestDatabase();
    const app = await buildApp(await testConfig(), { database });
    app.get('/test/admin-only', { config: { roles: ['ADMIN'] } }, async () => ({ ok: true }));
    app.get('/test/undeclared', async () => ({ ok: true }));
    await app.ready();
    try {
      const token = async (role: 'admin' | 'qc' | 'agent') =>
        caller(app, await sessionTokenFor(app, await createUser(app.db, { role })));
      const admin = await token('admin');
      expect((await admin.get('/test/admin-only')).body).toEqual({ ok: true });
      for (const role of ['qc', 'agent'] as const) {
        const r = await (await token(role)).get('/test/admin-only');
        expect(r.status).toBe(403);
        expect(r.body).toEqual({ message: MESSAGES.auth.forbidden });
      }
      expect((await admin.get('/test/undeclared')).status).toBe(403);
      expect((await caller(app).get('/test/undeclared')).status).toBe(401);
      expect(app.routeTable.find((r) => r.url === '/test/undeclared')?.roles).toEqual([]);
    } finally {
      await app.close();
      await drop();
    }
  });

  it('accepts a media token in ?token= only on media routes, and never a session token in a URL', async () => {
    const { database, drop } = await openTestDatabase();
    const app = await buildApp(await testConfig(), { database });
    app.get('/test/media', { config: { roles: ['AGENT', 'QC'], queryToken: true } }, async (req) => ({
      user: req.user?.userName,
    }));
    await app.ready();
    try {
      const qc = await createUser(app.db, { role: 'qc' });
      const session = await app.tokens.sign({
        sub: String(qc.id),
        userName: qc.username,
        name: qc.name,
        roles: [{ roleName: 'QC', roleDescription: '' }],
      });
      const minted = await caller(app, session).get('/api/auth/media-token');
      expect(minted.status).toBe(200);
      const { token, expiresAt } = minted.json<{ token: string; expiresAt: string }>();
      expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(300_000);

      expect((await caller(app).get(`/test/media?token=${token}`)).body).toEqual({ user: qc.username });
      expect((await caller(app).get(`/test/media?token=${session}`)).status).toBe(401);
      expect((await caller(app, token).get('/test/media')).status).toBe(401);
      expect((await caller(app, token).get('/api/auth/me')).status).toBe(401);
      expect((await caller(app).get(`/api/auth/me?token=${token}`)).status).toBe(401);
    } finally {
      await app.close();
      await drop();
    }
  });
});

describe('the claims and the header a token must have (issue 33)', () => {
  const secret = () => new TextEncoder().encode(readFileSync(`${t.config.dataDir}/jwt-secret`, 'utf8').trim());

  it('refuses a token without an expiry, even signed with the real key', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const forever = await new SignJWT({
      userName: admin.username,
      name: admin.name,
      roles: [{ roleName: 'ADMIN', roleDescription: 'x' }],
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(admin.id))
      .setIssuedAt()
      .sign(secret());
    const r = await caller(t.app, forever).get('/api/auth/me');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: MESSAGES.auth.signInRequired });
  });

  it("refuses an agent's token without a sign-in record (sid), even signed with the real key and unexpired", async () => {
    const agent = await createUser(t.db, { role: 'agent' });
    const campaign = await createCampaign(t.db);
    const claims = {
      userName: agent.username,
      name: agent.name,
      roles: [{ roleName: 'AGENT', roleDescription: 'x' }],
      agentId: agent.username,
      shift: 'Morning',
      campaign: campaign.campaignName,
    };
    const noSid = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(agent.id))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret());
    expect((await caller(t.app, noSid).get('/api/auth/me')).status).toBe(401);
    expect(
      (await caller(t.app, noSid).get(`/api/dispositions?campaignName=${encodeURIComponent(campaign.campaignName)}`))
        .status,
    ).toBe(401);
    // The same agent signed in as sign-in makes it (with its record) is let in.
    expect((await (await t.as(agent, { campaign: campaign.campaignName })).get('/api/auth/me')).status).toBe(200);
  });

  it('takes exactly "Bearer <token>": anything after the token, a second space or another scheme is refused', async () => {
    const token = await sessionTokenFor(t.app, await createUser(t.db, { role: 'admin' }));
    const me = (authorization: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
    expect((await me(`bearer ${token}`)).statusCode).toBe(200);
    for (const header of [
      `Bearer ${token} extra`,
      `Bearer ${token} ${token}`,
      `Bearer  ${token}`,
      `Bearer ${token},x`,
      `Basic ${token}`,
      `${token}`,
      'Bearer ',
      'Bearer',
    ]) {
      const r = await me(header);
      expect(r.statusCode, header.slice(0, 12)).toBe(401);
    }
  });
});
