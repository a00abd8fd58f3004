import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEFAULT_CALLBACK_GRACE_MINUTES, MESSAGES, type TCampaign, type TPaged } from '@crm/shared';
import { createCampaign, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();

let n = 0;
/** A valid add body with unique name and code. */
function body(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    campaignType: 'Outbound',
    campaignName: `Campaign T${n}`,
    campaignId: `CT-${n}`,
    callTarget: 40,
    ...overrides,
  };
}

async function admin(): Promise<Caller> {
  return t.callerFor('admin');
}

async function add(api: Caller, overrides: Record<string, unknown> = {}): Promise<TCampaign> {
  const r = await api.post('/cc/addCampaign', body(overrides));
  expect(r.status, r.text).toBe(200);
  return r.json<TCampaign>();
}

async function insertLeads(campaignId: number, count: number) {
  await sql`insert into leads (campaign_id, cell_number, data_date)
            select ${campaignId}, '0171' || lpad(g::text, 7, '0'), date '2025-03-01' from generate_series(1, ${count}) g`.execute(
    t.db,
  );
}

const ADMIN_ROUTES: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string][] = [
  ['GET', '/cc/pagination/0/10'],
  ['GET', '/cc/searchCampaign?campaignName=a'],
  ['POST', '/cc/addCampaign'],
  ['GET', '/cc/campaign/1'],
  ['PUT', '/cc/updateCampaign'],
  ['DELETE', '/cc/delete/1'],
  ['GET', '/cc/totalCampaigns'],
  ['GET', '/cc/totalInbound'],
  ['GET', '/cc/totalOutbound'],
  ['GET', '/cc/leadCounts'],
];

describe('campaign routes: who may call them', () => {
  it('answers 401 to anonymous callers and 403 to agents and QC inspectors on every admin route', async () => {
    const agent = await t.callerFor('agent');
    const qc = await t.callerFor('qc');
    for (const [method, url] of ADMIN_ROUTES) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : body();
      expect((await t.anonymous.request(method, url, payload)).status, `${method} ${url}`).toBe(401);
      for (const api of [agent, qc]) {
        const r = await api.request(method, url, payload);
        expect(r.status, `${method} ${url}`).toBe(403);
        expect(r.body).toEqual({ message: MESSAGES.auth.forbidden });
      }
    }
    expect(
      (await t.db.selectFrom('campaigns').select('id').where('campaignName', 'like', 'Campaign T%').execute()).length,
    ).toBe(0);
  });

  it('keeps GET /cc/campaigns public with the campaign shape', async () => {
    const c = await createCampaign(t.db, { campaignName: 'Public Listed' });
    const r = await t.anonymous.get('/cc/campaigns');
    expect(r.status).toBe(200);
    expect(r.json<TCampaign[]>().find((x) => x.id === c.id)).toEqual({
      id: c.id,
      campaignId: c.campaignId,
      campaignName: 'Public Listed',
      campaignType: 'Outbound',
      callTarget: 50,
      status: true,
      createAt: c.createdAt.toISOString(),
      callbackGraceMinutes: 120,
    });
  });
});

