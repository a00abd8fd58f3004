// Client accounts (issue 38, docs/guide/clients.md): admins create them with their campaigns, they sign in on the
// admin form, read who they are, and read their campaigns' client QC records with masked numbers, nothing else.
import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  ZClientMe,
  ZUser,
  type TKeysetPaged,
  type TPaged,
  type TQcClientRecord,
  type TSessionUser,
  type TUser,
} from '@crm/shared';
import { caller, createCampaign, createUser, useTestApp, type Caller } from '../../test/harness.ts';
import { addClientRecord, addRecord, clientScorecard, qcWorld, scorecard } from '../../test/qc-support.ts';
import { download, openXlsxReply, sheetRows } from '../../test/qc-reports-support.ts';

const t = useTestApp();

let n = 0;
function clientBody(campaigns: string[], overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    username: `client.radiant${n}`,
    name: `Radiant Foods ${n}`,
    password: 'client-pass-1',
    role: 'CLIENT',
    campaigns,
    ...overrides,
  };
}

async function addClient(api: Caller, campaigns: string[], overrides: Record<string, unknown> = {}): Promise<TUser> {
  const r = await api.post('/api/users', clientBody(campaigns, overrides));
  expect(r.status, r.text).toBe(200);
  return r.json<TUser>();
}

async function clientToken(user: { username: string }): Promise<string> {
  const r = await t.anonymous.post('/api/auth/signInSuperAdmin', {
    username: user.username,
    password: 'client-pass-1',
  });
  expect(r.status, r.text).toBe(200);
  return r.json<{ jwtToken: string }>().jwtToken;
}

async function signInClient(user: { username: string }): Promise<Caller> {
  return caller(t.app, await clientToken(user));
}

describe('GET /api/clients/me: who may call it', () => {
  it('answers 401 to anonymous callers and 403 to agents, QC inspectors and admins', async () => {
    expect((await t.anonymous.get('/api/clients/me')).status).toBe(401);
    for (const role of ['agent', 'qc', 'admin'] as const) {
      const r = await (await t.callerFor(role)).get('/api/clients/me');
      expect(r.status, role).toBe(403);
      expect(r.body).toEqual({ message: MESSAGES.auth.forbidden });
    }
  });
});

describe('POST /api/users with role CLIENT', () => {
  it('creates a client account with its campaigns and recordings flag, listed and audited', async () => {
    const admin = await t.callerFor('admin');
    const spring = await createCampaign(t.db, { campaignName: 'Spring Survey' });
    const autumn = await createCampaign(t.db, { campaignName: 'Autumn Survey' });
    const r = await admin.post(
      '/api/users',
      clientBody(['spring survey', 'Autumn Survey', 'Spring Survey'], { username: 'client.radiant', recordings: true }),
    );
    expect(r.status, r.text).toBe(200);
    expect(r.text).not.toMatch(/client-pass-1|\$argon2|passwordHash/);
    const user = ZUser.strict().parse(r.body);
    // Names as stored, A to Z, each once.
    expect(user).toMatchObject({
      username: 'client.radiant',
      role: 'CLIENT',
      active: true,
      campaigns: ['Autumn Survey', 'Spring Survey'],
      recordingsAllowed: true,
    });
    const rows = await t.db
      .selectFrom('clientCampaigns')
      .select('campaignId')
      .where('userId', '=', user.id)
      .orderBy('campaignId')
      .execute();
    expect(rows.map((x) => x.campaignId)).toEqual([spring.id, autumn.id].sort((a, b) => a - b));

    const list = await admin.get('/api/users?search=client.radiant');
    expect(list.status).toBe(200);
    const listed = list.json<TPaged<TUser>>().response.content.find((u) => u.id === user.id);
    expect(listed).toMatchObject({ role: 'CLIENT', campaigns: ['Autumn Survey', 'Spring Survey'] });

    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'objectType'])
      .where('objectType', '=', 'user')
      .where('objectId', '=', String(user.id))
      .execute();
    expect(audit).toEqual([{ action: 'create', objectType: 'user' }]);
  });

  it('refuses unknown campaigns whole, naming every one, and saves nothing', async () => {
    const admin = await t.callerFor('admin');
    await createCampaign(t.db, { campaignName: 'Known Survey' });
    const r = await admin.post(
      '/api/users',
      clientBody(['Known Survey', 'Nope One', 'Nope Two'], { username: 'client.refused' }),
    );
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      message: 'No campaign named "Nope One", "Nope Two": the account was not saved',
      code: 'INVALID_VALUE',
      field: 'campaigns',
    });
    const saved = await t.db.selectFrom('users').select('id').where('username', '=', 'client.refused').execute();
    expect(saved).toEqual([]);
  });

  it('needs at least one campaign for a client, and none for a QC inspector', async () => {
    const admin = await t.callerFor('admin');
    const none = await admin.post('/api/users', clientBody([]));
    expect(none.status).toBe(400);
    expect(none.json<{ message: string }>().message).toMatch(/campaigns: campaigns must name at least one campaign/);
    const missing = await admin.post('/api/users', { ...clientBody([]), campaigns: undefined });
    expect(missing.status).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/campaigns must name at least one campaign/);
    const qc = await admin.post('/api/users', { ...clientBody(['Known Survey']), role: 'QC' });
    expect(qc.status).toBe(400);
    expect(qc.json<{ message: string }>().message).toMatch(/campaigns are for client accounts only/);
  });
});

