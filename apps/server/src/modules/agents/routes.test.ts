import { describe, expect, it } from 'vitest';
import { MESSAGES, ZAgent, agentIdTakenMessage, type TAgent, type TPaged } from '@crm/shared';
import {
  type Caller,
  caller,
  createCampaign,
  createUser,
  sessionTokenFor,
  tokenForRole,
  useTestApp,
} from '../../test/harness.ts';
import { addAgent, agentBody, countRows, expectNoSecrets, nextAgentId, upload } from '../../test/agents-support.ts';

const t = useTestApp();

const admin = (): Promise<Caller> => t.callerFor('admin');

const ADMIN_ROUTES: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string][] = [
  ['GET', '/api/ac/pagination/0/10'],
  ['GET', '/api/ac/search?name=a&agentId=a&type=a'],
  ['POST', '/api/ac/addAgent'],
  ['GET', '/api/ac/getAgentList'],
  ['DELETE', '/api/ac/deleteAgent/1'],
  ['PUT', '/api/ac/editAgent'],
  ['GET', '/api/ac/getAgent/1'],
  ['GET', '/api/ac/totalAgents'],
  ['GET', '/api/file/download/csv'],
];

async function signInAgent(agentId: string, password: string) {
  const campaign = await createCampaign(t.db);
  return t.anonymous.post('/api/auth/signInAgent', {
    username: agentId,
    password,
    shift: 'Morning',
    campaign: campaign.campaignName,
  });
}

/** The body editAgent expects: the agent as read, with changes. */
function editBody(agent: TAgent, changes: Record<string, unknown> = {}) {
  const { createAt: _createAt, ...rest } = agent;
  return { ...rest, ...changes };
}

describe('agent routes: who may call them', () => {
  it('answers 401 to anonymous callers and 403 to agents and QC inspectors on every agent route', async () => {
    const before = await countRows(t.db);
    const agent = await t.callerFor('agent');
    const qc = await t.callerFor('qc');
    for (const [method, url] of ADMIN_ROUTES) {
      const payload = method === 'POST' || method === 'PUT' ? { ...agentBody(), id: 1, status: true } : undefined;
      expect((await t.anonymous.request(method, url, payload)).status, `${method} ${url}`).toBe(401);
      for (const api of [agent, qc]) {
        const r = await api.request(method, url, payload);
        expect(r.status, `${method} ${url}`).toBe(403);
        expect(r.body).toEqual({ message: MESSAGES.auth.forbidden });
      }
    }
    const csv = 'type,name,agentId,password\nPhysical,Nobody,AG-NOPE,long-enough-1\n';
    expect((await upload(t.app, undefined, csv)).status).toBe(401);
    expect((await upload(t.app, await tokenForRole(t.app, 'agent'), csv)).status).toBe(403);
    expect((await upload(t.app, await tokenForRole(t.app, 'qc'), csv)).status).toBe(403);
    // Only the four callers above were added: no refused call created an agent.
    expect(await countRows(t.db)).toEqual({ agents: before.agents, users: before.users + 4 });
  });
});

