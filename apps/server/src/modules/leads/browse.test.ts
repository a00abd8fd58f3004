import { describe, expect, it } from 'vitest';
import type { TLeadPage } from '@crm/shared';
import { createCampaign, createUser, useTestApp, type Caller } from '../../test/harness.ts';
import { addLead, panelCampaign, saveUrl } from '../../test/crm-support.ts';
import { insertLeads, many } from '../../test/leads-support.ts';

const t = useTestApp();
const admin = (): Promise<Caller> => t.callerFor('admin');

async function browse(api: Caller, campaign: string, params = ''): Promise<TLeadPage> {
  const r = await api.get(`/dynamic/leads/${encodeURIComponent(campaign)}${params ? `?${params}` : ''}`);
  expect(r.status, r.text).toBe(200);
  return r.json<TLeadPage>();
}

const ids = (page: TLeadPage) => page.response.content.map((l) => l.id);
const cursor = (c: string | null) => encodeURIComponent(c ?? 'none');

/** Every page from the first by Next, then every page from the last by Previous: the ids each way. */
async function walk(
  api: Caller,
  campaign: string,
  params: string,
): Promise<{ forward: number[][]; backward: number[][] }> {
  const forward: number[][] = [];
  let page = await browse(api, campaign, params);
  forward.push(ids(page) as number[]);
  expect(page.cursors.previous).toBeNull();
  while (page.cursors.next !== null) {
    page = await browse(api, campaign, `${params}&after=${cursor(page.cursors.next)}`);
    forward.push(ids(page) as number[]);
  }
  const backward: number[][] = [];
  page = await browse(api, campaign, `${params}&last=true`);
  backward.unshift(ids(page) as number[]);
  expect(page.cursors.next).toBeNull();
  while (page.cursors.previous !== null) {
    page = await browse(api, campaign, `${params}&before=${cursor(page.cursors.previous)}`);
    backward.unshift(ids(page) as number[]);
  }
  return { forward, backward };
}

