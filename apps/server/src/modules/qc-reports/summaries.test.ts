import { beforeAll, describe, expect, it } from 'vitest';
import type ExcelJS from 'exceljs';
import { QC_EXPORTS, type TAgentPerformanceSummary, type TAgentSummary } from '@crm/shared';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import {
  addRecord,
  createAgentUser,
  download,
  openXlsxReply,
  query,
  reportWorld,
  sheetRows,
  type ReportWorld,
} from '../../test/qc-reports-support.ts';

const t = useTestApp();
let w: ReportWorld;
const agents: Record<string, TestUser> = {};

const EDGES = '2026-04-01';
const RANGE = { startDate: '2026-04-10', endDate: '2026-04-14' };

/** Scores `totals` for the agent named `name` on `date`, in that order, by inspector A. */
async function score(name: string, date: string, totals: number[], suggestions: string[] = []) {
  agents[name] ??= await createAgentUser(t, name);
  for (const [i, total] of totals.entries()) {
    await addRecord(w, w.qcA, {
      agent: agents[name] as TestUser,
      total,
      callDate: date,
      suggestion: suggestions[i] ?? '',
    });
  }
}

beforeAll(async () => {
  w = await reportWorld(t);
  // The colour bands' edges: averages just under and exactly at 70, 80 and 90 (totals are multiples of 5).
  await score('Fahim Red', EDGES, [70, 70, 70, 70, 70, 65]); // 69.17
  await score('Gazi Yellow', EDGES, [70]); // 70.0
  await score('Hasan Yellow', EDGES, [80, 80, 80, 80, 80, 75]); // 79.17
  await score('Imran Blue', EDGES, [80]); // 80.0
  await score('Jamal Blue', EDGES, [90, 90, 90, 90, 90, 85]); // 89.17
  await score('Kamal Green', EDGES, [90]); // 90.0
  await score('Anika Mixed', EDGES, [70, 75, 75], ['Greet properly', '', 'Confirm the number']); // 73.33
  // A client record of the day counts in no summary.
  await addRecord(w, w.qcA, { agent: agents['Gazi Yellow'] as TestUser, total: 0, callDate: EDGES }, 'client');

  // The range: Rina on three of five days (two records on the 11th), Babul on one, nobody on the 13th.
  await score('Rina Akter', '2026-04-10', [80]);
  await score('Rina Akter', '2026-04-11', [90, 75]);
  await score('Rina Akter', '2026-04-14', [70]);
  await score('Babul Mia', '2026-04-12', [100]);
  await score('Rina Akter', '2026-04-15', [0]); // the day after: outside
});

const summaryOf = async (callDate: string) => {
  const r = await w.admin.get(`/api/qcReport/qc-report/summary?${query({ callDate })}`);
  expect(r.status, r.text).toBe(200);
  return r.json<TAgentSummary[]>();
};

describe('GET qc-report/summary (the daily summary)', () => {
  it("puts each agent's average of the day in its colour, exactly at the band edges", async () => {
    const rows = await summaryOf(EDGES);
    const colours = Object.fromEntries(
      rows.map((r) => [r.agentName, { red: r.red, yellow: r.yellow, blue: r.blue, green: r.green }]),
    );
    expect(colours).toEqual({
      'Anika Mixed': { red: '', yellow: '73.33', blue: '', green: '' },
      'Fahim Red': { red: '69.17', yellow: '', blue: '', green: '' },
      'Gazi Yellow': { red: '', yellow: '70.0', blue: '', green: '' },
      'Hasan Yellow': { red: '', yellow: '79.17', blue: '', green: '' },
      'Imran Blue': { red: '', yellow: '', blue: '80.0', green: '' },
      'Jamal Blue': { red: '', yellow: '', blue: '89.17', green: '' },
      'Kamal Green': { red: '', yellow: '', blue: '', green: '90.0' },
    });
  });

  it('orders agents by name, carries the agentId, and joins the non-empty suggestions in scoring order', async () => {
    const rows = await summaryOf(EDGES);
    expect(rows.map((r) => r.agentName)).toEqual([
      'Anika Mixed',
      'Fahim Red',
      'Gazi Yellow',
      'Hasan Yellow',
      'Imran Blue',
      'Jamal Blue',
      'Kamal Green',
    ]);
    expect(rows[0]).toEqual({
      agentName: 'Anika Mixed',
      agentId: agents['Anika Mixed']?.username,
      red: '',
      yellow: '73.33',
      blue: '',
      green: '',
      suggestions: 'Greet properly, Confirm the number',
    });
    expect(rows[1]?.suggestions).toBe('');
  });

  it('gives [] for a day without in-house records', async () => {
    expect(await summaryOf('2020-01-01')).toEqual([]);
  });

  it('refuses a missing or malformed callDate with 400', async () => {
    expect((await w.admin.get('/api/qcReport/qc-report/summary')).status).toBe(400);
    const r = await w.admin.get('/api/qcReport/qc-report/summary?callDate=2026-4-1');
    expect(r.status).toBe(400);
    expect(r.json<{ message: string }>().message).toBe(
      'querystring.callDate: callDate must be a date written yyyy-MM-dd',
    );
  });
});