describe('POST /cc/addCampaign', () => {
  it('adds an Outbound campaign with its call target, active by default, and replies the campaign', async () => {
    const api = await admin();
    const r = await api.post('/cc/addCampaign', {
      campaignType: 'Outbound',
      campaignName: '  Winter Drive ',
      campaignId: 'WIN-1',
      callTarget: 75,
    });
    expect(r.status).toBe(200);
    const c = r.json<TCampaign>();
    expect(c).toMatchObject({
      campaignType: 'Outbound',
      campaignName: 'Winter Drive',
      campaignId: 'WIN-1',
      callTarget: 75,
      status: true,
    });
    // The spec's fields, and ours after them.
    expect(Object.keys(c)).toEqual([
      'id',
      'campaignId',
      'campaignName',
      'campaignType',
      'callTarget',
      'status',
      'createAt',
      'callbackGraceMinutes',
    ]);
    expect(c.callbackGraceMinutes).toBe(DEFAULT_CALLBACK_GRACE_MINUTES);
    expect((await api.get(`/cc/campaign/${c.id}`)).body).toEqual(c);
  });

  it('stores no call target for an Inbound campaign, whatever was sent', async () => {
    const api = await admin();
    const c = await add(api, { campaignType: 'Inbound', callTarget: 99, status: false });
    expect(c.callTarget).toBeNull();
    expect(c.status).toBe(false);
    const stored = await t.db
      .selectFrom('campaigns')
      .select('callTarget')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(stored.callTarget).toBeNull();
  });

  it('accepts an Outbound campaign without a call target', async () => {
    const c = await add(await admin(), { callTarget: undefined });
    expect(c.callTarget).toBeNull();
  });

  it('names each missing or bad field in a 400 and stores nothing', async () => {
    const api = await admin();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ campaignType: undefined }, /campaignType/],
      [{ campaignType: 'Sideways' }, /campaignType/],
      [{ campaignName: undefined }, /campaignName/],
      [{ campaignName: '   ' }, /campaignName/],
      [{ campaignId: undefined }, /campaignId/],
      [{ campaignId: '' }, /campaignId/],
      [{ callTarget: -1 }, /callTarget/],
      [{ callTarget: 2.5 }, /callTarget/],
    ];
    for (const [overrides, field] of cases) {
      const b = body(overrides);
      const r = await api.post('/cc/addCampaign', b);
      expect(r.status, JSON.stringify(overrides)).toBe(400);
      expect(r.json<{ message: string }>().message).toMatch(field);
      const name = typeof b.campaignName === 'string' ? b.campaignName : '';
      expect(
        await t.db.selectFrom('campaigns').select('id').where('campaignName', '=', name).executeTakeFirst(),
      ).toBeUndefined();
    }
  });

  it('refuses a duplicate campaign name (any case) or code with 409 naming it', async () => {
    const api = await admin();
    const first = await add(api, { campaignName: 'Mobile Survey', campaignId: 'MOB-1' });
    const byName = await api.post('/cc/addCampaign', body({ campaignName: 'mobile survey' }));
    expect(byName.status).toBe(409);
    expect(byName.body).toEqual({
      message: 'A campaign named "mobile survey" already exists',
      code: 'DUPLICATE',
      field: 'campaignName',
    });
    const byCode = await api.post('/cc/addCampaign', body({ campaignId: 'mob-1' }));
    expect(byCode.status).toBe(409);
    expect(byCode.body).toEqual({
      message: 'A campaign with the code "mob-1" already exists',
      code: 'DUPLICATE',
      field: 'campaignId',
    });
    const rows = await t.db
      .selectFrom('campaigns')
      .select('id')
      .where(sql<string>`lower(campaign_name)`, '=', 'mobile survey')
      .execute();
    expect(rows.map((r) => r.id)).toEqual([first.id]);
  });
});

describe('GET /cc/campaign/{id}', () => {
  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    const api = await admin();
    const missing = await api.get('/cc/campaign/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Campaign 999999 does not exist' });
    expect((await api.get('/cc/campaign/abc')).status).toBe(400);
  });
});

describe('GET /cc/pagination/{page}/{size}', () => {
  it('pages the campaigns newest first with the paged reply', async () => {
    const api = await admin();
    const a = await add(api);
    const b = await add(api);
    const total = await api.get('/cc/totalCampaigns');
    const r = await api.get('/cc/pagination/0/2');
    expect(r.status).toBe(200);
    const page = r.json<TPaged<TCampaign>>();
    expect(page.response.content.map((c) => c.id)).toEqual([b.id, a.id]);
    expect(page).toMatchObject({
      recordCount: total.body,
      response: { totalElements: total.body, size: 2, number: 0, totalPages: Math.ceil(Number(total.body) / 2) },
    });
    expect((await api.get('/cc/pagination/0/0')).status).toBe(400);
    expect((await api.get('/cc/pagination/-1/10')).status).toBe(400);
  });
});

