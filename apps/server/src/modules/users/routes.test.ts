import { describe, expect, it } from 'vitest';
import { MESSAGES, ZUser, type TPaged, type TUser } from '@crm/shared';
import { caller, createUser, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();

let n = 0;
function body(overrides: Record<string, unknown> = {}) {
  n += 1;
  return { username: `qc.inspector${n}`, name: `Inspector ${n}`, password: 'qc-password-1', role: 'QC', ...overrides };
}

async function addQc(api: Caller, overrides: Record<string, unknown> = {}): Promise<TUser> {
  const r = await api.post('/api/users', body(overrides));
  expect(r.status, r.text).toBe(200);
  return r.json<TUser>();
}

const signIn = (username: string, password: string) =>
  t.anonymous.post('/api/auth/signInSuperAdmin', { username, password });

function expectNoSecrets(text: string) {
  expect(text).not.toMatch(/\$argon2|scrypt\$|passwordHash|password_hash|"password":|qc-password-1/);
}

const ROUTES: [method: 'GET' | 'POST' | 'PUT', url: string][] = [
  ['POST', '/api/users'],
  ['GET', '/api/users?page=0&size=10'],
  ['GET', '/api/users/pagination/0/10'],
  ['PUT', '/api/users/1'],
];

describe('user routes: who may call them', () => {
  it('answers 401 to anonymous callers and 403 to agents and QC inspectors', async () => {
    const agent = await t.callerFor('agent');
    const qc = await t.callerFor('qc');
    for (const [method, url] of ROUTES) {
      const payload = method === 'GET' ? undefined : body();
      expect((await t.anonymous.request(method, url, payload)).status, `${method} ${url}`).toBe(401);
      for (const api of [agent, qc]) {
        const r = await api.request(method, url, payload);
        expect(r.status, `${method} ${url}`).toBe(403);
        expect(r.body).toEqual({ message: MESSAGES.auth.forbidden });
      }
    }
    expect(await t.db.selectFrom('users').select('id').where('username', 'like', 'qc.inspector%').execute()).toEqual(
      [],
    );
  });
});

describe('POST /api/users', () => {
  it('creates a QC inspector who can sign in, and replies without the password', async () => {
    const api = await t.callerFor('admin');
    const r = await api.post('/api/users', body({ username: 'qc.farzana', name: 'Farzana Yasmin' }));
    expect(r.status, r.text).toBe(200);
    expectNoSecrets(r.text);
    expect(ZUser.strict().parse(r.body)).toMatchObject({
      username: 'qc.farzana',
      name: 'Farzana Yasmin',
      role: 'QC',
      active: true,
    });
    const session = await signIn('qc.farzana', 'qc-password-1');
    expect(session.status).toBe(200);
  });

  it('names each missing or wrong field in a 400', async () => {
    const api = await t.callerFor('admin');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ username: undefined }, /body\.username: username is required/],
      [{ username: 'two words' }, /body\.username: username must not contain spaces/],
      [{ name: '' }, /body\.name: name is required/],
      [{ password: 'short' }, /body\.password: password must be at least 8 characters/],
      [{ role: 'ADMIN' }, /body\.role: role must be QC/],
    ];
    for (const [change, message] of cases) {
      const r = await api.post('/api/users', body(change));
      expect(r.status, JSON.stringify(change)).toBe(400);
      expect(r.json<{ message: string }>().message).toMatch(message);
    }
  });

  it('refuses a username any account has, whatever its case, with 409', async () => {
    const api = await t.callerFor('admin');
    const qc = await addQc(api);
    const admin = await createUser(t.db, { role: 'admin', username: 'boss.users' });
    const agent = await createUser(t.db, { role: 'agent', username: 'AG-USERS-1' });
    for (const username of [qc.username.toUpperCase(), admin.username.toUpperCase(), agent.username.toLowerCase()]) {
      const r = await api.post('/api/users', body({ username }));
      expect(r.status, username).toBe(409);
      expect(r.body).toEqual({
        message: `The username "${username}" is already taken`,
        code: 'DUPLICATE',
        field: 'username',
      });
    }
  });
});

