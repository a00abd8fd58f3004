import { beforeAll, describe, expect, it } from 'vitest';
import { QC_EXPORTS } from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import {
  CLIENT_HEADER,
  IN_HOUSE_HEADER,
  addRecord,
  download,
  openXlsxReply,
  query,
  reportWorldWithAgents,
  sheetRows,
  type ReportWorld,
} from '../../test/qc-reports-support.ts';
import type { TestUser } from '../../test/harness.ts';

const t = useTestApp();
let w: ReportWorld;
let rina: TestUser;
let abul: TestUser;

const DAY = '2026-03-10';

const PRINT_KEYS = [
  'callDate',
  'agentName',
  'agentId',
  'campaignName',
  'consumerNumber',
  'duration',
  ...IN_HOUSE_HEADER.slice(6, 20),
  'fatalReason',
  'easVoiceMatchedWithReport',
  'total',
  'agentGrade',
  'suggestion',
  'qcInspector',
];

beforeAll(async () => {
  ({ w, rina, abul } = await reportWorldWithAgents(t));
  // Scored out of name order: the exports list Abul before Rina, each agent's calls in scoring order.
  await addRecord(w, w.qcA, {
    agent: rina,
    total: 85,
    callDate: DAY,
    suggestion: 'Slow down',
    consumerNumber: '01711000001',
  });
  await addRecord(w, w.qcA, {
    agent: abul,
    total: 100,
    callDate: DAY,
    suggestion: '=HYPERLINK("http://evil.example","x")',
    consumerNumber: '+8801711000002',
    duration: null,
  });
  await addRecord(w, w.qcA, {
    agent: rina,
    total: 0,
    fatal: true,
    fatalReason: 'Rude to the customer',
    callDate: DAY,
    consumerNumber: '01711000003',
  });
  await addRecord(w, w.qcA, { agent: rina, total: 90, callDate: '2026-03-08' });
  await addRecord(w, w.qcA, { agent: rina, total: 70, callDate: '2026-03-12' });
  await addRecord(
    w,
    w.qcA,
    { agent: abul, total: 75, callDate: DAY, suggestion: 'Client saw it differently' },
    'client',
  );
  await addRecord(w, w.qcA, { agent: abul, total: 60, callDate: '2026-03-01' }, 'client');
});

describe('GET unique-dates-download-reports-in-house / -client', () => {
  it('lists each call date with records once, newest first, per kind', async () => {
    const inHouse = await w.admin.get('/api/qcReport/unique-dates-download-reports-in-house');
    expect(inHouse.status).toBe(200);
    expect(inHouse.body).toEqual(['2026-03-12', DAY, '2026-03-08']);
    const client = await w.admin.get('/api/qcReport/unique-dates-download-reports-client');
    expect(client.body).toEqual([DAY, '2026-03-01']);
  });
});

describe('GET get-all-qc-records-in-house-for-excel-print / -client-', () => {
  it("gives the day's records with the 26 keys in export order, numbers as numbers, agent name then scoring order", async () => {
    const r = await w.admin.get(`/api/qcReport/get-all-qc-records-in-house-for-excel-print?${query({ date: DAY })}`);
    expect(r.status, r.text).toBe(200);
    const rows = r.json<Record<string, unknown>[]>();
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(Object.keys(row)).toEqual(PRINT_KEYS);
    expect(rows.map((x) => [x.agentName, x.total])).toEqual([
      ['Abul Kalam', 100],
      ['Rina Akter', 85],
      ['Rina Akter', -100],
    ]);
    const fatal = rows[2] as Record<string, unknown>;
    expect(fatal).toMatchObject({
      callDate: DAY,
      agentId: rina.username,
      campaignName: w.campaign,
      consumerNumber: '+8801711000003',
      duration: 95,
      'Fatal [Yes(-100)/ No(0)]': -100,
      'CRM(20) [Yes(20)/Need Improvement(10)/No(0)]': 0,
      fatalReason: 'Rude to the customer',
      easVoiceMatchedWithReport: 'Yes',
      agentGrade: 'Below Expectation',
      suggestion: '',
      qcInspector: w.inspectorA.username,
    });
    expect((rows[0] as Record<string, unknown>).duration).toBeNull();
  });

  it('gives the client records under the same keys, their remark as suggestion', async () => {
    const r = await w.admin.get(`/api/qcReport/get-all-qc-records-client-for-excel-print?${query({ date: DAY })}`);
    const rows = r.json<Record<string, unknown>[]>();
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0] ?? {})).toEqual(PRINT_KEYS);
    expect(rows[0]).toMatchObject({
      agentName: 'Abul Kalam',
      total: 75,
      agentGrade: 'Average Expectation',
      suggestion: 'Client saw it differently',
      'Greetings ( শুভেচ্ছা ) [Yes(0)/No(-5)]': 0,
    });
  });

  it('gives [] for a day without records', async () => {
    const r = await w.admin.get(
      `/api/qcReport/get-all-qc-records-in-house-for-excel-print?${query({ date: '2020-01-01' })}`,
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
  });

  it.each([
    ['', 'date is required'],
    ['?date=', 'date must be a date written yyyy-MM-dd'],
    ['?date=2026-02-30', 'date must be a date written yyyy-MM-dd'],
    ['?date=10/03/2026', 'date must be a date written yyyy-MM-dd'],
  ])('refuses %j with 400 naming the date', async (q, message) => {
    const r = await w.admin.get(`/api/qcReport/get-all-qc-records-in-house-for-excel-print${q}`);
    expect(r.status).toBe(400);
    expect(r.json<{ message: string }>().message).toContain(message);
  });
});