describe('POST /api/ac/addAgent', () => {
  it('creates the agent with its sign-in, and replies with the Agent and never a password', async () => {
    const api = await admin();
    const agentId = nextAgentId();
    const r = await api.post(
      '/api/ac/addAgent',
      agentBody({ agentId, name: 'Salma Akter', type: 'Virtual', bkashAcNumber: '01911000003' }),
    );
    expect(r.status, r.text).toBe(200);
    expectNoSecrets(r.text, 'agent-pass-1');
    const agent = ZAgent.strict().parse(r.body);
    expect(agent).toMatchObject({
      agentId,
      name: 'Salma Akter',
      type: 'Virtual',
      cellNumber: '01711000001',
      joiningDate: '2024-01-15',
      bkashAcNumber: '01911000003',
      nagadAcNumber: null,
      status: true,
    });
    expect(new Date(agent.createAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await signInAgent(agentId, 'agent-pass-1')).status).toBe(200);
  });

  it('names each missing or wrong field in a 400 and stores nothing', async () => {
    const api = await admin();
    const before = await countRows(t.db);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ type: undefined }, /body\.type: type is required/],
      [{ type: 'Remote' }, /body\.type: type must be Physical or Virtual/],
      [{ name: '  ' }, /body\.name: name is required/],
      [{ agentId: undefined }, /body\.agentId: agentId is required/],
      [{ agentId: 'AG 1' }, /body\.agentId: agentId must not contain spaces/],
      [{ password: undefined }, /body\.password: password is required/],
      [{ password: 'short' }, /body\.password: password must be at least 8 characters/],
      [{ joiningDate: '15/01/2024' }, /body\.joiningDate: must be a date written yyyy-MM-dd/],
      [{ joiningDate: '2023-02-29' }, /body\.joiningDate/],
    ];
    for (const [change, message] of cases) {
      const r = await api.post('/api/ac/addAgent', agentBody(change));
      expect(r.status, JSON.stringify(change)).toBe(400);
      expect(r.json<{ message: string }>().message).toMatch(message);
    }
    expect(await countRows(t.db)).toEqual(before);
  });

  it('refuses an agentId that exists already, whatever its case, with 409', async () => {
    const api = await admin();
    const first = await addAgent(api);
    const before = await countRows(t.db);
    const r = await api.post('/api/ac/addAgent', agentBody({ agentId: first.agentId.toLowerCase() }));
    expect(r.status).toBe(409);
    expect(r.body).toEqual({
      message: agentIdTakenMessage(first.agentId.toLowerCase()),
      code: 'DUPLICATE',
      field: 'agentId',
    });
    expect(await countRows(t.db)).toEqual(before);
  });

  it('refuses an agentId that is the username of a QC inspector or admin', async () => {
    const qc = await createUser(t.db, { role: 'qc', username: `qc.${nextAgentId()}` });
    const r = await (await admin()).post('/api/ac/addAgent', agentBody({ agentId: qc.username }));
    expect(r.status).toBe(409);
    expect(r.json<{ message: string }>().message).toMatch(/already used by another account/);
    expect(r.body).toMatchObject({ code: 'DUPLICATE', field: 'agentId' });
  });
});