describe('GET /api/users and /api/users/pagination/{page}/{size}', () => {
  it('pages QC inspectors and admins newest first, never agents, in the wrapper', async () => {
    const api = await t.callerFor('admin');
    const a = await addQc(api);
    const b = await addQc(api);
    await createUser(t.db, { role: 'agent', username: 'AG-USERS-2' });
    const viaPath = await api.get('/api/users/pagination/0/100');
    const viaQuery = await api.get('/api/users?page=0&size=100');
    expectNoSecrets(viaPath.text);
    expect(viaQuery.body).toEqual(viaPath.body);
    const page = viaPath.json<TPaged<TUser>>();
    const all = await t.db.selectFrom('users').select('id').where('role', 'in', ['admin', 'qc']).execute();
    expect(page.recordCount).toBe(all.length);
    expect(page.response).toMatchObject({ totalElements: all.length, size: 100, number: 0, totalPages: 1 });
    expect(page.response.content.slice(0, 2).map((u) => u.id)).toEqual([b.id, a.id]);
    expect(page.response.content.map((u) => u.role)).not.toContain('AGENT');
    expect(page.response.content.map((u) => u.username)).not.toContain('AG-USERS-2');
    const second = (await api.get('/api/users?page=1&size=1')).json<TPaged<TUser>>();
    expect(second.response.content.map((u) => u.id)).toEqual([a.id]);
  });

  it('finds accounts by username or name with ?search', async () => {
    const api = await t.callerFor('admin');
    const found = await addQc(api, { name: 'Sumaiya Sultana' });
    await addQc(api, { name: 'Other Person' });
    const r = (await api.get('/api/users?search=sumaiya')).json<TPaged<TUser>>();
    expect(r.response.content.map((u) => u.id)).toEqual([found.id]);
    expect(r.recordCount).toBe(1);
    expect((await api.get('/api/users?size=0')).status).toBe(400);
  });
});

describe('PUT /api/users/{id}', () => {
  it('disables a QC inspector at once: the open session ends and sign-in is refused, until enabled again', async () => {
    const api = await t.callerFor('admin');
    const qc = await addQc(api);
    const session = caller(t.app, (await signIn(qc.username, 'qc-password-1')).json<{ jwtToken: string }>().jwtToken);
    expect((await session.get('/api/auth/me')).status).toBe(200);

    const r = await api.put(`/api/users/${qc.id}`, { active: false });
    expect(r.status).toBe(200);
    expect(r.json<TUser>().active).toBe(false);
    expect((await session.get('/api/auth/me')).status).toBe(401);
    const refused = await signIn(qc.username, 'qc-password-1');
    // As a wrong password: the reply does not confirm the password (docs/trust.md, Sessions and tokens).
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: MESSAGES.login.wrongCredentials });

    await api.put(`/api/users/${qc.id}`, { active: true });
    expect((await signIn(qc.username, 'qc-password-1')).status).toBe(200);
  });

  it('renames and resets the password', async () => {
    const api = await t.callerFor('admin');
    const qc = await addQc(api);
    const r = await api.put(`/api/users/${qc.id}`, { name: 'Renamed Inspector', password: 'another-pass-2' });
    expect(r.status).toBe(200);
    expectNoSecrets(r.text);
    expect(r.body).toEqual({ ...qc, name: 'Renamed Inspector' });
    expect((await signIn(qc.username, 'qc-password-1')).status).toBe(401);
    expect((await signIn(qc.username, 'another-pass-2')).status).toBe(200);
    expect((await api.put(`/api/users/${qc.id}`, { password: 'short' })).status).toBe(400);
    expect((await api.put(`/api/users/${qc.id}`, { name: '' })).status).toBe(400);
  });

  it('answers 404 for an unknown id, and refuses agent accounts', async () => {
    const api = await t.callerFor('admin');
    const missing = await api.put('/api/users/999999', { active: false });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'No user with id 999999' });
    const agent = await createUser(t.db, { role: 'agent' });
    const r = await api.put(`/api/users/${agent.id}`, { active: false, password: 'agent-takeover' });
    expect(r.status).toBe(400);
    expect(r.json<{ message: string }>().message).toMatch(/Agents screen/);
    expect(
      (await t.db.selectFrom('users').select('active').where('id', '=', agent.id).executeTakeFirstOrThrow()).active,
    ).toBe(true);
  });

  it('does not let an admin disable their own account, but lets them rename it', async () => {
    const me = await createUser(t.db, { role: 'admin' });
    const api = await t.as(me);
    const r = await api.put(`/api/users/${me.id}`, { active: false });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'You cannot disable your own account.' });
    expect((await api.get('/api/auth/me')).status).toBe(200);
    const renamed = await api.put(`/api/users/${me.id}`, { name: 'Head of Operations' });
    expect(renamed.json<TUser>()).toMatchObject({ name: 'Head of Operations', role: 'ADMIN', active: true });
  });
});
