// The QC Reports screen in Chromium: a QC inspector's records of two days (made through the API), then each of the
// four report types chosen, dated and exported; the saved xlsx is opened (sheet, header row, values) and the day's
// grade chart, the range's bar per agent and its per-agent table show the inspector's records.
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import { QC_CRITERIA, QC_EXPORTS, bestScores, toClientMarks, type TQcCriterionKey } from '@crm/shared';
import { signInAsAdmin } from './actions.ts';
import { useBrowser } from './browser.ts';
import { AGENT, CAMPAIGN, QC } from './fixtures.ts';

const t = useBrowser();

// Days far from the demo's month of QC records, so this inspector's records of them are only this file's.
const DAY1 = '2021-07-13';
const DAY2 = '2021-07-14';

type TScores = Partial<Record<TQcCriterionKey, number>>;
const best = bestScores;

const call = (callDate: string, n: number) => ({
  callDate,
  agentId: AGENT.username,
  campaignName: CAMPAIGN,
  consumerNumber: `0171100${String(n).padStart(4, '0')}`,
  duration: 60 + n,
});

let api: APIRequestContext;
let headers: Record<string, string>;

async function ok(response: Promise<Awaited<ReturnType<APIRequestContext['post']>>>) {
  const r = await response;
  expect(r.status(), await r.text()).toBe(200);
}

async function addInHouse(callDate: string, n: number, scores: TScores, suggestion: string) {
  await ok(
    api.post('/api/qcReport/add', { headers, data: { ...call(callDate, n), ...best(), ...scores, suggestion } }),
  );
}

beforeAll(async () => {
  api = await request.newContext({ baseURL: t.baseUrl });
  const signIn = await api.post('/api/auth/signInSuperAdmin', {
    data: { username: QC.username, password: QC.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { jwtToken } = (await signIn.json()) as { jwtToken: string };
  headers = { Authorization: `Bearer ${jwtToken}` };
  // DAY1: 100 (Exceed), 80 (Meet: CRM No), 0 (Below: fatal); the agent's average 60. DAY2: 75 (Average); average 75.
  await addInHouse(DAY1, 1, {}, 'Well done');
  await addInHouse(DAY1, 2, { crm: 0 }, 'Follow the survey order');
  await addInHouse(DAY1, 3, { fatal: -100 }, '');
  await addInHouse(DAY2, 4, { crm: 0, liveliness: 5 }, 'More energy');
  const marks = toClientMarks(bestScores());
  await ok(
    api.post('/api/qcReport/addforclient', {
      headers,
      data: { ...call(DAY2, 5), ...marks, suggestionMarks: 'Client is happy' },
    }),
  );
});

afterAll(async () => {
  await api?.dispose();
});

type TSheet = { name: string; rows: unknown[][]; sheet: ExcelJS.Worksheet };

/** Clicks Export Report, waits for the browser's download and opens the saved xlsx. */
async function exportReport(page: Page, sheet: string): Promise<{ fileName: string; book: TSheet }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Report' }).click(),
  ]);
  const path = await download.path();
  const bytes = await fs.readFile(path);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const found = book.getWorksheet(sheet);
  if (found === undefined)
    throw new Error(
      `no sheet "${sheet}" in ${download.suggestedFilename()}: ${book.worksheets.map((w) => w.name).join(', ')}`,
    );
  const rows: unknown[][] = [];
  found.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { fileName: download.suggestedFilename(), book: { name: found.name, rows, sheet: found } };
}

async function openScreen(page: Page) {
  await signInAsAdmin(page, QC.username, QC.password);
  await page.waitForURL('**/qcChecking');
  await page.getByRole('link', { name: 'QC Reports', exact: true }).click();
  await page.waitForURL('**/QcReports');
  await page.getByRole('heading', { name: 'Download QC Reports' }).waitFor();
}

