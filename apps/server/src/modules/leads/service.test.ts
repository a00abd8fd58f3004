import { describe, expect, it } from 'vitest';
import { LEAD_MESSAGES, type TLeadDateSummary } from '@crm/shared';
import { createCampaign, useTestApp, type Caller } from '../../test/harness.ts';
import { DATE, expectMessage, insertLeads, many, query } from '../../test/leads-support.ts';

const t = useTestApp();
const admin = (): Promise<Caller> => t.callerFor('admin');

describe('GET /dynamic/unique_data_dates/{t}', () => {
  it("lists the campaign's data dates once each, newest first, and no other campaign's", async () => {
    const c = await createCampaign(t.db, { campaignName: 'Dated Survey' });
    const other = await createCampaign(t.db);
    await insertLeads(t.db, c.id, [
      { dataDate: '2024-01-31' },
      { dataDate: '2024-12-01' },
      { dataDate: '2024-01-31' },
      { dataDate: '2023-12-31' },
    ]);
    await insertLeads(t.db, other.id, [{ dataDate: '2025-06-01' }]);
    const r = await (await admin()).get('/dynamic/unique_data_dates/dated%20survey');
    expect(r.status).toBe(200);
    expect(r.body).toEqual(['2024-12-01', '2024-01-31', '2023-12-31']);
  });

  it('is empty for a campaign without leads', async () => {
    const c = await createCampaign(t.db);
    expect(
      (await (await admin()).get(`/dynamic/unique_data_dates/${encodeURIComponent(c.campaignName)}`)).body,
    ).toEqual([]);
  });
});

describe('GET /dynamic/unique_target_selector/{t}', () => {
  it('lists the selectors sorted, with "" for leads without one', async () => {
    const c = await createCampaign(t.db);
    await insertLeads(t.db, c.id, [
      { targetSelector: 'Smoker' },
      { targetSelector: 'Non-smoker' },
      { targetSelector: null },
      { targetSelector: 'Smoker', dataDate: '2024-06-01' },
    ]);
    const r = await (await admin()).get(`/dynamic/unique_target_selector/${encodeURIComponent(c.campaignName)}`);
    expect(r.body).toEqual(['', 'Non-smoker', 'Smoker']);
  });

  it('leaves "" out when every lead has a selector', async () => {
    const c = await createCampaign(t.db);
    await insertLeads(t.db, c.id, [{ targetSelector: 'B' }, { targetSelector: 'A' }]);
    expect(
      (await (await admin()).get(`/dynamic/unique_target_selector/${encodeURIComponent(c.campaignName)}`)).body,
    ).toEqual(['A', 'B']);
  });
});

describe('GET /dynamic/leadSummary/{t}', () => {
  it("counts one date's leads exactly, in total and per selector with its br_id groups", async () => {
    const c = await createCampaign(t.db);
    await insertLeads(t.db, c.id, [
      ...many(3, { brId: 'B1', targetSelector: 'A' }), // fresh
      { brId: 'B2', targetSelector: 'A', generateStatus: 1, forD: 'd' }, // uncalled
      { brId: 'B2', targetSelector: 'A', generateStatus: 2, forD: 'd', isCalled: 1, answers: { Q1: 'Yes' } }, // called, answered
      { brId: null, targetSelector: 'A', generateStatus: 1, forD: 'd', isCalled: 1 }, // called, no answers
      ...many(2, { brId: 'B1', targetSelector: null }), // fresh, no selector
      ...many(4, { brId: 'B1', targetSelector: 'A', dataDate: '2024-05-02', generateStatus: 1 }), // another date
    ]);
    const r = await (await admin()).get(`/dynamic/leadSummary/${encodeURIComponent(c.campaignName)}?dataDate=${DATE}`);
    expect(r.status, r.text).toBe(200);
    expect(r.json<TLeadDateSummary>()).toEqual({
      dataDate: DATE,
      total: 8,
      fresh: 5,
      generated: 3,
      uncalled: 1,
      called: 2,
      withAnswers: 1,
      selectors: [
        { targetSelector: '', groups: 1, total: 2, fresh: 2, generated: 0, uncalled: 0, called: 0, withAnswers: 0 },
        { targetSelector: 'A', groups: 3, total: 6, fresh: 3, generated: 3, uncalled: 1, called: 2, withAnswers: 1 },
      ],
    });
  });

  it('answers zeros and no selectors for a date without leads', async () => {
    const c = await createCampaign(t.db);
    const r = await (
      await admin()
    ).get(`/dynamic/leadSummary/${encodeURIComponent(c.campaignName)}?dataDate=2020-01-01`);
    expect(r.body).toEqual({
      dataDate: '2020-01-01',
      total: 0,
      fresh: 0,
      generated: 0,
      uncalled: 0,
      called: 0,
      withAnswers: 0,
      selectors: [],
    });
  });
});

describe('DELETE /dynamic/deleteLead', () => {
  it("removes that date's leads of that campaign only, and says how many", async () => {
    const c = await createCampaign(t.db, { campaignName: 'Deleting Survey' });
    const other = await createCampaign(t.db);
    await insertLeads(t.db, c.id, [...many(3, {}), { generateStatus: 1, isCalled: 1, answers: { Q1: 'No' } }]);
    const keptOtherDate = await insertLeads(t.db, c.id, many(2, { dataDate: '2024-05-02' }));
    const keptOtherCampaign = await insertLeads(t.db, other.id, many(2, {}));
    const r = await (
      await admin()
    ).delete(`/dynamic/deleteLead?${query({ tableName: 'DELETING SURVEY', dataDate: DATE })}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ rowsDeleted: 4, message: LEAD_MESSAGES.deleted });
    const left = await t.db
      .selectFrom('leads')
      .select('id')
      .where('campaignId', 'in', [c.id, other.id])
      .orderBy('id')
      .execute();
    expect(left.map((l) => Number(l.id))).toEqual([...keptOtherDate, ...keptOtherCampaign]);
  });

  it('deletes nothing, and says 0, for a date without leads', async () => {
    const c = await createCampaign(t.db);
    await insertLeads(t.db, c.id, many(2, {}));
    const r = await (
      await admin()
    ).delete(`/dynamic/deleteLead?${query({ tableName: c.campaignName, dataDate: '2024-05-03' })}`);
    expect(r.body).toEqual({ rowsDeleted: 0, message: LEAD_MESSAGES.deleted });
    expect(await t.db.selectFrom('leads').select('id').where('campaignId', '=', c.id).execute()).toHaveLength(2);
  });

  it('answers 404 for an unknown campaign and deletes nothing', async () => {
    const c = await createCampaign(t.db);
    await insertLeads(t.db, c.id, many(1, {}));
    expectMessage(
      await (await admin()).delete(`/dynamic/deleteLead?${query({ tableName: 'Nope', dataDate: DATE })}`),
      404,
      /Nope/,
    );
    expect(await t.db.selectFrom('leads').select('id').where('campaignId', '=', c.id).execute()).toHaveLength(1);
  });
});