describe('GET /dynamic/leads/{t}', () => {
  it('pages through the campaign’s leads, newest date first then upload order, in the flat lead shape', async () => {
    const c = await createCampaign(t.db, { campaignName: 'Browsed Survey' });
    const other = await createCampaign(t.db);
    await t.db
      .insertInto('dataTables')
      .values({ campaignId: c.id, name: 'browsed_survey', columns: ['shop', 'age'] })
      .execute();
    await t.db.updateTable('campaigns').set({ nextQno: 3 }).where('id', '=', c.id).execute();
    const older = await insertLeads(t.db, c.id, many(2, { dataDate: '2024-04-01' }));
    const newer = await insertLeads(t.db, c.id, [
      {
        dataDate: '2024-05-01',
        brId: 'B1',
        targetSelector: 'A',
        dataStatus: 'valid',
        respondentName: 'Rina',
        cellNumber: '+8801711000001',
        fields: { shop: 'Karim Store' },
        answers: { Q2: 'Yes' },
        generateStatus: 1,
        forD: 'd',
        isCalled: 1,
      },
      ...many(2, { dataDate: '2024-05-01' }),
    ]);
    await insertLeads(t.db, other.id, many(3, {}));
    const api = await admin();

    const first = await browse(api, 'browsed survey', 'size=2');
    expect(first.recordCount).toBe(5);
    expect(first.response).toMatchObject({ totalElements: 5, totalPages: 3, size: 2, number: 0 });
    expect(ids(first)).toEqual(newer.slice(0, 2));
    expect(first.cursors).toEqual({ next: `2024-05-01,${newer[1]}`, previous: null });
    const second = await browse(api, c.campaignName, `size=2&after=${cursor(first.cursors.next)}`);
    expect(ids(second)).toEqual([newer[2], older[0]]);
    expect(second.response.number).toBe(-1);
    expect(second.cursors).toEqual({ next: `2024-04-01,${older[0]}`, previous: `2024-05-01,${newer[2]}` });
    const third = await browse(api, c.campaignName, `size=2&after=${cursor(second.cursors.next)}`);
    expect(ids(third)).toEqual([older[1]]);
    expect(third.cursors.next).toBeNull();
    // The last page lines up with the first: 5 leads in pages of 2 end with a page of 1, read by the reversed order.
    const last = await browse(api, c.campaignName, 'size=2&last=true');
    expect(ids(last)).toEqual([older[1]]);
    expect(last.response.number).toBe(2);
    expect(ids(await browse(api, c.campaignName, `size=2&before=${cursor(last.cursors.previous)}`))).toEqual([
      newer[2],
      older[0],
    ]);
    expect(ids(await browse(api, c.campaignName, `size=2&before=${cursor(second.cursors.previous)}`))).toEqual(
      newer.slice(0, 2),
    );

    const lead = first.response.content[0]!;
    expect(Object.keys(lead)).toEqual([
      'id',
      'did',
      'data_status',
      'br_id',
      'region',
      'territory',
      'area',
      'respondent_name',
      'cell_number',
      'data_date',
      'brand',
      'target_selector',
      'for_d',
      'generate_status',
      'is_called',
      'createdAt',
      'shop',
      'age',
      'Q1',
      'Q2',
    ]);
    expect(lead).toMatchObject({
      id: newer[0],
      data_status: 'valid',
      br_id: 'B1',
      respondent_name: 'Rina',
      cell_number: '+8801711000001',
      data_date: '2024-05-01',
      target_selector: 'A',
      for_d: 'd',
      generate_status: 1,
      is_called: 1,
      shop: 'Karim Store',
      age: null,
      Q1: null,
      Q2: 'Yes',
    });
  });

  it('filters by data date and by state: fresh, generated (not completed), called (at least once), completed', async () => {
    const c = await createCampaign(t.db);
    const calledAt = new Date('2024-05-01T10:00:00Z');
    const [fresh, generated, regenerated, called, tried] = await insertLeads(t.db, c.id, [
      {},
      { generateStatus: 1, forD: 'd' },
      { generateStatus: 2, forD: 'd' },
      { generateStatus: 1, forD: 'd', isCalled: 1, calledAt },
      // Called, not completed.
      { generateStatus: 1, forD: 'd', isCalled: 0, calledAt },
    ]);
    const otherDate = await insertLeads(t.db, c.id, [{ dataDate: '2024-06-01' }]);
    const api = await admin();
    expect(ids(await browse(api, c.campaignName, 'dataDate=2024-06-01'))).toEqual(otherDate);
    expect(ids(await browse(api, c.campaignName, 'dataDate=2024-05-01&status=fresh'))).toEqual([fresh]);
    expect(ids(await browse(api, c.campaignName, 'status=fresh'))).toEqual([...otherDate, fresh]);
    expect(ids(await browse(api, c.campaignName, 'status=generated'))).toEqual([generated, regenerated, tried]);
    expect(ids(await browse(api, c.campaignName, 'status=called'))).toEqual([called, tried]);
    expect((await browse(api, c.campaignName, 'status=called')).recordCount).toBe(2);
    expect(ids(await browse(api, c.campaignName, 'status=completed'))).toEqual([called]);
    expect((await browse(api, c.campaignName, 'dataDate=2023-01-01')).recordCount).toBe(0);
  });

  it('finds a lead by its number written any way, and by part of a number', async () => {
    const c = await createCampaign(t.db);
    const [rina, karim] = await insertLeads(t.db, c.id, [
      { cellNumber: '+8801712345678' },
      { cellNumber: '+8801812345678' },
    ]);
    const api = await admin();
    for (const phone of ['01712345678', '8801712345678', '+88 017-1234-5678']) {
      const page = await browse(api, c.campaignName, new URLSearchParams({ phone }).toString());
      expect(ids(page), phone).toEqual([rina]);
    }
    expect(ids(await browse(api, c.campaignName, 'phone=2345678'))).toEqual([rina, karim]);
    expect(ids(await browse(api, c.campaignName, 'phone=0181'))).toEqual([karim]);
    expect(ids(await browse(api, c.campaignName, 'phone=01912345678'))).toEqual([]);
  });

  it('walks every page each way, ties on one date in upload order, with and without filters', async () => {
    const c = await createCampaign(t.db);
    const all: number[] = [];
    for (const dataDate of ['2024-05-03', '2024-05-02', '2024-05-01']) {
      all.push(
        ...(await insertLeads(
          t.db,
          c.id,
          Array.from({ length: 7 }, (_, i) => ({
            dataDate,
            isCalled: i % 3 === 0 ? 1 : 0,
            generateStatus: i % 3 === 0 ? 1 : 0,
          })),
        )),
      );
    }
    // Older dates first in upload order, newest date last: the order is by date, not by id.
    await insertLeads(t.db, c.id, many(2, { dataDate: '2024-05-04' }));
    const api = await admin();
    const newest = (await browse(api, c.campaignName, 'dataDate=2024-05-04')).response.content.map(
      (l) => l.id as number,
    );
    const expected = [...newest, ...all];
    for (const size of [1, 4, 23, 100]) {
      const { forward, backward } = await walk(api, c.campaignName, `size=${size}`);
      expect(forward.flat(), `size ${size}`).toEqual(expected);
      expect(backward.flat(), `size ${size}`).toEqual(expected);
      // Counted from the first row, the pages are the same both ways.
      expect(backward, `size ${size}`).toEqual(forward);
    }
    const called = expected.filter((_, i) => i >= 2 && ((i - 2) % 7) % 3 === 0);
    const walked = await walk(api, c.campaignName, 'size=2&status=completed');
    expect(walked.forward.flat()).toEqual(called);
    expect(walked.backward.flat()).toEqual(called);
    const oneDate = await walk(api, c.campaignName, 'size=3&dataDate=2024-05-02');
    expect(oneDate.forward.flat()).toEqual(all.slice(7, 14));
    expect(oneDate.backward).toEqual(oneDate.forward);
    const total = await browse(api, c.campaignName, 'size=3&status=completed&dataDate=2024-05-02');
    expect(total.response.totalElements).toBe(3);
  });

  it('the next page follows the last row seen, whatever was added before it or after it meanwhile', async () => {
    const c = await createCampaign(t.db);
    const first = await insertLeads(t.db, c.id, many(6, { dataDate: '2024-05-01' }));
    const api = await admin();
    const page = await browse(api, c.campaignName, 'size=3');
    expect(ids(page)).toEqual(first.slice(0, 3));
    // A newer date (it sorts before the page) and more of the same date (after it).
    await insertLeads(t.db, c.id, many(4, { dataDate: '2024-05-09' }));
    const later = await insertLeads(t.db, c.id, many(2, { dataDate: '2024-05-01' }));
    const next = await browse(api, c.campaignName, `size=3&after=${cursor(page.cursors.next)}`);
    expect(ids(next)).toEqual(first.slice(3, 6));
    expect(next.response.totalElements).toBe(12);
    expect(ids(await browse(api, c.campaignName, `size=3&after=${cursor(next.cursors.next)}`))).toEqual(later);
    // The row a cursor names may be gone: the page still starts after its place.
    await t.db.deleteFrom('leads').where('id', '=', String(first[2])).execute();
    expect(ids(await browse(api, c.campaignName, `size=3&after=${cursor(page.cursors.next)}`))).toEqual(
      first.slice(3, 6),
    );
  });

  it('past the end a page after a row is the last page, before the start a page before one is the first', async () => {
    const c = await createCampaign(t.db);
    const leads = await insertLeads(t.db, c.id, many(5, {}));
    const api = await admin();
    expect(ids(await browse(api, c.campaignName, `size=2&after=${cursor(`2024-05-01,${leads[4]}`)}`))).toEqual([
      leads[4],
    ]);
    expect(ids(await browse(api, c.campaignName, `size=2&before=${cursor(`2024-05-01,${leads[0]}`)}`))).toEqual(
      leads.slice(0, 2),
    );
    const empty = await browse(api, c.campaignName, 'size=2&last=true&status=called');
    expect(empty.response).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
    expect(empty.cursors).toEqual({ next: null, previous: null });
  });

  it("gives each row's calls: how many attempts, and the last one's disposition, agent and time", async () => {
    const c = await panelCampaign(t);
    const agent = await t.as(await createUser(t.db, { role: 'agent', username: 'AG-8301' }), { campaign: c.name });
    const twice = await addLead(t, c.id, '+8801718000001');
    const never = await addLead(t, c.id, '+8801718000002');
    expect(
      (await agent.put(saveUrl(c.name, '01718000001', twice), { Q1: 'No', is_called: 0, disposition: 'LANG' })).status,
    ).toBe(200);
    const last = await agent.put(saveUrl(c.name, '01718000001', twice), { Q1: 'Yes', is_called: 1 });
    expect(last.status).toBe(200);
    const ended = await t.db
      .selectFrom('callAttempts')
      .select('endedAt')
      .where('leadId', '=', String(twice))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const page = await browse(c.admin, c.name);
    expect(ids(page)).toEqual([twice, never]);
    expect(page.calls).toEqual([
      {
        leadId: twice,
        attempts: 2,
        lastDisposition: 'COMPLETE',
        lastDispositionName: 'Completed',
        lastAgentId: 'AG-8301',
        lastCallAt: ended.endedAt.toISOString(),
      },
      {
        leadId: never,
        attempts: 0,
        lastDisposition: null,
        lastDispositionName: null,
        lastAgentId: null,
        lastCallAt: null,
      },
    ]);
    expect(ids(await browse(c.admin, c.name, 'status=called'))).toEqual([twice]);
    expect((await browse(c.admin, c.name, 'phone=01718000002')).calls).toEqual([page.calls?.[1]]);
  });

  it('refuses a cursor that is not a date and an id, and more than one of after, before and last', async () => {
    const c = await createCampaign(t.db);
    const api = await admin();
    for (const params of [
      'after=12',
      'before=2024-02-30,4',
      'after=2024-05-01,x',
      'after=2024-05-01,1&last=true',
      'last=maybe',
    ]) {
      const r = await api.get(`/dynamic/leads/${encodeURIComponent(c.campaignName)}?${params}`);
      expect(r.status, params).toBe(400);
    }
    expect(
      (await api.get(`/dynamic/leads/${encodeURIComponent(c.campaignName)}?after=12`)).json<{ message: string }>()
        .message,
    ).toMatch(/after must be a row's date and id, written yyyy-MM-dd,id/);
  });
});
