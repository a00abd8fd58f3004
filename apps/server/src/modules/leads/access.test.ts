import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@crm/shared';
import { createCampaign, useTestApp } from '../../test/harness.ts';
import { DATE, expectMessage, generatedIds, insertLeads, many, query } from '../../test/leads-support.ts';

const t = useTestApp();

type Method = 'GET' | 'POST' | 'DELETE';
const routes = (campaign: string): [Method, string][] => {
  const c = encodeURIComponent(campaign);
  const dated = query({ tableName: campaign, dataDate: DATE });
  return [
    ['GET', `/dynamic/unique_data_dates/${c}`],
    ['GET', `/dynamic/unique_target_selector/${c}`],
    ['GET', `/dynamic/leadSummary/${c}?dataDate=${DATE}`],
    ['POST', `/dynamic/updateData?${dated}`],
    ['POST', `/dynamic/reGenerateData?${dated}`],
    ['DELETE', `/dynamic/deleteLead?${dated}`],
    ['GET', `/dynamic/leads/${c}`],
  ];
};

describe('lead routes: who may call them', () => {
  it('answers 401 to anonymous callers and 403 to agents and QC inspectors on every route, and changes nothing', async () => {
    const c = await createCampaign(t.db);
    await insertLeads(t.db, c.id, many(3, { brId: 'B1', targetSelector: 'A' }));
    const agent = await t.callerFor('agent', { campaign: c.campaignName });
    const qc = await t.callerFor('qc');
    for (const [method, url] of routes(c.campaignName)) {
      const body = method === 'POST' ? { A: 3 } : undefined;
      expect((await t.anonymous.request(method, url, body)).status, `${method} ${url}`).toBe(401);
      for (const api of [agent, qc]) {
        const r = await api.request(method, url, body);
        expect(r.status, `${method} ${url}`).toBe(403);
        expect(r.body).toEqual({ message: MESSAGES.auth.forbidden });
      }
    }
    expect(await generatedIds(t.db, c.id)).toEqual([]);
    expect(await t.db.selectFrom('leads').select('id').where('campaignId', '=', c.id).execute()).toHaveLength(3);
  });
});

describe('lead routes: bad requests', () => {
  it('answers 404 naming the campaign on every route when it does not exist', async () => {
    const admin = await t.callerFor('admin');
    for (const [method, url] of routes('No Such Campaign')) {
      const r = await admin.request(method, url, method === 'POST' ? { A: 1 } : undefined);
      expectMessage(r, 404, 'Campaign "No Such Campaign" does not exist');
    }
  });

  it('answers 400 naming the field for a missing or malformed date, campaign name, target or status', async () => {
    const c = await createCampaign(t.db);
    await insertLeads(t.db, c.id, many(2, { brId: 'B1', targetSelector: 'A' }));
    const admin = await t.callerFor('admin');
    const name = encodeURIComponent(c.campaignName);
    const cases: [Method, string, unknown, RegExp][] = [
      ['GET', `/dynamic/leadSummary/${name}`, undefined, /dataDate is required/],
      [
        'GET',
        `/dynamic/leadSummary/${name}?dataDate=2024-02-30`,
        undefined,
        /dataDate must be a date written yyyy-MM-dd/,
      ],
      [
        'POST',
        `/dynamic/updateData?${query({ tableName: c.campaignName, dataDate: '01/05/2024' })}`,
        { A: 1 },
        /dataDate must be a date/,
      ],
      [
        'POST',
        `/dynamic/updateData?${query({ dataDate: DATE })}`,
        { A: 1 },
        /tableName \(the campaign name\) is required/,
      ],
      [
        'POST',
        `/dynamic/updateData?${query({ tableName: c.campaignName, dataDate: DATE })}`,
        { A: -1 },
        /a target cannot be negative/,
      ],
      [
        'POST',
        `/dynamic/updateData?${query({ tableName: c.campaignName, dataDate: DATE })}`,
        { A: 'two' },
        /each target must be a whole number/,
      ],
      [
        'POST',
        `/dynamic/reGenerateData?${query({ tableName: c.campaignName, dataDate: DATE, all: 'yes' })}`,
        {},
        /all must be true or false/,
      ],
      [
        'POST',
        `/dynamic/reGenerateData?${query({ tableName: c.campaignName, dataDate: DATE })}`,
        [1, 2],
        /send the targets as/,
      ],
      ['DELETE', `/dynamic/deleteLead?${query({ tableName: c.campaignName })}`, undefined, /dataDate is required/],
      ['GET', `/dynamic/leads/${name}?dataDate=2024-5-1`, undefined, /dataDate must be a date written yyyy-MM-dd/],
      ['GET', `/dynamic/leads/${name}?status=done`, undefined, /status must be one of: fresh, generated, called/],
      ['GET', `/dynamic/leads/${name}?size=1000`, undefined, /size must be at most 100/],
      ['GET', `/dynamic/leads/${name}?phone=abc`, undefined, /phone must contain at least one digit/],
    ];
    for (const [method, url, body, message] of cases)
      expectMessage(await admin.request(method, url, body), 400, message);
    expect(await generatedIds(t.db, c.id)).toEqual([]);
    expect(await t.db.selectFrom('leads').select('id').where('campaignId', '=', c.id).execute()).toHaveLength(2);
  });
});
