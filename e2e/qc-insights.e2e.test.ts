// The QC Insights screen in Chromium at 1366×768: a QC inspector's records of two weeks long ago (made through the
// API), then the admin opens /qcInsights, picks the range, and each tab's chart and table show them; the whole
// workbook downloads with its three sheets; the range, tabs, tables, charts and export buttons lie in the window.
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type APIRequestContext, type APIResponse, type Page } from 'playwright-core';
import { bestScores, type TQcCriterionKey } from '@crm/shared';
import { signInAsAdmin } from './actions.ts';
import { useBrowser } from './browser.ts';
import { ADMIN, AGENT, CAMPAIGN, QC } from './fixtures.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);

// Two weeks far from the demo's QC records and the other tests' days: Monday 6 to Sunday 19 September 2021.
const START = '2021-09-06';
const END = '2021-09-19';

let api: APIRequestContext;

async function addInHouse(
  headers: Record<string, string>,
  callDate: string,
  n: number,
  scores: Partial<Record<TQcCriterionKey, number>>,
) {
  const data = {
    callDate,
    agentId: AGENT.username,
    campaignName: CAMPAIGN,
    consumerNumber: `0171900${String(n).padStart(4, '0')}`,
    duration: 60,
    ...bestScores(),
    ...scores,
    suggestion: '',
  };
  const r = await api.post('/api/qcReport/add', { headers, data });
  expect(r.status(), await r.text()).toBe(200);
}

