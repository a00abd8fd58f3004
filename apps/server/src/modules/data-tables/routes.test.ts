import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MESSAGES, type TDataTable, type TPaged } from '@crm/shared';
import { createCampaign, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();

let n = 0;
async function campaign(overrides: { campaignType?: 'Inbound' | 'Outbound' } = {}) {
  n += 1;
  return createCampaign(t.db, { campaignName: `Table Campaign ${n}`, ...overrides });
}

async function admin(): Promise<Caller> {
  return t.callerFor('admin');
}

async function storedColumns(campaignId: number): Promise<string[] | undefined> {
  return (await t.db.selectFrom('dataTables').select('columns').where('campaignId', '=', campaignId).executeTakeFirst())
    ?.columns;
}

async function insertLeads(campaignId: number, count: number) {
  await sql`insert into leads (campaign_id, cell_number, data_date)
            select ${campaignId}, '0181' || lpad(g::text, 7, '0'), date '2025-03-02' from generate_series(1, ${count}) g`.execute(
    t.db,
  );
}

const create = (api: Caller, campaignName: string, columns: string[]) =>
  api.post(
    `/dynamic/create?${new URLSearchParams([['tableName', campaignName], ...columns.map((c): [string, string] => ['columns', c])]).toString()}`,
  );

const ADMIN_ROUTES: [method: 'GET' | 'POST' | 'DELETE', url: string][] = [
  ['GET', '/dt/pagination/0/10'],
  ['GET', '/dt/searchDataTables?name=a'],
  ['POST', '/dt/addDataTables'],
  ['GET', '/dt/viewAllDataTables'],
  ['DELETE', '/dt/deleteDataTables/1'],
  ['GET', '/dt/totalDataTables'],
  ['POST', '/dynamic/create?tableName=x&columns=a'],
  ['DELETE', '/dynamic/deleteCampaignTable?campaignName=x'],
  ['GET', '/dynamic/countNumberOfDataAvailable?campaignDataTable=x'],
];

describe('data table routes: who may call them', () => {
  it('answers 401 to anonymous callers and 403 to agents and QC inspectors', async () => {
    const c = await campaign();
    const agent = await t.callerFor('agent');
    const qc = await t.callerFor('qc');
    for (const [method, url] of ADMIN_ROUTES) {
      const payload =
        method === 'POST' ? { campaignName: c.campaignName, numberOfField: 1, columns: ['Outlet'] } : undefined;
      expect((await t.anonymous.request(method, url, payload)).status, `${method} ${url}`).toBe(401);
      for (const api of [agent, qc]) {
        const r = await api.request(method, url, payload);
        expect(r.status, `${method} ${url}`).toBe(403);
        expect(r.body).toEqual({ message: MESSAGES.auth.forbidden });
      }
    }
    expect(await storedColumns(c.id)).toBeUndefined();
  });
});

describe('POST /dt/addDataTables', () => {
  it("creates the campaign's data table with its columns in one step, named after the campaign", async () => {
    const api = await admin();
    const c = await campaign();
    const r = await api.post('/dt/addDataTables', {
      campaignName: c.campaignName.toUpperCase(),
      numberOfField: 3,
      columns: [' Outlet name ', 'Outlet type', 'Sales officer'],
    });
    expect(r.status).toBe(200);
    const table = r.json<TDataTable>();
    expect(table).toMatchObject({
      name: c.campaignName,
      campaignName: c.campaignName,
      numberOfField: 3,
      columns: ['Outlet name', 'Outlet type', 'Sales officer'],
    });
    expect(Object.keys(table).sort()).toEqual(['campaignName', 'columns', 'createAt', 'id', 'name', 'numberOfField']);
    expect(await storedColumns(c.id)).toEqual(['Outlet name', 'Outlet type', 'Sales officer']);
  });

  it("works with the web's two calls: addDataTables with columns, then /dynamic/create with the same columns", async () => {
    const api = await admin();
    const c = await campaign();
    const columns = ['Complaint type', 'Product'];
    expect(
      (await api.post('/dt/addDataTables', { campaignName: c.campaignName, numberOfField: 2, columns })).status,
    ).toBe(200);
    const r = await create(api, c.campaignName, columns);
    expect(r.status).toBe(200);
    expect(r.json<TDataTable>().columns).toEqual(columns);
    expect(await storedColumns(c.id)).toEqual(columns);
  });

  it('refuses an unknown campaign (404), a second table for a campaign (409), and a bad field count (400)', async () => {
    const api = await admin();
    const missing = await api.post('/dt/addDataTables', { campaignName: 'No Such Campaign', numberOfField: 1 });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Campaign "No Such Campaign" does not exist' });

    const c = await campaign();
    expect(
      (await api.post('/dt/addDataTables', { campaignName: c.campaignName, numberOfField: 1, columns: ['Outlet'] }))
        .status,
    ).toBe(200);
    const again = await api.post('/dt/addDataTables', {
      campaignName: c.campaignName,
      numberOfField: 1,
      columns: ['Shop'],
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: `Campaign "${c.campaignName}" already has a data table`,
      code: 'DUPLICATE',
      field: 'campaignName',
    });
    expect(await storedColumns(c.id)).toEqual(['Outlet']);

    const other = await campaign();
    for (const numberOfField of [0, -1, 1.5, undefined]) {
      const r = await api.post('/dt/addDataTables', { campaignName: other.campaignName, numberOfField });
      expect(r.status, String(numberOfField)).toBe(400);
      expect(r.json<{ message: string }>().message).toMatch(/numberOfField/);
    }
    const noCampaign = await api.post('/dt/addDataTables', { campaignName: ' ', numberOfField: 1 });
    expect(noCampaign.json<{ message: string }>().message).toMatch(/campaignName/);
    const mismatch = await api.post('/dt/addDataTables', {
      campaignName: other.campaignName,
      numberOfField: 2,
      columns: ['Outlet'],
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({ message: 'numberOfField is 2 but 1 column names were given' });
    expect(await storedColumns(other.id)).toBeUndefined();
  });

  it('refuses a default lead column, a repeat or an empty name with the exact message, and stores nothing', async () => {
    const api = await admin();
    const c = await campaign();
    const cases: [string[], string][] = [
      [['Outlet', ' cell_number '], 'Column name "cell_number" already exists!'],
      [['Outlet', 'OUTLET'], 'Column name "OUTLET" already exists!'],
      [['Outlet', '  '], 'Each column name is required'],
    ];
    for (const [columns, message] of cases) {
      const r = await api.post('/dt/addDataTables', { campaignName: c.campaignName, numberOfField: 2, columns });
      expect(r.status).toBe(400);
      // The refused name's input: the second of each case.
      expect(r.body).toEqual({ message, code: 'INVALID_VALUE', field: 'columns.1' });
    }
    expect(await storedColumns(c.id)).toBeUndefined();
  });

  it('stores hostile names verbatim as data', async () => {
    const api = await admin();
    const c = await campaign();
    const hostile = ['x"; drop table users; --', "Robert'); DROP TABLE leads;--"];
    const r = await api.post('/dt/addDataTables', { campaignName: c.campaignName, numberOfField: 2, columns: hostile });
    expect(r.status).toBe(200);
    expect(await storedColumns(c.id)).toEqual(hostile);
    expect((await t.db.selectFrom('users').select('id').execute()).length).toBeGreaterThan(0);
  });
});

describe('POST /dynamic/create', () => {
  it('creates the data table when the campaign has none, then adds new columns', async () => {
    const api = await admin();
    const c = await campaign();
    expect((await create(api, c.campaignName, ['Outlet name'])).status).toBe(200);
    const r = await api.post(
      `/dynamic/create?tableName=${encodeURIComponent(c.campaignName)}&columns=Outlet%20type,Sales%20officer`,
    );
    expect(r.status).toBe(200);
    expect(r.json<TDataTable>()).toMatchObject({
      name: c.campaignName,
      numberOfField: 3,
      columns: ['Outlet name', 'Outlet type', 'Sales officer'],
    });
  });

  it('is all or nothing: one existing, reserved or repeated name refuses the request and leaves the columns as they were', async () => {
    const api = await admin();
    const c = await campaign();
    await create(api, c.campaignName, ['Outlet', 'Product']);
    const cases: [string[], string][] = [
      [['Brand new', 'region'], 'Column name "region" already exists!'],
      [['Brand new', 'product'], 'Column name "product" already exists!'],
      [['Brand new', 'Brand New'], 'Column name "Brand New" already exists!'],
    ];
    for (const [columns, message] of cases) {
      const r = await create(api, c.campaignName, columns);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ message, code: 'INVALID_VALUE', field: 'columns.1' });
      expect(await storedColumns(c.id)).toEqual(['Outlet', 'Product']);
    }
  });

  it('answers 404 for an unknown campaign and 400 without columns', async () => {
    const api = await admin();
    const missing = await create(api, 'Nowhere Campaign', ['Outlet']);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Campaign "Nowhere Campaign" does not exist' });
    const c = await campaign();
    const none = await api.post(`/dynamic/create?tableName=${encodeURIComponent(c.campaignName)}`);
    expect(none.status).toBe(400);
    expect(none.json<{ message: string }>().message).toMatch(/columns/);
  });
});

describe('listing, searching and counting data tables', () => {
  it('pages newest first, lists all, searches by name, campaign or field count, and counts from the rows', async () => {
    const api = await admin();
    const before = (await api.get('/dt/totalDataTables')).body as number;
    const a = await campaign();
    const b = await campaign();
    const ta = (await create(api, a.campaignName, ['Quirky one'])).json<TDataTable>();
    const tb = (await create(api, b.campaignName, ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'])).json<TDataTable>();
    expect((await api.get('/dt/totalDataTables')).body).toBe(before + 2);

    const page = (await api.get('/dt/pagination/0/2')).json<TPaged<TDataTable>>();
    expect(page.response.content.map((x) => x.id)).toEqual([tb.id, ta.id]);
    expect(page).toMatchObject({
      recordCount: before + 2,
      response: { totalElements: before + 2, size: 2, number: 0 },
    });
    expect((await api.get('/dt/viewAllDataTables')).json<TDataTable[]>().map((x) => x.id)).toEqual(
      expect.arrayContaining([ta.id, tb.id]),
    );

    const ids = async (query: string) =>
      (await api.get(`/dt/searchDataTables?${query}`)).json<TDataTable[]>().map((x) => x.id);
    expect(await ids(`name=${encodeURIComponent(a.campaignName.toLowerCase())}`)).toEqual([ta.id]);
    expect(await ids(`campaignName=${encodeURIComponent(b.campaignName.toUpperCase())}`)).toEqual([tb.id]);
    expect(await ids('numberOfField=7')).toContain(tb.id);
    expect(await ids('numberOfField=7')).not.toContain(ta.id);
    expect(await ids('name=%25&campaignName=%25&numberOfField=%25')).toEqual([]);
  });
});

describe('deleting data tables', () => {
  it('DELETE /dt/deleteDataTables/{id} removes the table, and refuses while the campaign has leads', async () => {
    const api = await admin();
    const c = await campaign();
    const table = (await create(api, c.campaignName, ['Outlet'])).json<TDataTable>();
    await insertLeads(c.id, 2);
    const refused = await api.delete(`/dt/deleteDataTables/${table.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: `Data table "${c.campaignName}" still has 2 leads. Delete them first.` });
    expect(await storedColumns(c.id)).toEqual(['Outlet']);

    await t.db.deleteFrom('leads').where('campaignId', '=', c.id).execute();
    const before = (await api.get('/dt/totalDataTables')).body as number;
    expect((await api.delete(`/dt/deleteDataTables/${table.id}`)).status).toBe(204);
    expect(await storedColumns(c.id)).toBeUndefined();
    expect((await api.get('/dt/totalDataTables')).body).toBe(before - 1);
    expect((await api.delete(`/dt/deleteDataTables/${table.id}`)).status).toBe(404);
  });

  it("DELETE /dynamic/deleteCampaignTable removes the campaign's table, refuses while it has leads, 404 otherwise", async () => {
    const api = await admin();
    const c = await campaign();
    await create(api, c.campaignName, ['Outlet']);
    await insertLeads(c.id, 1);
    const url = `/dynamic/deleteCampaignTable?campaignName=${encodeURIComponent(c.campaignName)}`;
    const refused = await api.delete(url);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: `Data table "${c.campaignName}" still has 1 lead. Delete them first.` });

    await t.db.deleteFrom('leads').where('campaignId', '=', c.id).execute();
    expect((await api.delete(url)).status).toBe(204);
    expect(await storedColumns(c.id)).toBeUndefined();
    const none = await api.delete(url);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: `Campaign "${c.campaignName}" has no data table` });
    expect((await api.delete('/dynamic/deleteCampaignTable?campaignName=Nope')).status).toBe(404);
  });
});

describe('GET /dynamic/countNumberOfDataAvailable', () => {
  it("counts the campaign's leads as a bare integer, and 404 for an unknown campaign", async () => {
    const api = await admin();
    const c = await campaign();
    const other = await campaign();
    await insertLeads(c.id, 5);
    await insertLeads(other.id, 2);
    const r = await api.get(
      `/dynamic/countNumberOfDataAvailable?campaignDataTable=${encodeURIComponent(c.campaignName)}`,
    );
    expect(r.status).toBe(200);
    expect(r.text).toBe('5');
    expect((await api.get('/dynamic/countNumberOfDataAvailable?campaignDataTable=Unknown%20One')).status).toBe(404);
  });
});