describe('GET /api/ac/getAgent/{id}', () => {
  it('returns one agent, 404 for an unknown id and 400 for a non-numeric one', async () => {
    const api = await admin();
    const agent = await addAgent(api, { fatherName: 'Abdul Karim' });
    const r = await api.get(`/api/ac/getAgent/${agent.id}`);
    expect(r.status).toBe(200);
    expectNoSecrets(r.text, 'agent-pass-1');
    expect(r.body).toEqual(agent);
    const missing = await api.get('/api/ac/getAgent/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'No agent with id 999999' });
    expect((await api.get('/api/ac/getAgent/abc')).status).toBe(400);
  });
});

describe('GET /api/ac/pagination/{page}/{size}', () => {
  it('pages agents newest first in the wrapper, with totals counted from the rows', async () => {
    const api = await admin();
    const added = [await addAgent(api), await addAgent(api), await addAgent(api)];
    const total = (await countRows(t.db)).agents;
    const first = (await api.get('/api/ac/pagination/0/2')).json<TPaged<TAgent>>();
    expect(first.recordCount).toBe(total);
    expect(first.response).toMatchObject({
      totalElements: total,
      totalPages: Math.ceil(total / 2),
      size: 2,
      number: 0,
    });
    expect(first.response.content.map((a) => a.id)).toEqual([added[2]!.id, added[1]!.id]);
    const second = (await api.get('/api/ac/pagination/1/2')).json<TPaged<TAgent>>();
    expect(second.response.content[0]!.id).toBe(added[0]!.id);
    expectNoSecrets(JSON.stringify(second), 'agent-pass-1');
    expect((await api.get('/api/ac/pagination/0/0')).status).toBe(400);
    expect((await api.get('/api/ac/pagination/-1/10')).status).toBe(400);
  });
});

describe('GET /api/ac/search', () => {
  it('matches name or agentId containing the term, or the type, case-insensitively', async () => {
    const api = await admin();
    const tag = nextAgentId('SR');
    const byName = await addAgent(api, { name: `Nasrin ${tag}`, type: 'Virtual' });
    const byId = await addAgent(api, { agentId: `${tag}-X`, name: 'Jamal Uddin' });
    const ids = async (query: string) => {
      const r = await api.get(`/api/ac/search?${query}`);
      expectNoSecrets(r.text, 'agent-pass-1');
      return r
        .json<TAgent[]>()
        .map((a) => a.id)
        .sort();
    };
    const term = encodeURIComponent(tag.toLowerCase());
    expect(await ids(`name=${term}&agentId=${term}&type=${term}`)).toEqual([byName.id, byId.id].sort());
    expect(await ids(`name=${term}`)).toEqual([byName.id]);
    expect(await ids(`agentId=${term}`)).toEqual([byId.id]);
    const virtual = await ids('type=virtual');
    expect(virtual).toContain(byName.id);
    expect(virtual).not.toContain(byId.id);
    expect(await ids('name=')).toEqual([]);
    // LIKE wildcards in the term are literal characters, not "match anything".
    expect(await ids('name=%25&agentId=%25&type=%25')).toEqual([]);
  });
});

describe('GET /api/ac/getAgentList and /api/ac/totalAgents', () => {
  it('lists every agent by name, and counts them from the rows as a bare integer', async () => {
    const api = await admin();
    await addAgent(api, { name: 'Zubair Ahmed' });
    await addAgent(api, { name: 'Anwar Hossain' });
    const reply = await api.get('/api/ac/getAgentList');
    expectNoSecrets(reply.text, 'agent-pass-1');
    const list = reply.json<TAgent[]>();
    const names = list.map((a) => a.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const total = await api.get('/api/ac/totalAgents');
    expect(total.text).toMatch(/^\d+$/);
    expect(total.body).toBe(list.length);
    expect(total.body).toBe((await countRows(t.db)).agents);
  });
});

describe('PUT /api/ac/editAgent', () => {
  it('replaces every field of the profile and the sign-in name and agentId', async () => {
    const api = await admin();
    const agent = await addAgent(api);
    const newId = nextAgentId('ED');
    const changes = {
      agentId: newId,
      name: 'Rahim Uddin Khan',
      type: 'Virtual',
      cellNumber: '01811999999',
      joiningDate: '2023-12-01',
      bankAcNumber: '998877',
      nagadAcNumber: '01811999999',
      bkashAcNumber: '01811999998',
      email: 'rahim@example.com',
      fatherName: 'Abdul Khan',
      motherName: 'Rokeya Begum',
      dob: '1998-06-30',
      sex: 'Male',
      bloodGroup: 'B+',
      presentAddress: 'Mirpur 10, Dhaka',
      permanentAddress: 'Sadar, Cumilla',
      homeDistrict: 'Cumilla',
      emergencyContactNumber: '01711222333',
      emergencyContactPerson: 'Abdul Khan',
      religion: 'Islam',
      maritalStatus: 'Single',
      highestEducation: 'BSS',
      institute: 'Dhaka College',
      previousCompany: 'Grameenphone',
      photo: 'https://example.com/p.jpg',
    };
    const r = await api.put('/api/ac/editAgent', editBody(agent, changes));
    expect(r.status, r.text).toBe(200);
    expectNoSecrets(r.text, 'agent-pass-1');
    expect(r.body).toEqual({ ...agent, ...changes });
    expect((await api.get(`/api/ac/getAgent/${agent.id}`)).body).toEqual({ ...agent, ...changes });
    // The sign-in follows the new agentId; the password is unchanged.
    expect((await signInAgent(newId, 'agent-pass-1')).status).toBe(200);
    // A field left out is cleared: PUT replaces the agent.
    const { email: _email, ...withoutEmail } = editBody(agent, changes);
    expect((await api.put('/api/ac/editAgent', withoutEmail)).json<TAgent>().email).toBeNull();
  });

  it('resets the password when one is given and keeps it when blank', async () => {
    const api = await admin();
    const agent = await addAgent(api);
    expect((await api.put('/api/ac/editAgent', editBody(agent, { password: '' }))).status).toBe(200);
    expect((await signInAgent(agent.agentId, 'agent-pass-1')).status).toBe(200);
    expect((await api.put('/api/ac/editAgent', editBody(agent, { password: 'brand-new-pass' }))).status).toBe(200);
    expect((await signInAgent(agent.agentId, 'agent-pass-1')).status).toBe(401);
    expect((await signInAgent(agent.agentId, 'brand-new-pass')).status).toBe(200);
    const short = await api.put('/api/ac/editAgent', editBody(agent, { password: 'short' }));
    expect(short.status).toBe(400);
    expect(short.json<{ message: string }>().message).toMatch(/body\.password: password must be at least 8 characters/);
  });

  it('makes an agent inactive: it cannot sign in, and its open session ends at once', async () => {
    const api = await admin();
    const agent = await addAgent(api);
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'username', 'name'])
      .where('username', '=', agent.agentId)
      .executeTakeFirstOrThrow();
    const session = caller(t.app, await sessionTokenFor(t.app, { ...user, password: 'agent-pass-1', role: 'agent' }));
    expect((await session.get('/api/auth/me')).status).toBe(200);
    const r = await api.put('/api/ac/editAgent', editBody(agent, { status: false }));
    expect(r.json<TAgent>().status).toBe(false);
    const signIn = await signInAgent(agent.agentId, 'agent-pass-1');
    // As a wrong password: the reply does not confirm the password.
    expect(signIn.status).toBe(401);
    expect(signIn.body).toEqual({ message: MESSAGES.login.wrongCredentials });
    expect((await session.get('/api/auth/me')).status).toBe(401);
    await api.put('/api/ac/editAgent', editBody(agent, { status: true }));
    expect((await signInAgent(agent.agentId, 'agent-pass-1')).status).toBe(200);
  });

  it('answers 404 for an unknown id and creates nothing', async () => {
    const api = await admin();
    const agent = await addAgent(api);
    const before = await countRows(t.db);
    const r = await api.put('/api/ac/editAgent', editBody(agent, { id: 999999, agentId: nextAgentId() }));
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: 'No agent with id 999999' });
    expect(await countRows(t.db)).toEqual(before);
  });

  it("refuses another agent's agentId with 409, and accepts its own in another case", async () => {
    const api = await admin();
    const a = await addAgent(api);
    const b = await addAgent(api);
    const r = await api.put('/api/ac/editAgent', editBody(b, { agentId: a.agentId }));
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ message: agentIdTakenMessage(a.agentId), code: 'DUPLICATE', field: 'agentId' });
    expect((await api.get(`/api/ac/getAgent/${b.id}`)).json<TAgent>().agentId).toBe(b.agentId);
    const own = await api.put('/api/ac/editAgent', editBody(b, { agentId: b.agentId.toLowerCase() }));
    expect(own.status).toBe(200);
    expect(own.json<TAgent>().agentId).toBe(b.agentId.toLowerCase());
  });

  it("keeps the agent's VICIdial user when it is not the agent ID (blank: the agent ID), and refuses one VICIdial would not take", async () => {
    const api = await admin();
    const agent = await addAgent(api);
    expect(agent.vicidialUser).toBeNull();
    const set = await api.put('/api/ac/editAgent', editBody(agent, { vicidialUser: ' vici_1001 ' }));
    expect(set.status, set.text).toBe(200);
    expect(set.json<TAgent>().vicidialUser).toBe('vici_1001');
    expect(
      (await t.db.selectFrom('agents').select('vicidialUser').where('id', '=', agent.id).executeTakeFirstOrThrow())
        .vicidialUser,
    ).toBe('vici_1001');
    for (const bad of ['x', 'has space', 'a'.repeat(21), 'semi;colon']) {
      const r = await api.put('/api/ac/editAgent', editBody(agent, { vicidialUser: bad }));
      expect(r.status, bad).toBe(400);
      expect(r.json<{ message: string }>().message).toMatch(
        /body\.vicidialUser: must be (a VICIdial user: 2 to 20 letters, digits or \. _ @ -|at most 20 characters)/,
      );
    }
    expect((await api.get(`/api/ac/getAgent/${agent.id}`)).json<TAgent>().vicidialUser).toBe('vici_1001');
    expect(
      (await api.put('/api/ac/editAgent', editBody(agent, { vicidialUser: '' }))).json<TAgent>().vicidialUser,
    ).toBeNull();
  });

  it('names a missing id or status in a 400', async () => {
    const api = await admin();
    const agent = await addAgent(api);
    const { id: _id, ...noId } = editBody(agent);
    expect((await api.put('/api/ac/editAgent', noId)).json<{ message: string }>().message).toMatch(/body\.id/);
    const { status: _status, ...noStatus } = editBody(agent);
    expect((await api.put('/api/ac/editAgent', noStatus)).json<{ message: string }>().message).toMatch(/body\.status/);
  });
});

describe('DELETE /api/ac/deleteAgent/{id}', () => {
  it('deletes the profile and its sign-in, and 404s an unknown id', async () => {
    const api = await admin();
    const agent = await addAgent(api);
    const before = await countRows(t.db);
    const r = await api.delete(`/api/ac/deleteAgent/${agent.id}`);
    expect(r.status).toBe(204);
    expect(await countRows(t.db)).toEqual({ agents: before.agents - 1, users: before.users - 1 });
    expect((await api.get(`/api/ac/getAgent/${agent.id}`)).status).toBe(404);
    expect((await signInAgent(agent.agentId, 'agent-pass-1')).status).toBe(401);
    const again = await api.delete(`/api/ac/deleteAgent/${agent.id}`);
    expect(again.status).toBe(404);
    expect(await countRows(t.db)).toEqual({ agents: before.agents - 1, users: before.users - 1 });
  });
});