describe('PUT /api/users/:id of a client account', () => {
  it('changes its campaigns, recordings flag and active, audited; refuses campaigns on a QC account', async () => {
    const admin = await t.callerFor('admin');
    const a = await createCampaign(t.db);
    const b = await createCampaign(t.db);
    const client = await addClient(admin, [a.campaignName]);
    const r = await admin.put(`/api/users/${client.id}`, { campaigns: [b.campaignName], recordings: true });
    expect(r.status, r.text).toBe(200);
    expect(r.json<TUser>()).toMatchObject({ campaigns: [b.campaignName], recordingsAllowed: true });
    const audit = await t.db
      .selectFrom('auditLog')
      .select('changes')
      .where('objectType', '=', 'user')
      .where('objectId', '=', String(client.id))
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(audit.changes).toMatchObject({
      before: { campaigns: [a.campaignName], recordingsAllowed: false },
      after: { campaigns: [b.campaignName], recordingsAllowed: true },
    });

    const unknown = await admin.put(`/api/users/${client.id}`, { campaigns: ['Nowhere'] });
    expect(unknown.status).toBe(400);
    expect(unknown.json<{ code: string }>().code).toBe('INVALID_VALUE');
    const kept = await admin.get(`/api/users?search=${client.username}`);
    expect(kept.json<TPaged<TUser>>().response.content[0]?.campaigns).toEqual([b.campaignName]);

    const qc = await createUser(t.db, { role: 'qc' });
    const onQc = await admin.put(`/api/users/${qc.id}`, { campaigns: [a.campaignName] });
    expect(onQc.status).toBe(400);
    expect(onQc.json<{ message: string }>().message).toBe('Campaigns and recordings are for client accounts only');

    // A disabled client is shut out at once.
    const session = await signInClient(client);
    expect((await admin.put(`/api/users/${client.id}`, { active: false })).status).toBe(200);
    expect((await session.get('/api/clients/me')).status).toBe(401);
  });
});