describe('GET /cc/searchCampaign', () => {
  it('matches code or name (contains, any case), call target, or status, as a union', async () => {
    const api = await admin();
    const tea = await add(api, { campaignName: 'Zeta Tea Survey', campaignId: 'ZTEA-7', callTarget: 4321 });
    const care = await add(api, {
      campaignName: 'Zeta Care Line',
      campaignId: 'ZCARE-3',
      campaignType: 'Inbound',
      status: false,
    });
    const ids = async (query: string) =>
      (await api.get(`/cc/searchCampaign?${query}`)).json<TCampaign[]>().map((c) => c.id);

    expect(await ids('campaignName=zeta%20tea')).toEqual([tea.id]);
    expect(await ids('campaignId=zcare')).toEqual([care.id]);
    expect(await ids('callTarget=4321')).toEqual([tea.id]);
    expect(await ids('campaignId=ZETA&campaignName=ZETA')).toEqual([care.id, tea.id]);
    expect(await ids('status=inactive')).toContain(care.id);
    expect(await ids('status=inactive')).not.toContain(tea.id);
    expect(await ids('status=Active')).toContain(tea.id);
    // The web sends its one term as every criterion: a number matches the call target, a word the names.
    expect(await ids('campaignId=4321&campaignName=4321&callTarget=4321&status=4321')).toEqual([tea.id]);
    expect(
      await ids('campaignId=zeta%20care&campaignName=zeta%20care&callTarget=zeta%20care&status=zeta%20care'),
    ).toEqual([care.id]);
  });

  it('treats % and _ as plain characters and answers [] without a usable criterion', async () => {
    const api = await admin();
    await add(api, { campaignName: 'Percent Plain' });
    expect((await api.get('/cc/searchCampaign?campaignName=%25')).body).toEqual([]);
    expect((await api.get('/cc/searchCampaign')).body).toEqual([]);
    expect((await api.get('/cc/searchCampaign?callTarget=abc&status=maybe')).body).toEqual([]);
  });
});

describe('PUT /cc/updateCampaign', () => {
  it('changes name, code, type, call target and status, and keeps the data table named after the campaign', async () => {
    const api = await admin();
    const c = await add(api, { campaignType: 'Inbound' });
    await t.db
      .insertInto('dataTables')
      .values({ campaignId: c.id, name: c.campaignName, columns: ['Outlet'] })
      .execute();
    const r = await api.put('/cc/updateCampaign', {
      id: c.id,
      campaignName: 'Renamed Drive',
      campaignId: 'REN-1',
      campaignType: 'Outbound',
      callTarget: 30,
      status: false,
      createAt: c.createAt,
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      ...c,
      campaignName: 'Renamed Drive',
      campaignId: 'REN-1',
      campaignType: 'Outbound',
      callTarget: 30,
      status: false,
    });
    expect((await api.get(`/cc/campaign/${c.id}`)).body).toEqual(r.body);
    const table = await t.db
      .selectFrom('dataTables')
      .select('name')
      .where('campaignId', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(table.name).toBe('Renamed Drive');
  });

  it('clears the call target when the type becomes Inbound, and accepts status as "true"/"false"', async () => {
    const api = await admin();
    const c = await add(api, { callTarget: 80 });
    const r = await api.put('/cc/updateCampaign', {
      id: c.id,
      campaignName: c.campaignName,
      campaignId: c.campaignId,
      campaignType: 'Inbound',
      callTarget: 80,
      status: 'false',
    });
    expect(r.json<TCampaign>()).toMatchObject({ campaignType: 'Inbound', callTarget: null, status: false });
  });

  it('keeps the stored type, call target and status when the body leaves them out', async () => {
    const api = await admin();
    const c = await add(api, { callTarget: 12, status: false });
    const r = await api.put('/cc/updateCampaign', { id: c.id, campaignName: 'Only Renamed', campaignId: c.campaignId });
    expect(r.body).toEqual({ ...c, campaignName: 'Only Renamed' });
  });

  it('answers 404 for an unknown id and creates nothing', async () => {
    const api = await admin();
    const before = (await api.get('/cc/totalCampaigns')).body;
    const r = await api.put('/cc/updateCampaign', {
      id: 987654,
      campaignName: 'Ghost',
      campaignId: 'GHOST',
      campaignType: 'Outbound',
    });
    expect(r.status).toBe(404);
    expect((await api.get('/cc/totalCampaigns')).body).toBe(before);
  });

  it('keeps names and codes unique, and names missing fields', async () => {
    const api = await admin();
    const a = await add(api);
    const b = await add(api);
    const byName = await api.put('/cc/updateCampaign', {
      id: b.id,
      campaignName: a.campaignName.toUpperCase(),
      campaignId: b.campaignId,
    });
    expect(byName.status).toBe(409);
    expect(byName.json<{ message: string }>().message).toMatch(/already exists/);
    expect(byName.body).toMatchObject({ code: 'DUPLICATE', field: 'campaignName' });
    const byCode = await api.put('/cc/updateCampaign', {
      id: b.id,
      campaignName: b.campaignName,
      campaignId: a.campaignId,
    });
    expect(byCode.status).toBe(409);
    expect(byCode.body).toMatchObject({ code: 'DUPLICATE', field: 'campaignId' });
    expect((await api.get(`/cc/campaign/${b.id}`)).body).toEqual(b);
    const missing = await api.put('/cc/updateCampaign', { id: b.id, campaignId: b.campaignId });
    expect(missing.status).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/campaignName/);
  });
});