beforeAll(async () => {
  api = await request.newContext({ baseURL: t.baseUrl });
  const signIn = await api.post('/api/auth/signInSuperAdmin', {
    data: { username: QC.username, password: QC.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { jwtToken } = (await signIn.json()) as { jwtToken: string };
  const headers = { Authorization: `Bearer ${jwtToken}` };
  // Week of the 6th: 100 and 80 (CRM No), mean 90; week of the 13th: 0 (fatal). The agent's mean 60.
  await addInHouse(headers, '2021-09-07', 1, {});
  await addInHouse(headers, '2021-09-08', 2, { crm: 0 });
  await addInHouse(headers, '2021-09-14', 3, { fatal: -100 });
});

afterAll(async () => {
  await api?.dispose();
});

const rowTexts = async (page: Page, name: string) => {
  const table = page.getByRole('table', { name });
  await table.waitFor();
  return (await table.getByRole('row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
};

async function openRange(page: Page, start = START, end = END) {
  await signInAsAdmin(page, ADMIN.username, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto('/qcInsights');
  await page.getByRole('heading', { name: 'QC Insights' }).waitFor();
  await page.getByLabel('Start', { exact: true }).fill(start);
  await page.getByLabel('End', { exact: true }).fill(end);
}

/** An API answer's body, after checking it is a 200. */
async function okBody<T>(reply: Promise<APIResponse>): Promise<T> {
  const r = await reply;
  expect(r.status(), await r.text()).toBe(200);
  return (await r.json()) as T;
}

/** A campaign of its own on a published 3-section scorecard, and one in-house record on it of `callDate`. */
async function recordOnOwnScorecard(callDate: string): Promise<{ scorecard: string }> {
  const { jwtToken } = await okBody<{ jwtToken: string }>(
    api.post('/api/auth/signInSuperAdmin', { data: { username: ADMIN.username, password: ADMIN.password } }),
  );
  const headers = { Authorization: `Bearer ${jwtToken}` };
  const stamp = Date.now();
  const campaignName = `Insights Study ${stamp}`;
  await okBody(
    api.post('/cc/addCampaign', {
      headers,
      data: { campaignType: 'Outbound', campaignName, campaignId: `IN-${stamp}` },
    }),
  );
  const scorecard = `Insights form ${stamp}`;
  const yesNo = [
    { label: 'Yes', marks: 10 },
    { label: 'No', marks: 0 },
  ];
  const criterion = (key: string, name: string, choices = yesNo, allowNa = false) => ({
    key,
    name,
    question: `${name}?`,
    choices,
    allowNa,
    autoFailChoice: null,
    commentRequired: false,
  });
  const draft = await okBody<{ id: number }>(
    api.post('/api/scorecards', {
      headers,
      data: {
        name: scorecard,
        scoringMode: 'points',
        passMark: 70,
        sections: [
          { name: 'Opening', criteria: [criterion('greet', 'Greeting', yesNo, true)] },
          {
            name: 'Needs',
            criteria: [
              criterion('probe', 'Needs probing', [
                { label: 'Yes', marks: 20 },
                { label: 'Partly', marks: 10 },
                { label: 'No', marks: 0 },
              ]),
            ],
          },
          { name: 'Close', criteria: [criterion('summary', 'Summary')] },
        ],
      },
    }),
  );
  await okBody(api.post(`/api/scorecards/${draft.id}/publish`, { headers }));
  await okBody(api.put('/api/campaign-scorecards', { headers, data: { campaignName, inHouse: draft.id, client: 1 } }));
  const marks = [
    { key: 'greet', choice: null },
    { key: 'probe', choice: 'Partly' },
    { key: 'summary', choice: 'Yes' },
  ];
  await okBody(
    api.post('/api/qcReport/add', {
      headers,
      data: {
        callDate,
        agentId: AGENT.username,
        campaignName,
        consumerNumber: '01719009999',
        duration: 60,
        suggestion: '',
        scorecard: { id: draft.id, marks },
      },
    }),
  );
  return { scorecard };
}

describe('QC insights', () => {
  it('shows the range\u2019s agents, criteria and inspectors as charts and tables, all inside a 1366\u00d7768 window', async () => {
    const { page } = t;
    await openRange(page);
    expect(await rowTexts(page, `Agents, ${START} to ${END}`)).toEqual([
      'Agent Records Mean Grade Unack. Overdue Weakest criteria Coaching',
      // Its three records are scored today: awaiting the agent's acknowledgement, none overdue yet.
      `${AGENT.name} 3 60.0 Below Expectation 3 0 Fatal 33.3 · CRM 6.7 Coach`,
    ]);
    expect(await rowTexts(page, `Weeks of ${AGENT.name}`)).toEqual([
      'Week of Records Mean Grade',
      '2021-09-06 2 90.0 Exceed Expectation',
      '2021-09-13 1 0.0 Below Expectation',
    ]);
    const agentsPanel = page.getByRole('tabpanel', { name: 'Agents (1)' });
    const trend = agentsPanel.locator('.recharts-line-curve').first();
    await trend.waitFor();
    const agentsTable = page.getByRole('table', { name: `Agents, ${START} to ${END}` });
    const weeksTable = page.getByRole('table', { name: `Weeks of ${AGENT.name}` });
    for (const [name, locator] of [
      ['the agents\u2019 last row', agentsTable.getByRole('row').last()],
      ['the weeks\u2019 last row', weeksTable.getByRole('row').last()],
      ['the range\u2019s start', page.getByLabel('Start', { exact: true })],
      ['Export all', page.getByRole('button', { name: 'Export all (xlsx)' })],
      ['Export agents', page.getByRole('button', { name: 'Export agents' })],
      ['the Inspectors tab', page.getByRole('tab', { name: 'Inspectors (1)' })],
      ['the trend line', trend],
      ['the agents table', agentsTable],
    ] as const) {
      expect(inViewport(await boxOf(locator)), `${name} in the viewport`).toBe(true);
    }
    // A row is one line high: the grade does not wrap ("Below / Expectation").
    expect((await boxOf(agentsTable.getByRole('row').last())).height).toBeLessThan(40);
    // The trend's axis: whole marks fitted to the weeks (0 − 5 = −5, on steps of 20: from −20), every week labelled,
    // the grade lines named.
    const trendChart = agentsPanel.locator('.recharts-wrapper').first();
    const yTicks = await trendChart.locator('.recharts-yAxis-tick-labels text').allTextContents();
    expect(yTicks.at(-1)).toBe('100');
    expect(
      yTicks.every((v) => /^-?\d+$/.test(v)),
      yTicks.join(' '),
    ).toBe(true);
    expect(await trendChart.locator('.recharts-xAxis-tick-labels text').allTextContents()).toEqual(['6 Sep', '13 Sep']);
    expect(await trendChart.locator('text.recharts-label').allTextContents()).toEqual([
      'Exceed 90',
      'Meet 80',
      'Average 70',
    ]);

    await page.getByRole('tab', { name: 'Criteria' }).click();
    const criteria = await rowTexts(page, `Marks lost per criterion, ${START} to ${END}`);
    expect(criteria).toHaveLength(15);
    // Worst first, as the chart: Fatal, then CRM, then the criteria that lost nothing in scorecard order.
    expect(criteria.slice(1, 3)).toEqual(['Fatal 0 100 33.33 1', 'CRM 20 20 6.67 1']);
    const criteriaTable = page.getByRole('table', { name: `Marks lost per criterion, ${START} to ${END}` });
    expect(
      inViewport(await boxOf(criteriaTable.getByRole('row').last())),
      'the criteria\u2019s last row in the viewport',
    ).toBe(true);
    const bars = page.getByRole('tabpanel', { name: 'Criteria' }).locator('.recharts-bar-rectangle path');
    await bars.first().waitFor();
    expect(await bars.count()).toBe(2);
    expect(inViewport(await boxOf(page.getByRole('button', { name: 'Export criteria' })))).toBe(true);

    await page.getByRole('tab', { name: 'Inspectors (1)' }).click();
    expect(await rowTexts(page, `Inspectors, ${START} to ${END}`)).toEqual([
      'Inspector Records Mean ± floor Indicator Raised Accepted Rejected Changed Escalated Median answer',
      `${QC.name} 3 60.0 0.0 too few records 0 0 0 0 0 —`,
    ]);
    const inspectorsPanel = page.getByRole('tabpanel', { name: 'Inspectors (1)' });
    // The inspector by name; the username in the name's tooltip.
    expect(await inspectorsPanel.getByRole('cell', { name: QC.name }).getAttribute('title')).toBe(QC.username);
    const inspectorBar = inspectorsPanel.locator('.recharts-bar-rectangle path');
    await inspectorBar.first().waitFor();
    expect(inViewport(await boxOf(inspectorBar.first()))).toBe(true);
    // The chart by the inspector's name, as wide as the page's panel, on an axis fitted around 60 (55 to 65, steps of 2).
    const inspectorChart = inspectorsPanel.locator('.recharts-wrapper').first();
    expect(await inspectorChart.locator('.recharts-yAxis-tick-labels text').allTextContents()).toEqual([QC.name]);
    expect((await boxOf(inspectorChart)).width).toBeGreaterThan(900);
    const xTicks = await inspectorChart.locator('.recharts-xAxis-tick-labels text').allTextContents();
    expect([xTicks[0], xTicks.at(-1)]).toEqual(['54', '66']);
    expect(inViewport(await boxOf(page.getByRole('button', { name: 'Export inspectors' })))).toBe(true);
    // Every column of the table is drawn inside the window, the last one too.
    expect(inViewport(await boxOf(page.getByRole('columnheader', { name: 'Median answer' })))).toBe(true);
  });

  it('downloads the workbook: one sheet per section with the range\u2019s figures', async () => {
    const { page } = t;
    await openRange(page);
    await page.getByRole('table', { name: `Agents, ${START} to ${END}` }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export all (xlsx)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`QC_Insights_${START}_to_${END}.xlsx`);
    await page.getByText(`Saving QC_Insights_${START}_to_${END}.xlsx`).waitFor();
    const path = await download.path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(await fs.readFile(path)).buffer as ExcelJS.Buffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Agents', 'Criteria', 'Inspectors']);
    const agent = book.getWorksheet('Agents')?.getRow(2).values as unknown[];
    expect(agent.slice(1, 6)).toEqual([AGENT.name, AGENT.username, 3, 60, 'Below Expectation']);
    expect(agent.slice(-2)).toEqual([90, 0]);
    const inspector = book.getWorksheet('Inspectors')?.getRow(2).values as unknown[];
    expect(inspector.slice(1, 8)).toEqual([QC.name, QC.username, 3, 60, 60, 0, 'too few records']);
  });

  it('shows a criterion of a scorecard other than Standard, named by its scorecard, inside the window', async () => {
    const { page } = t;
    // A day of its own, far from the other records: Tuesday 5 October 2021.
    const day = '2021-10-05';
    const { scorecard } = await recordOnOwnScorecard(day);
    await openRange(page, day, day);
    await page.getByRole('tab', { name: 'Criteria' }).click();
    const name = `Marks lost per criterion, ${day} to ${day}`;
    const table = page.getByRole('table', { name });
    const probe = table.getByRole('row').filter({ hasText: 'Needs probing' });
    await probe.waitFor();
    // Partly: 10 of 20 lost on the one record; Greeting N/A is left out, so it lost nothing over no records.
    expect((await probe.innerText()).replace(/\s+/g, ' ').trim()).toBe(`Needs probing ${scorecard} 20 10 10.00 1`);
    expect(inViewport(await boxOf(probe)), 'the criterion of the new scorecard in the viewport').toBe(true);
    // Worst first: it heads the table, and the chart's only bar names its scorecard.
    expect((await rowTexts(page, name))[1]).toBe(`Needs probing ${scorecard} 20 10 10.00 1`);
    const axis = page.getByRole('tabpanel', { name: 'Criteria' }).locator('.recharts-yAxis-tick-labels text');
    await axis.first().waitFor();
    expect((await axis.allTextContents()).join(' ')).toContain('Needs probing');
  });
});
