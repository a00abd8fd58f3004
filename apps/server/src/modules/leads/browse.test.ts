import { describe, expect, it } from 'vitest';
import type { TLead, TPaged } from '@crm/shared';
import { createCampaign, useTestApp, type Caller } from '../../test/harness.ts';
import { insertLeads, many } from '../../test/leads-support.ts';

const t = useTestApp();
const admin = (): Promise<Caller> => t.callerFor('admin');

async function browse(api: Caller, campaign: string, params = ''): Promise<TPaged<TLead>> {
  const r = await api.get(`/dynamic/leads/${encodeURIComponent(campaign)}${params ? `?${params}` : ''}`);
  expect(r.status, r.text).toBe(200);
  return r.json<TPaged<TLead>>();
}

const ids = (page: TPaged<TLead>) => page.response.content.map((l) => l.id);

describe('GET /dynamic/leads/{t}', () => {
  it('pages through the campaign’s leads, newest date first then upload order, in the flat lead shape', async () => {
    const c = await createCampaign(t.db, { campaignName: 'Browsed Survey' });
    const other = await createCampaign(t.db);
    await t.db.insertInto('dataTables').values({ campaignId: c.id, name: 'browsed_survey', columns: ['shop', 'age'] }).execute();
    await t.db.updateTable('campaigns').set({ nextQno: 3 }).where('id', '=', c.id).execute();
    const older = await insertLeads(t.db, c.id, many(2, { dataDate: '2024-04-01' }));
    const newer = await insertLeads(t.db, c.id, [
      { dataDate: '2024-05-01', brId: 'B1', targetSelector: 'A', dataStatus: 'valid', respondentName: 'Rina', cellNumber: '+8801711000001', fields: { shop: 'Karim Store' }, answers: { Q2: 'Yes' }, generateStatus: 1, forD: 'd', isCalled: 1 },
      ...many(2, { dataDate: '2024-05-01' }),
    ]);
    await insertLeads(t.db, other.id, many(3, {}));
    const api = await admin();

    const first = await browse(api, 'browsed survey', 'page=0&size=2');
    expect(first.recordCount).toBe(5);
    expect(first.response).toMatchObject({ totalElements: 5, totalPages: 3, size: 2, number: 0 });
    expect(ids(first)).toEqual(newer.slice(0, 2));
    expect(ids(await browse(api, c.campaignName, 'page=1&size=2'))).toEqual([newer[2], older[0]]);
    expect(ids(await browse(api, c.campaignName, 'page=2&size=2'))).toEqual([older[1]]);
    expect(ids(await browse(api, c.campaignName, 'page=3&size=2'))).toEqual([]);

    const lead = first.response.content[0]!;
    expect(Object.keys(lead)).toEqual([
      'id', 'did', 'data_status', 'br_id', 'region', 'territory', 'area', 'respondent_name', 'cell_number', 'data_date', 'brand',
      'target_selector', 'for_d', 'generate_status', 'is_called', 'createdAt', 'shop', 'age', 'Q1', 'Q2',
    ]);
    expect(lead).toMatchObject({
      id: newer[0], data_status: 'valid', br_id: 'B1', respondent_name: 'Rina', cell_number: '+8801711000001', data_date: '2024-05-01',
      target_selector: 'A', for_d: 'd', generate_status: 1, is_called: 1, shop: 'Karim Store', age: null, Q1: null, Q2: 'Yes',
    });
  });

  it('filters by data date and by state: fresh, generated (not called), called', async () => {
    const c = await createCampaign(t.db);
    const [fresh, generated, regenerated, called] = await insertLeads(t.db, c.id, [
      {},
      { generateStatus: 1, forD: 'd' },
      { generateStatus: 2, forD: 'd' },
      { generateStatus: 1, forD: 'd', isCalled: 1 },
    ]);
    const otherDate = await insertLeads(t.db, c.id, [{ dataDate: '2024-06-01' }]);
    const api = await admin();
    expect(ids(await browse(api, c.campaignName, 'dataDate=2024-06-01'))).toEqual(otherDate);
    expect(ids(await browse(api, c.campaignName, 'dataDate=2024-05-01&status=fresh'))).toEqual([fresh]);
    expect(ids(await browse(api, c.campaignName, 'status=fresh'))).toEqual([...otherDate, fresh]);
    expect(ids(await browse(api, c.campaignName, 'status=generated'))).toEqual([generated, regenerated]);
    expect(ids(await browse(api, c.campaignName, 'status=called'))).toEqual([called]);
    expect((await browse(api, c.campaignName, 'dataDate=2023-01-01')).recordCount).toBe(0);
  });

  it('finds a lead by its number written any way, and by part of a number', async () => {
    const c = await createCampaign(t.db);
    const [rina, karim] = await insertLeads(t.db, c.id, [{ cellNumber: '+8801712345678' }, { cellNumber: '+8801812345678' }]);
    const api = await admin();
    for (const phone of ['01712345678', '8801712345678', '+88 017-1234-5678']) {
      const page = await browse(api, c.campaignName, new URLSearchParams({ phone }).toString());
      expect(ids(page), phone).toEqual([rina]);
    }
    expect(ids(await browse(api, c.campaignName, 'phone=2345678'))).toEqual([rina, karim]);
    expect(ids(await browse(api, c.campaignName, 'phone=0181'))).toEqual([karim]);
    expect(ids(await browse(api, c.campaignName, 'phone=01912345678'))).toEqual([]);
  });
});