describe('GET export/in-house (QC_Records_In-House_{date}.xlsx)', () => {
  it("holds the header of the reference and the day's records, numbers as numbers, empty cells for no value", async () => {
    const book = await openXlsxReply(
      await download(t, `${QC_EXPORTS.inHouse.path}?${query({ date: DAY })}`, w.tokens.admin),
      `QC_Records_In-House_${DAY}.xlsx`,
    );
    const [header, ...rows] = sheetRows(book, 'QC Records');
    expect(header).toEqual(IN_HOUSE_HEADER);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual([
      DAY,
      'Abul Kalam',
      abul.username,
      w.campaign,
      '+8801711000002',
      null,
      0,
      10,
      10,
      10,
      10,
      10,
      10,
      0,
      10,
      10,
      0,
      20,
      0,
      0,
      null,
      'Yes',
      100,
      'Exceed Expectation',
      `'=HYPERLINK("http://evil.example","x")`,
      w.inspectorA.username,
    ]);
    expect(rows[1]?.slice(0, 6)).toEqual([DAY, 'Rina Akter', rina.username, w.campaign, '+8801711000001', 95]);
    expect(rows[1]?.slice(20)).toEqual([null, 'Yes', 85, 'Meet Expectation', 'Slow down', w.inspectorA.username]);
    expect(rows[2]?.slice(18)).toEqual([
      0,
      -100,
      'Rude to the customer',
      'Yes',
      -100,
      'Below Expectation',
      null,
      w.inspectorA.username,
    ]);
  });

  it('neutralises a formula in a text cell: it is stored as text with a leading quote, never as a formula', async () => {
    const book = await openXlsxReply(
      await download(t, `${QC_EXPORTS.inHouse.path}?${query({ date: DAY })}`, w.tokens.admin),
      `QC_Records_In-House_${DAY}.xlsx`,
    );
    const cell = book.worksheets[0]?.getRow(2).getCell(25);
    expect(cell?.formula).toBeUndefined();
    expect(cell?.type).toBe(3); // ValueType.String
    expect(cell?.value).toBe(`'=HYPERLINK("http://evil.example","x")`);
  });

  it('gives a file with the header row only for a day without records', async () => {
    const book = await openXlsxReply(
      await download(t, `${QC_EXPORTS.inHouse.path}?${query({ date: '2020-01-01' })}`, w.tokens.admin),
      'QC_Records_In-House_2020-01-01.xlsx',
    );
    expect(sheetRows(book, 'QC Records')).toEqual([IN_HOUSE_HEADER]);
  });

  it('refuses a bad date with a 400 JSON message, not a broken file', async () => {
    const r = await download(t, `${QC_EXPORTS.inHouse.path}?${query({ date: '2026-13-01' })}`, w.tokens.admin);
    expect(r.status).toBe(400);
    expect(r.headers['content-type']).toContain('application/json');
    expect(JSON.parse(r.text)).toEqual({ message: 'querystring.date: date must be a date written yyyy-MM-dd' });
    expect(r.headers['content-disposition']).toBeUndefined();
  });
});

describe('GET export/client (QC_Records_Client_{date}.xlsx)', () => {
  it('uses the long question wording and titles the remark column Remarks', async () => {
    const book = await openXlsxReply(
      await download(t, `${QC_EXPORTS.client.path}?${query({ date: DAY })}`, w.tokens.admin),
      `QC_Records_Client_${DAY}.xlsx`,
    );
    const [header, ...rows] = sheetRows(book, 'QC Records');
    expect(header).toEqual(CLIENT_HEADER);
    expect(rows).toEqual([
      [
        DAY,
        'Abul Kalam',
        abul.username,
        w.campaign,
        '+8801712345678',
        95,
        0,
        5,
        10,
        10,
        10,
        10,
        10,
        0,
        10,
        10,
        0,
        0,
        0,
        0,
        null,
        'Yes',
        75,
        'Average Expectation',
        'Client saw it differently',
        w.inspectorA.username,
      ],
    ]);
  });

  it('gives the header row only when the day has in-house records but no client ones', async () => {
    const book = await openXlsxReply(
      await download(t, `${QC_EXPORTS.client.path}?${query({ date: '2026-03-12' })}`, w.tokens.admin),
      'QC_Records_Client_2026-03-12.xlsx',
    );
    expect(sheetRows(book, 'QC Records')).toEqual([CLIENT_HEADER]);
  });
});
