import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { DEFAULT_LEAD_COLUMNS, FULL_REPORT_CALL_COLUMNS, LEAD_FILE_NAMES, localDateTimeText } from '@crm/shared';
import {
  type Caller,
  caller,
  createCampaign,
  createUser,
  tokenForRole,
  type Reply,
  useTestApp,
} from '../../test/harness.ts';
import { addLead, panelCampaign, saveUrl } from '../../test/crm-support.ts';
import { DATE, expectMessage, insertLeads, many, query } from '../../test/leads-support.ts';
import { TEST_TIME_ZONES, atLocal } from '../../test/time-zones.ts';

const t = useTestApp();
let admin: Caller;

beforeAll(async () => {
  admin = await t.callerFor('admin');
});

const BOM = '\uFEFF';
const forDUrl = (tableName: string, dataDate: string = DATE) =>
  `/api/file/generateCsv?${query({ tableName, dataDate })}`;
const fullUrl = (tableName: string, startDate?: string, endDate?: string) =>
  `/api/file/generateFullReportCsv?${query({ tableName, startDate, endDate })}`;

/** A 200 CSV download, parsed: header row, then one object per lead keyed by header. */
function csvOf(r: Reply, fileName: string): { header: string[]; rows: Record<string, string>[] } {
  expect(r.status, r.text).toBe(200);
  expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(r.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
  expect(r.text.startsWith(BOM)).toBe(true);
  // Records end with CRLF; a line break inside a value is always quoted (a spreadsheet would split the row otherwise).
  expect(r.text.replace(/"[^"]*"/g, '').replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const [header = [], ...records] = parse(r.text, { bom: true }) as string[][];
  return { header, rows: records.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']))) };
}

/** A campaign with a data table of its own columns and `answerColumns` answer numbers handed out. */
async function campaignWith(custom: string[] = [], answerColumns = 0) {
  const c = await createCampaign(t.db);
  if (custom.length > 0)
    await t.db
      .insertInto('dataTables')
      .values({ campaignId: c.id, name: `${c.campaignName} data`, columns: custom })
      .execute();
  await t.db
    .updateTable('campaigns')
    .set({ nextQno: answerColumns + 1 })
    .where('id', '=', c.id)
    .execute();
  return c;
}

describe('who may download the lead reports', () => {
  const urls = [forDUrl('Any'), fullUrl('Any', DATE, DATE)];

  it.each(urls)('refuses %s to anyone not signed in (401)', async (url) => {
    expect((await t.anonymous.get(url)).status).toBe(401);
  });

  it.each(urls)('refuses %s to agents and QC inspectors (403)', async (url) => {
    expect((await (await t.callerFor('agent')).get(url)).status).toBe(403);
    expect((await (await t.callerFor('qc')).get(url)).status).toBe(403);
  });

  it('accepts a media token in ?token= (a plain download link) and refuses a session token there', async () => {
    const c = await createCampaign(t.db);
    const session = await tokenForRole(t.app, 'admin');
    const media = (await caller(t.app, session).get('/api/auth/media-token')).json<{ token: string }>().token;
    for (const url of [forDUrl(c.campaignName), fullUrl(c.campaignName, DATE, DATE)]) {
      expect((await t.anonymous.get(`${url}&token=${media}`)).status).toBe(200);
      expect((await t.anonymous.get(`${url}&token=${session}`)).status).toBe(401);
    }
    const qcSession = await tokenForRole(t.app, 'qc');
    const qcMedia = (await caller(t.app, qcSession).get('/api/auth/media-token')).json<{ token: string }>().token;
    expect((await t.anonymous.get(`${forDUrl(c.campaignName)}&token=${qcMedia}`)).status).toBe(403);
  });
});

describe('GET /api/file/generateCsv (report for D)', () => {
  it('holds every generated lead of the date, called or not, of any batch, and nothing else', async () => {
    const c = await campaignWith();
    const other = await createCampaign(t.db);
    const [fresh, first, called, regenerated] = await insertLeads(t.db, c.id, [
      { respondentName: 'fresh' },
      { respondentName: 'first batch', forD: 'd', generateStatus: 1 },
      { respondentName: 'called', forD: 'd', generateStatus: 1, isCalled: 1 },
      { respondentName: 'regenerated', forD: 'd', generateStatus: 3 },
      { respondentName: 'other date', forD: 'd', generateStatus: 1, dataDate: '2024-05-02' },
    ]);
    await insertLeads(t.db, other.id, [{ respondentName: 'other campaign', forD: 'd', generateStatus: 1 }]);
    const { rows } = csvOf(await admin.get(forDUrl(c.campaignName.toUpperCase())), LEAD_FILE_NAMES.forD);
    expect(rows.map((r) => r.id)).toEqual([first, called, regenerated].map(String));
    expect(rows.map((r) => [r.respondent_name, r.generate_status, r.is_called])).toEqual([
      ['first batch', '1', '0'],
      ['called', '1', '1'],
      ['regenerated', '3', '0'],
    ]);
    expect(rows.map((r) => r.id)).not.toContain(String(fresh));
  });

  it('has the 16 default columns, the data table columns, then Q1…Qn including a deleted question’s number', async () => {
    // Q1…Q3 were handed out; Q2's question is gone, but its answers are still the lead's.
    const c = await campaignWith(['Shop Name', 'visit_note', 'SHOP_ID'], 3);
    await t.db
      .insertInto('questions')
      .values([
        { campaignId: c.id, qno: 1, title: 'Smoker?', type: 'Plain Text', optionalValue: null, instruction: null },
        { campaignId: c.id, qno: 3, title: 'Brand?', type: 'Plain Text', optionalValue: null, instruction: null },
      ])
      .execute();
    const [id] = await insertLeads(t.db, c.id, [
      {
        cellNumber: '+8801711000001',
        brId: 'BR-7',
        forD: 'd',
        generateStatus: 1,
        isCalled: 1,
        fields: { 'Shop Name': 'Rahim Store', SHOP_ID: 'S-1' },
        answers: { Q1: 'Yes', Q2: 'old answer' },
      },
    ]);
    const { header, rows } = csvOf(await admin.get(forDUrl(c.campaignName)), LEAD_FILE_NAMES.forD);
    expect(header).toEqual([...DEFAULT_LEAD_COLUMNS, 'Shop Name', 'visit_note', 'SHOP_ID', 'Q1', 'Q2', 'Q3']);
    const stored = await t.db
      .selectFrom('leads')
      .select('createdAt')
      .where('id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(rows).toEqual([
      {
        id: String(id),
        did: '',
        data_status: '',
        br_id: 'BR-7',
        region: '',
        territory: '',
        area: '',
        respondent_name: '',
        cell_number: '+8801711000001',
        data_date: DATE,
        brand: '',
        target_selector: '',
        for_d: 'd',
        generate_status: '1',
        is_called: '1',
        createdAt: localDateTimeText(stored.createdAt, t.config.timeZone),
        'Shop Name': 'Rahim Store',
        visit_note: '',
        SHOP_ID: 'S-1',
        Q1: 'Yes',
        Q2: 'old answer',
        Q3: '',
      },
    ]);
  });

  it('quotes commas, quotes and line breaks, keeps Bengali text, and neutralises formulas', async () => {
    const c = await campaignWith(['note']);
    const values = ['Hossain, Rafiq', 'Shahana "Shanu" Parvin', 'first line\nsecond line', 'মোঃ রহিম উদ্দিন, ঢাকা'];
    await insertLeads(
      t.db,
      c.id,
      values.map((v) => ({ respondentName: v, fields: { note: v }, forD: 'd', generateStatus: 1 })),
    );
    await insertLeads(t.db, c.id, [
      {
        respondentName: '=HYPERLINK("http://evil.example","Click")',
        fields: { note: '-3.5' },
        area: '@SUM(A1)',
        cellNumber: '+8801712345678',
        forD: 'd',
        generateStatus: 1,
      },
    ]);
    const { rows } = csvOf(await admin.get(forDUrl(c.campaignName)), LEAD_FILE_NAMES.forD);
    expect(rows.slice(0, 4).map((r) => [r.respondent_name, r.note])).toEqual(values.map((v) => [v, v]));
    expect(rows[4]).toMatchObject({
      respondent_name: `'=HYPERLINK("http://evil.example","Click")`,
      area: "'@SUM(A1)",
      note: '-3.5',
      cell_number: '+8801712345678',
    });
    expect(rows).toHaveLength(5);
  });

  it('is the header row alone when no lead of the date is generated', async () => {
    const c = await campaignWith(['note'], 1);
    await insertLeads(t.db, c.id, many(3, {}));
    const r = await admin.get(forDUrl(c.campaignName));
    expect(r.text).toBe(`${BOM}${[...DEFAULT_LEAD_COLUMNS, 'note', 'Q1'].join(',')}\r\n`);
    expect(csvOf(r, LEAD_FILE_NAMES.forD).rows).toEqual([]);
  });

  it('says which campaign it does not know (404)', async () => {
    expectMessage(await admin.get(forDUrl('No Such Campaign')), 404, 'Campaign "No Such Campaign" does not exist');
  });

  it.each([
    ['without a data date', `/api/file/generateCsv?tableName=X`, /dataDate is required/],
    [
      'with a date not written yyyy-MM-dd',
      `/api/file/generateCsv?tableName=X&dataDate=01-05-2024`,
      /dataDate must be a date written yyyy-MM-dd/,
    ],
    [
      'with a date that does not exist',
      `/api/file/generateCsv?tableName=X&dataDate=2024-02-30`,
      /dataDate must be a date/,
    ],
    ['without a campaign', `/api/file/generateCsv?dataDate=${DATE}`, /tableName/],
  ])('refuses a request %s (400)', async (_what, url, message) => {
    expectMessage(await admin.get(url), 400, message);
  });
});

describe('GET /api/file/generateFullReportCsv (full report)', () => {
  it('holds every lead of the dates from start to end inclusive, any state, by data date then upload order', async () => {
    const c = await campaignWith();
    await insertLeads(t.db, c.id, [
      { respondentName: 'after', dataDate: '2024-05-11' },
      { respondentName: 'end, called', dataDate: '2024-05-10', forD: 'd', generateStatus: 2, isCalled: 1 },
      { respondentName: 'middle', dataDate: '2024-05-05' },
      { respondentName: 'start, fresh', dataDate: '2024-05-01' },
      { respondentName: 'before', dataDate: '2024-04-30' },
      { respondentName: 'start, generated', dataDate: '2024-05-01', forD: 'd', generateStatus: 1 },
    ]);
    const { rows } = csvOf(await admin.get(fullUrl(c.campaignName, '2024-05-01', '2024-05-10')), LEAD_FILE_NAMES.full);
    expect(rows.map((r) => [r.data_date, r.respondent_name])).toEqual([
      ['2024-05-01', 'start, fresh'],
      ['2024-05-01', 'start, generated'],
      ['2024-05-05', 'middle'],
      ['2024-05-10', 'end, called'],
    ]);
  });

  it('takes a one-day range, and is the header alone when no lead falls in it', async () => {
    const c = await campaignWith(['note']);
    await insertLeads(t.db, c.id, [{ dataDate: '2024-05-01' }, { dataDate: '2024-05-03' }]);
    expect(
      csvOf(await admin.get(fullUrl(c.campaignName, '2024-05-03', '2024-05-03')), LEAD_FILE_NAMES.full).rows,
    ).toHaveLength(1);
    const r = await admin.get(fullUrl(c.campaignName, '2024-05-02', '2024-05-02'));
    expect(r.text).toBe(`${BOM}${[...DEFAULT_LEAD_COLUMNS, 'note', ...FULL_REPORT_CALL_COLUMNS].join(',')}\r\n`);
  });

  it("adds each lead's calls after the spec's columns: attempts, last disposition, last agent, last call time", async () => {
    const c = await panelCampaign(t);
    const agent = await t.as(await createUser(t.db, { role: 'agent', username: 'AG-8401' }), { campaign: c.name });
    const twice = await addLead(t, c.id, '+8801719000001');
    const never = await addLead(t, c.id, '+8801719000002');
    expect((await agent.put(saveUrl(c.name, '01719000001', twice), { Q1: 'Yes', is_called: 1 })).status).toBe(200);
    expect(
      (await agent.put(saveUrl(c.name, '01719000001', twice), { Q1: 'No', is_called: 0, disposition: 'WRONG' })).status,
    ).toBe(200);
    await sql`update call_attempts set ended_at = timestamptz '2026-11-20T08:30:05Z' where lead_id = ${twice} and disposition_code = 'WRONG'`.execute(
      t.db,
    );
    const { header, rows } = csvOf(await admin.get(fullUrl(c.name, '2026-11-20', '2026-11-20')), LEAD_FILE_NAMES.full);
    // The spec's columns first and as they were (the 16 defaults, the data table's, the answers), then the calls'.
    expect(header).toEqual([
      ...DEFAULT_LEAD_COLUMNS,
      'shop',
      'tier',
      'Q1',
      'Q2',
      'Q3',
      'Q4',
      'attempts',
      'last_disposition',
      'last_agent',
      'last_call_time',
    ]);
    expect(
      rows.map((r) => [r.id, r.is_called, r.Q1, r.attempts, r.last_disposition, r.last_agent, r.last_call_time]),
    ).toEqual([
      [
        String(twice),
        '0',
        'No',
        '2',
        'Wrong number',
        'AG-8401',
        localDateTimeText(new Date('2026-11-20T08:30:05Z'), t.config.timeZone),
      ],
      [String(never), '0', '', '0', '', '', ''],
    ]);
    // The report for D keeps the spec's columns only.
    expect(csvOf(await admin.get(forDUrl(c.name, '2026-11-20')), LEAD_FILE_NAMES.forD).header).toEqual([
      ...DEFAULT_LEAD_COLUMNS,
      'shop',
      'tier',
      'Q1',
      'Q2',
      'Q3',
      'Q4',
    ]);
  });

  it('says which campaign it does not know (404)', async () => {
    expectMessage(
      await admin.get(fullUrl('No Such Campaign', DATE, DATE)),
      404,
      'Campaign "No Such Campaign" does not exist',
    );
  });

  it.each([
    ['without a start date', fullUrl('X', undefined, DATE), /startDate is required/],
    ['without an end date', fullUrl('X', DATE, undefined), /endDate is required/],
    [
      'with a date not written yyyy-MM-dd',
      fullUrl('X', '2024/05/01', DATE),
      /startDate must be a date written yyyy-MM-dd/,
    ],
    ['with a start after the end', fullUrl('X', '2024-05-02', '2024-05-01'), /startDate must not be after endDate/],
  ])('refuses a request %s (400)', async (_what, url, message) => {
    expectMessage(await admin.get(url), 400, message);
  });
});

// Dates in the files are the call centre's wall clock (TIME_ZONE), yyyy-MM-dd HH:mm:ss, whatever the machine's zone.
describe.each(TEST_TIME_ZONES)("the reports' dates, with TIME_ZONE=%s", (zone) => {
  const z = useTestApp({ timeZone: zone });

  it('writes createdAt as yyyy-MM-dd HH:mm:ss of the zone, 00:30 on its own day', async () => {
    const c = await createCampaign(z.db);
    await insertLeads(z.db, c.id, [
      {
        respondentName: 'past midnight',
        forD: 'd',
        generateStatus: 1,
        createdAt: atLocal(zone, '2024-05-01 00:30:00'),
      },
      { respondentName: 'afternoon', forD: 'd', generateStatus: 1, createdAt: atLocal(zone, '2024-05-01 15:04:05') },
    ]);
    const api = await z.callerFor('admin');
    for (const [url, fileName] of [
      [forDUrl(c.campaignName), LEAD_FILE_NAMES.forD],
      [fullUrl(c.campaignName, DATE, DATE), LEAD_FILE_NAMES.full],
    ] as const) {
      const r = await api.get(url);
      expect(r.status, r.text).toBe(200);
      expect(r.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
      const [header = [], ...records] = parse(r.text, { bom: true }) as string[][];
      const at = header.indexOf('createdAt');
      expect(records.map((cells) => cells[at])).toEqual(['2024-05-01 00:30:00', '2024-05-01 15:04:05']);
    }
  });
});