describe("a campaign's callback grace (callbackGraceMinutes)", () => {
  it('is set on add, changed on edit and kept when an edit leaves it out; the change is audited', async () => {
    const api = await admin();
    const c = await add(api, { callbackGraceMinutes: 45 });
    expect(c.callbackGraceMinutes).toBe(45);
    const edited = await api.put('/cc/updateCampaign', {
      id: c.id,
      campaignName: c.campaignName,
      campaignId: c.campaignId,
      callbackGraceMinutes: 0,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toEqual({ ...c, callbackGraceMinutes: 0 });
    // The older edit form knows nothing of it: its edit keeps the grace.
    const older = await api.put('/cc/updateCampaign', {
      id: c.id,
      campaignName: c.campaignName,
      campaignId: c.campaignId,
      callTarget: 41,
    });
    expect(older.json<TCampaign>()).toMatchObject({ callTarget: 41, callbackGraceMinutes: 0 });
    const stored = await t.db
      .selectFrom('campaigns')
      .select('callbackGraceMinutes')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(stored.callbackGraceMinutes).toBe(0);
    const audited = await t.db
      .selectFrom('auditLog')
      .select(['action', 'changes'])
      .where('objectType', '=', 'campaign')
      .where('objectId', '=', String(c.id))
      .orderBy('id')
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['create', 'update', 'update']);
    expect(audited[1]?.changes).toEqual({ before: { callbackGraceMinutes: 45 }, after: { callbackGraceMinutes: 0 } });
  });

  it('takes 0 to 7 days (10080 minutes), a whole number, and refuses anything else naming it, storing nothing', async () => {
    const api = await admin();
    const c = await add(api);
    const top = await api.put('/cc/updateCampaign', {
      id: c.id,
      campaignName: c.campaignName,
      campaignId: c.campaignId,
      callbackGraceMinutes: 10_080,
    });
    expect(top.json<TCampaign>().callbackGraceMinutes).toBe(10_080);
    const refusals: [unknown, string][] = [
      [10_081, 'callbackGraceMinutes must be at most 10080 (7 days)'],
      [-1, 'callbackGraceMinutes must be 0 or more'],
      [1.5, 'callbackGraceMinutes must be a whole number of minutes'],
      ['60', 'callbackGraceMinutes must be a whole number of minutes'],
      [null, 'callbackGraceMinutes must be a whole number of minutes'],
    ];
    for (const [grace, message] of refusals) {
      const r = await api.put('/cc/updateCampaign', {
        id: c.id,
        campaignName: 'Not Stored',
        campaignId: c.campaignId,
        callbackGraceMinutes: grace,
      });
      expect(r.status, String(grace)).toBe(400);
      expect(r.json<{ message: string }>().message, String(grace)).toContain(message);
      const added = await api.post('/cc/addCampaign', body({ callbackGraceMinutes: grace }));
      expect(added.status, String(grace)).toBe(400);
    }
    expect((await api.get(`/cc/campaign/${c.id}`)).body).toEqual({ ...c, callbackGraceMinutes: 10_080 });
    expect(
      (await t.db.selectFrom('campaigns').select('id').where('campaignName', '=', 'Not Stored').execute()).length,
    ).toBe(0);
  });
});

describe('DELETE /cc/delete/{id}', () => {
  it('deletes a campaign with nothing attached', async () => {
    const api = await admin();
    const c = await add(api);
    const r = await api.delete(`/cc/delete/${c.id}`);
    expect(r.status).toBe(204);
    expect((await api.get(`/cc/campaign/${c.id}`)).status).toBe(404);
  });

  it('refuses while a data table or leads are attached, naming them and how many, and allows it once they are gone', async () => {
    const api = await admin();
    const c = await add(api, { campaignName: 'Attached Drive' });
    await t.db
      .insertInto('dataTables')
      .values({ campaignId: c.id, name: c.campaignName, columns: ['Outlet'] })
      .execute();

    const tableOnly = await api.delete(`/cc/delete/${c.id}`);
    expect(tableOnly.status).toBe(409);
    expect(tableOnly.body).toEqual({ message: 'Campaign "Attached Drive" still has a data table. Delete it first.' });

    await insertLeads(c.id, 1250);
    const both = await api.delete(`/cc/delete/${c.id}`);
    expect(both.status).toBe(409);
    expect(both.body).toEqual({
      message: 'Campaign "Attached Drive" still has a data table and 1,250 leads. Delete those first.',
    });

    await t.db.deleteFrom('dataTables').where('campaignId', '=', c.id).execute();
    const leadsOnly = await api.delete(`/cc/delete/${c.id}`);
    expect(leadsOnly.body).toEqual({ message: 'Campaign "Attached Drive" still has 1,250 leads. Delete them first.' });
    expect((await api.get(`/cc/campaign/${c.id}`)).status).toBe(200);

    await t.db.deleteFrom('leads').where('campaignId', '=', c.id).execute();
    expect((await api.delete(`/cc/delete/${c.id}`)).status).toBe(204);
    expect((await api.get(`/cc/campaign/${c.id}`)).status).toBe(404);
  });

  it('answers 404 for an unknown id', async () => {
    const r = await (await admin()).delete('/cc/delete/777777');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: 'Campaign 777777 does not exist' });
  });
});