/** The rows of a table once it is shown (it appears when its figures have loaded), one text per row. */
async function tableRows(page: Page, name: string): Promise<string[]> {
  const table = page.getByRole('table', { name });
  await table.waitFor();
  return (await table.getByRole('row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
}

const IN_HOUSE_HEADER = [
  'Call Date',
  'Agent Name',
  'Id',
  'Campaign Name',
  'Consumer Number',
  'Duration',
  ...QC_CRITERIA.map((c) => c.exportHeader),
  'Fatal Reason',
  'EAS voice matched with report?',
  'Total',
  'Agent Grade',
  'Suggestion',
  'QC By',
];

describe('QC reports', () => {
  it('exports the in-house records of a day and shows its grades', async () => {
    const { page } = t;
    await openScreen(page);
    await page.getByLabel('Choose Report Type').selectOption('Daily Qc Records (In-House)');
    const dates = page.getByLabel('Select Date');
    await dates.selectOption(DAY1);
    // Newest first: DAY2 comes before DAY1.
    const offered = await dates.locator('option').allInnerTexts();
    expect(offered.indexOf(DAY2)).toBeLessThan(offered.indexOf(DAY1));

    expect(await tableRows(page, `Records per grade, ${DAY1}`)).toEqual([
      'Grade Records',
      'Exceed Expectation 1',
      'Meet Expectation 1',
      'Average Expectation 0',
      'Below Expectation 1',
      'Total 3',
    ]);

    const { fileName, book } = await exportReport(page, QC_EXPORTS.inHouse.sheet);
    expect(fileName).toBe(`QC_Records_In-House_${DAY1}.xlsx`);
    await page.getByText(`Your browser is saving ${fileName}`).waitFor();
    expect(book.rows[0]).toEqual(IN_HOUSE_HEADER);
    const data = book.rows.slice(1);
    // Total, Agent Grade, Suggestion (an empty one may be an empty cell) and QC By, best first.
    expect(
      data.map((r) => [r[0], r[1], r[2], r[22], r[23], r[24] ?? '', r[25]]).sort((a, b) => Number(b[3]) - Number(a[3])),
    ).toEqual([
      [DAY1, AGENT.name, AGENT.username, 100, 'Exceed Expectation', 'Well done', QC.username],
      [DAY1, AGENT.name, AGENT.username, 80, 'Meet Expectation', 'Follow the survey order', QC.username],
      [DAY1, AGENT.name, AGENT.username, 0, 'Below Expectation', '', QC.username],
    ]);
  });

  it('exports the client records of a day with the long wording and Remarks', async () => {
    const { page } = t;
    await openScreen(page);
    await page.getByLabel('Choose Report Type').selectOption('Daily Qc Records (Client)');
    await page.getByLabel('Select Date').selectOption(DAY2);
    const { fileName, book } = await exportReport(page, QC_EXPORTS.client.sheet);
    expect(fileName).toBe(`QC_Records_Client_${DAY2}.xlsx`);
    const header = book.rows[0] ?? [];
    expect(header.slice(6, 20)).toEqual(QC_CRITERIA.map((c) => c.clientHeader));
    expect(header[24]).toBe('Remarks');
    expect(book.rows.slice(1).map((r) => [r[0], r[2], r[22], r[24]])).toEqual([
      [DAY2, AGENT.username, 100, 'Client is happy'],
    ]);
  });

  it('exports the daily summary: the agent\u2019s average in its colour\u2019s column', async () => {
    const { page } = t;
    await openScreen(page);
    await page.getByLabel('Choose Report Type').selectOption('Daily Qc Summary');
    await page.getByLabel('Select Date').selectOption(DAY1);
    const { fileName, book } = await exportReport(page, QC_EXPORTS.dailySummary.sheet);
    expect(fileName).toBe(`Daily_Qc_Summary_${DAY1}.xlsx`);
    expect(book.rows[0]).toEqual(['Agent Name', 'Agent Id', 'Red', 'Yellow', 'Blue', 'Green', 'Remarks']);
    const row = book.rows[1] ?? [];
    expect(book.rows).toHaveLength(2);
    expect([row[0], row[1], Number(row[2])]).toEqual([AGENT.name, AGENT.username, 60]);
    expect([row[3], row[4], row[5]].every((v) => v === undefined || v === null || v === '')).toBe(true);
    expect(String(row[6])).toContain('Well done');
    // The average's cell is filled red (under 70).
    expect(book.sheet.getCell('C2').fill).toMatchObject({
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: 'FFFF0000' },
    });
  });

  it('checks the monthly range, exports it and draws a bar per agent\u2019s average; Reset returns to the chooser', async () => {
    const { page } = t;
    await openScreen(page);
    await page.getByLabel('Choose Report Type').selectOption('Monthly Qc Summary');
    await page.getByLabel('Start', { exact: true }).fill(DAY2);
    await page.getByLabel('End', { exact: true }).fill(DAY1);
    await page.getByText('The end date must be on or after the start date').waitFor();
    expect(await page.getByRole('button', { name: 'Export Report' }).isDisabled()).toBe(true);

    await page.getByLabel('Start', { exact: true }).fill(DAY1);
    await page.getByLabel('End', { exact: true }).fill(DAY2);
    expect(await tableRows(page, `Per agent, ${DAY1} to ${DAY2}`)).toEqual([
      'Agent Sum Count Average',
      `${AGENT.name} 135.0 2 67.5`,
    ]);
    // One bar for the agent, as long as its average (67.5 of 100), in the colour of its grade (Below: red).
    const chart = page.getByRole('region', { name: `Agent averages, ${DAY1} to ${DAY2}` });
    const bars = chart.locator('.recharts-bar-rectangle path');
    await expect.poll(() => bars.count()).toBe(1);
    expect(await bars.first().getAttribute('fill')).toContain('red');
    expect(await chart.locator('.recharts-label-list').textContent()).toBe('67.5');
    await chart.locator('svg').getByText(AGENT.name, { exact: true }).waitFor();
    const bar = await bars.first().boundingBox();
    const plot = await chart.locator('.recharts-cartesian-grid').boundingBox();
    if (bar === null || plot === null) throw new Error('the chart is not drawn');
    expect(bar.width / plot.width).toBeCloseTo(0.675, 1);

    const { fileName, book } = await exportReport(page, QC_EXPORTS.monthlySummary.sheet);
    expect(fileName).toBe(`Monthly_Qc_Summary_${DAY1}_to_${DAY2}.xlsx`);
    expect(book.rows[0]).toEqual(['Agent Name', 'Agent Id', DAY1, DAY2, 'Sum', 'Count', 'Average']);
    expect(
      book.rows.slice(1).map((r) => r.map((v) => (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? Number(v) : v))),
    ).toEqual([[AGENT.name, AGENT.username, 60, 75, 135, 2, 67.5]]);

    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await page.getByLabel('Choose Report Type').inputValue()).toBe('');
    expect(await page.getByLabel('Start', { exact: true }).count()).toBe(0);
  });
});