describe('GET export/daily-summary (Daily_Qc_Summary_{date}.xlsx)', () => {
  it("puts the average as a number in its colour's column, that cell filled in the colour", async () => {
    const book = await openXlsxReply(
      await download(t, `${QC_EXPORTS.dailySummary.path}?${query({ date: EDGES })}`, w.tokens.admin),
      `Daily_Qc_Summary_${EDGES}.xlsx`,
    );
    const [header, ...rows] = sheetRows(book, 'Agent Summaries');
    expect(header).toEqual(['Agent Name', 'Agent Id', 'Red', 'Yellow', 'Blue', 'Green', 'Remarks']);
    const id = (name: string) => agents[name]?.username ?? '';
    expect(rows).toEqual([
      ['Anika Mixed', id('Anika Mixed'), null, 73.33, null, null, 'Greet properly, Confirm the number'],
      ['Fahim Red', id('Fahim Red'), 69.17, null, null, null, null],
      ['Gazi Yellow', id('Gazi Yellow'), null, 70, null, null, null],
      ['Hasan Yellow', id('Hasan Yellow'), null, 79.17, null, null, null],
      ['Imran Blue', id('Imran Blue'), null, null, 80, null, null],
      ['Jamal Blue', id('Jamal Blue'), null, null, 89.17, null, null],
      ['Kamal Green', id('Kamal Green'), null, null, null, 90, null],
    ]);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const fillOf = (row: number, col: number) => {
      const fill = sheet.getRow(row).getCell(col).fill as ExcelJS.FillPattern | undefined;
      return fill?.pattern === 'solid' ? fill.fgColor?.argb : undefined;
    };
    // Rows 3 (red), 4 (yellow), 6 (blue), 8 (green): the filled cell, and only that one.
    expect([fillOf(3, 3), fillOf(4, 4), fillOf(6, 5), fillOf(8, 6)]).toEqual([
      'FFFF0000',
      'FFFFFF00',
      'FF00B0F0',
      'FF00B050',
    ]);
    expect([fillOf(3, 4), fillOf(4, 3), fillOf(8, 5), fillOf(1, 3)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('gives the header row only for a day without records', async () => {
    const book = await openXlsxReply(
      await download(t, `${QC_EXPORTS.dailySummary.path}?${query({ date: '2020-01-01' })}`, w.tokens.admin),
      'Daily_Qc_Summary_2020-01-01.xlsx',
    );
    expect(sheetRows(book, 'Agent Summaries')).toEqual([
      ['Agent Name', 'Agent Id', 'Red', 'Yellow', 'Blue', 'Green', 'Remarks'],
    ]);
  });
});

describe('GET date-range-summary (the monthly summary)', () => {
  it('gives each agent one key per day of the range, null without records, and the sum, count and mean of the daily averages', async () => {
    const r = await w.admin.get(`/api/qcReport/date-range-summary?${query(RANGE)}`);
    expect(r.status, r.text).toBe(200);
    const rows = r.json<TAgentPerformanceSummary[]>();
    expect(rows).toEqual([
      {
        agentName: 'Babul Mia',
        agentId: agents['Babul Mia']?.username,
        dailyAverages: {
          '2026-04-10': null,
          '2026-04-11': null,
          '2026-04-12': 100,
          '2026-04-13': null,
          '2026-04-14': null,
        },
        sum: 100,
        count: 1,
        average: 100,
      },
      {
        agentName: 'Rina Akter',
        agentId: agents['Rina Akter']?.username,
        dailyAverages: {
          '2026-04-10': 80,
          '2026-04-11': 82.5,
          '2026-04-12': null,
          '2026-04-13': null,
          '2026-04-14': 70,
        },
        sum: 232.5,
        count: 3,
        average: 77.5,
      },
    ]);
    expect(Object.keys(rows[1]?.dailyAverages ?? {})).toEqual([
      '2026-04-10',
      '2026-04-11',
      '2026-04-12',
      '2026-04-13',
      '2026-04-14',
    ]);
  });

  it('rounds averages to two decimals without float noise', async () => {
    const r = await w.admin.get(`/api/qcReport/date-range-summary?${query({ startDate: EDGES, endDate: EDGES })}`);
    const anika = r.json<TAgentPerformanceSummary[]>().find((a) => a.agentName === 'Anika Mixed');
    expect(anika).toMatchObject({ dailyAverages: { [EDGES]: 73.33 }, sum: 73.33, count: 1, average: 73.33 });
  });

  it('gives [] for a range without records', async () => {
    const r = await w.admin.get(
      `/api/qcReport/date-range-summary?${query({ startDate: '2020-01-01', endDate: '2020-01-31' })}`,
    );
    expect(r.body).toEqual([]);
  });

  it.each([
    [
      { startDate: '2026-04-14', endDate: '2026-04-10' },
      'querystring.endDate: The end date must be on or after the start date',
    ],
    [{ startDate: '2025-01-01', endDate: '2026-01-02' }, 'querystring.endDate: The range can be at most 366 days'],
    [{ startDate: '2026-04-10' }, 'querystring.endDate: endDate is required'],
  ])('refuses %j with 400', async (q, message) => {
    const r = await w.admin.get(`/api/qcReport/date-range-summary?${query(q)}`);
    expect(r.status).toBe(400);
    expect(r.json<{ message: string }>().message).toBe(message);
  });

  it('takes a whole leap year of 366 days', async () => {
    const r = await w.admin.get(
      `/api/qcReport/date-range-summary?${query({ startDate: '2024-01-01', endDate: '2024-12-31' })}`,
    );
    expect(r.status).toBe(200);
  });
});

describe('GET export/monthly-summary (Monthly_Qc_Summary_{start}_to_{end}.xlsx)', () => {
  it('has a column per day between the agent and Sum, Count, Average; days without records empty', async () => {
    const url = `${QC_EXPORTS.monthlySummary.path}?${query(RANGE)}`;
    const book = await openXlsxReply(
      await download(t, url, w.tokens.admin),
      'Monthly_Qc_Summary_2026-04-10_to_2026-04-14.xlsx',
    );
    expect(sheetRows(book, 'Performance Summary')).toEqual([
      [
        'Agent Name',
        'Agent Id',
        '2026-04-10',
        '2026-04-11',
        '2026-04-12',
        '2026-04-13',
        '2026-04-14',
        'Sum',
        'Count',
        'Average',
      ],
      ['Babul Mia', agents['Babul Mia']?.username, null, null, 100, null, null, 100, 1, 100],
      ['Rina Akter', agents['Rina Akter']?.username, 80, 82.5, null, null, 70, 232.5, 3, 77.5],
    ]);
  });

  it('refuses an end before the start with a 400 JSON message, not a file', async () => {
    const r = await download(
      t,
      `${QC_EXPORTS.monthlySummary.path}?${query({ startDate: '2026-04-14', endDate: '2026-04-10' })}`,
      w.tokens.admin,
    );
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text)).toEqual({
      message: 'querystring.endDate: The end date must be on or after the start date',
    });
  });
});

describe('GET grade-distribution', () => {
  it("counts the day's in-house records per grade, all four grades listed", async () => {
    const r = await w.admin.get(`/api/qcReport/grade-distribution?${query({ date: EDGES })}`);
    expect(r.status, r.text).toBe(200);
    // By each record's total (the client record not counted): Fahim 70×5 + 65, Gazi 70, Hasan 80×5 + 75, Imran 80,
    // Jamal 90×5 + 85, Kamal 90, Anika 70, 75, 75.
    expect(r.body).toEqual([
      { grade: 'Exceed Expectation', count: 6 },
      { grade: 'Meet Expectation', count: 7 },
      { grade: 'Average Expectation', count: 10 },
      { grade: 'Below Expectation', count: 1 },
    ]);
  });

  it('lists the four grades with 0 for a day without records', async () => {
    const r = await w.admin.get(`/api/qcReport/grade-distribution?${query({ date: '2020-01-01' })}`);
    expect(r.body).toEqual([
      { grade: 'Exceed Expectation', count: 0 },
      { grade: 'Meet Expectation', count: 0 },
      { grade: 'Average Expectation', count: 0 },
      { grade: 'Below Expectation', count: 0 },
    ]);
  });

  it('grades a fatal call Below Expectation', async () => {
    const fatal = await createAgentUser(t, 'Lutfa Fatal');
    await addRecord(w, w.qcA, { agent: fatal, total: 100, fatal: true, callDate: '2026-04-20' });
    const r = await w.admin.get(`/api/qcReport/grade-distribution?${query({ date: '2026-04-20' })}`);
    expect(r.body).toContainEqual({ grade: 'Below Expectation', count: 1 });
  });
});