describe('totals and lead counts', () => {
  it('counts campaigns, inbound and outbound from the rows after adds and deletes', async () => {
    const api = await admin();
    const total = async (url: string) => (await api.get(url)).body as number;
    const totals = async () =>
      Promise.all([total('/cc/totalCampaigns'), total('/cc/totalInbound'), total('/cc/totalOutbound')]);
    const [all, inbound, outbound] = await totals();
    const stored = await t.db.selectFrom('campaigns').select(['campaignType']).execute();
    expect([all, inbound, outbound]).toEqual([
      stored.length,
      stored.filter((s) => s.campaignType === 'Inbound').length,
      stored.filter((s) => s.campaignType === 'Outbound').length,
    ]);

    const i = await add(api, { campaignType: 'Inbound' });
    await add(api, { campaignType: 'Outbound' });
    await add(api, { campaignType: 'Outbound' });
    expect(await totals()).toEqual([all + 3, inbound + 1, outbound + 2]);
    await api.delete(`/cc/delete/${i.id}`);
    await api.delete('/cc/delete/999999'); // deleting nothing changes nothing
    expect(await totals()).toEqual([all + 2, inbound, outbound + 2]);
  });

  it('GET /cc/leadCounts gives every campaign its number of leads', async () => {
    const api = await admin();
    const busy = await add(api);
    const idle = await add(api);
    await insertLeads(busy.id, 3);
    const counts = (await api.get('/cc/leadCounts')).json<Record<string, number>>();
    expect(counts[busy.campaignName]).toBe(3);
    expect(counts[idle.campaignName]).toBe(0);
  });
});