describe('a client account signed in', () => {
  it('signs in on the admin form as CLIENT and reads its own name, campaigns and recordings flag', async () => {
    const admin = await t.callerFor('admin');
    const x = await createCampaign(t.db, { campaignName: 'Zeta Survey' });
    const y = await createCampaign(t.db, { campaignName: 'Alpha Survey' });
    const client = await addClient(admin, [x.campaignName, y.campaignName], { name: 'Radiant Foods' });
    const api = await signInClient(client);
    const me = await api.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.json<TSessionUser>().roles.map((r) => r.roleName)).toEqual(['CLIENT']);
    const r = await api.get('/api/clients/me');
    expect(r.status).toBe(200);
    expect(ZClientMe.strict().parse(r.body)).toEqual({
      name: 'Radiant Foods',
      campaigns: [
        { campaignId: y.id, campaignName: 'Alpha Survey' },
        { campaignId: x.id, campaignName: 'Zeta Survey' },
      ],
      recordingsAllowed: false,
    });
    // The agent form does not take a client.
    const asAgent = await t.anonymous.post('/api/auth/signInAgent', {
      username: client.username,
      password: 'client-pass-1',
      shift: 'Morning',
      campaign: x.campaignName,
    });
    expect(asAgent.status).toBe(401);
  });

  it("reads its campaigns' client QC records with numbers masked, never in-house ones or another campaign's", async () => {
    const w = await qcWorld(t);
    const other = await createCampaign(t.db);
    const mine = await addClientRecord(w.qcA, clientScorecard(w, { consumerNumber: '01712345678' }));
    await addRecord(w.qcA, scorecard(w));
    const theirs = await addClientRecord(
      w.qcA,
      clientScorecard(w, { campaignName: other.campaignName, consumerNumber: '01899990000' }),
    );
    const admin = await t.callerFor('admin');
    const client = await addClient(admin, [w.campaign]);
    const token = await clientToken(client);
    const api = caller(t.app, token);

    const r = await api.get('/api/qcReport/getQcRecordsClientViewByQcInspector?page=0&size=10');
    expect(r.status, r.text).toBe(200);
    const page = r.json<TKeysetPaged<TQcClientRecord>>();
    expect(page.response.content.map((x) => x.id)).toEqual([mine.id]);
    expect(page.response.content[0]?.consumerNumber).toBe('•••••••••5678');
    expect(page.response.totalElements).toBe(1);
    // Stored as +8801712345678: every digit but the last 4 hidden.
    expect(r.text).not.toContain('1712345678');
    expect(r.text).not.toContain('1899990000');
    expect(theirs.consumerNumber).toBe('+8801899990000');
    // The older path too.
    const older = await api.get('/api/qcReport/getQcRecordsClientViewByQcInspector/0/10');
    expect(older.json<TKeysetPaged<TQcClientRecord>>().response.content.map((x) => x.consumerNumber)).toEqual([
      '•••••••••5678',
    ]);

    // Nor found by its digits: a search matches names and campaigns only for a client.
    const byDigits = await api.get('/api/qcReport/getQcRecordsClientViewByQcInspector?page=0&size=10&search=5678');
    expect(byDigits.json<TKeysetPaged<TQcClientRecord>>().response.content).toEqual([]);
    const byCampaign = await api.get(
      `/api/qcReport/getQcRecordsClientViewByQcInspector?page=0&size=10&search=${encodeURIComponent(w.campaign)}`,
    );
    expect(byCampaign.json<TKeysetPaged<TQcClientRecord>>().response.content.map((x) => x.id)).toEqual([mine.id]);

    // The client reports: the dates and the print rows of its campaigns only, masked.
    const dates = await api.get('/api/qcReport/unique-dates-download-reports-client');
    expect(dates.json<string[]>()).toEqual(['2026-11-20']);
    const print = await api.get('/api/qcReport/get-all-qc-records-client-for-excel-print?date=2026-11-20');
    expect(print.status, print.text).toBe(200);
    expect(print.json<{ consumerNumber: string }[]>().map((x) => x.consumerNumber)).toEqual(['•••••••••5678']);
    // The xlsx, read back: its one record, the number masked.
    const book = await openXlsxReply(
      await download(t, '/api/qcReport/export/client?date=2026-11-20', token),
      'QC_Records_Client_2026-11-20.xlsx',
    );
    const [header, ...records] = sheetRows(book, 'QC Records');
    const numberAt = (header ?? []).indexOf('Consumer Number');
    expect(numberAt).toBeGreaterThan(-1);
    expect(records.map((row) => row[numberAt])).toEqual(['•••••••••5678']);

    // In-house records, agent profiles, the dashboard: refused.
    for (const url of [
      '/api/qcReport/getqcreportbyqcinspector?page=0&size=10',
      '/api/qcReport/unique-dates-download-reports-in-house',
      '/api/qcReport/export/in-house?date=2026-11-20',
      `/api/qcReport/getClientQc/${mine.id}`,
      '/api/ac/pagination/0/10',
      '/dynamic/dashboard',
      '/api/users?page=0&size=10',
    ]) {
      const refused = await api.get(url);
      expect(refused.status, url).toBe(403);
    }
  });

  it('an inspector and an admin still read the full number', async () => {
    const w = await qcWorld(t);
    await addClientRecord(w.qcA, clientScorecard(w, { consumerNumber: '01712345678' }));
    const r = await w.admin.get('/api/qcReport/getQcRecordsClientViewByQcInspector?page=0&size=10');
    expect(r.json<TKeysetPaged<TQcClientRecord>>().response.content.map((x) => x.consumerNumber)).toContain(
      '+8801712345678',
    );
  });
});
