// The Survey Results screen in Chromium at 1366×768, on the real server: a campaign of its own with three calls made
// through the agent's API today (two completed, one not; a Bengali text answer), then the admin opens /results: the
// options' counts, a filter narrowing them, the cross-tab, the text answers searched in Bengali and drawn with the
// shipped Noto Sans Bengali, the xlsx read back; the filter bar stays in view while the questions scroll, and j moves
// to the next question. The cross-tab's chart under its table, a cross-tab of many columns scrolling in its own boxes,
// the agent picked by name, and each quota's running fill beside the progress table, all without the page going
// sideways at 1366×768.
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { request, type APIRequestContext, type Locator, type Page } from 'playwright-core';
import { adminHeaders, okJson, signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';
import { AGENT_PASSWORD, LEADS, createCallCampaign, createCrmAgent, type TCallCampaign } from './crm-support.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);
const BENGALI_ANSWER = 'দাম বেশি';

let setup: TCallCampaign;
let agentId: string;
/** An active agent with no call in the campaign: the agent picker does not offer it. */
let idleAgentId: string;

/** One call of the agent's screen: the lookup starts it, the save ends it with its answers and disposition. */
async function callAndEnd(
  api: APIRequestContext,
  headers: Record<string, string>,
  cellNumber: string,
  body: Record<string, string | number>,
) {
  const lead = await okJson<{ id: number }>(
    api.get('/api/ap/getByNumber', { headers, params: { tableName: setup.campaign, cellNumber } }),
  );
  await okJson(
    api.put(`/dynamic/updateLeadData/${encodeURIComponent(setup.campaign)}/${encodeURIComponent(cellNumber)}`, {
      headers,
      params: { leadId: lead.id },
      data: body,
    }),
  );
}

beforeAll(async () => {
  const api = await request.newContext({ baseURL: t.baseUrl });
  setup = await createCallCampaign(api, 'Results');
  agentId = await createCrmAgent(t.baseUrl);
  idleAgentId = await createCrmAgent(t.baseUrl);
  // A quota on Dhaka: its running fill reaches 1 of 4 today.
  await okJson(
    api.post('/api/quotas', {
      headers: await adminHeaders(api),
      params: { campaignName: setup.campaign },
      data: { field: 'region', value: 'Dhaka', limit: 4 },
    }),
  );
  const { jwtToken } = await okJson<{ jwtToken: string }>(
    api.post('/api/auth/signInAgent', {
      data: { username: agentId, password: AGENT_PASSWORD, shift: 'Evening', campaign: setup.campaign },
    }),
  );
  const headers = { Authorization: `Bearer ${jwtToken}` };
  // Dhaka: Yes, then Gold Leaf ends it completed. Chattogram: No, why not in Bengali, Benson; completed.
  // Sylhet: No, then not interested: not completed.
  await callAndEnd(api, headers, LEADS.walk.e164, {
    Q1: 'Yes',
    Q3: 'Gold Leaf',
    is_called: 1,
    disposition: 'COMPLETE',
  });
  await callAndEnd(api, headers, LEADS.partial.e164, {
    Q1: 'No',
    Q2: BENGALI_ANSWER,
    Q3: 'Benson',
    Q5: 'Nothing else',
    is_called: 1,
    disposition: 'COMPLETE',
  });
  await callAndEnd(api, headers, LEADS.keyboard.e164, { Q1: 'No', is_called: 0, disposition: 'NI' });
  await api.dispose();
});

/** The table's rows as text, each cell's words joined by one space. */
const rowTexts = async (page: Page, name: string) => {
  const table = page.getByRole('table', { name });
  await table.waitFor();
  return (await table.getByRole('row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
};

async function openResults(page: Page, query = '') {
  await signInAsAdminAndWait(page);
  await page.goto(`/results?campaignName=${encodeURIComponent(setup.campaign)}${query}`);
  await page.getByRole('heading', { name: 'Survey Results' }).waitFor();
}

const filterBar = (page: Page) => page.getByRole('search', { name: 'Results filters' });

/** The chart's bars drawn with a width (a stack's empty parts are not). */
const barsDrawn = (chart: Locator) =>
  chart
    .locator('.recharts-bar-rectangle path')
    .evaluateAll((paths) => paths.filter((p) => p.getBoundingClientRect().width > 0).length);

/** How far the page itself scrolls sideways (0: not at all). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A cross-tab of 12 brands by 40 territories, answered in place of the server's, to lay out many columns. */
function wideCrosstab() {
  const rows = Array.from({ length: 12 }, (_, i) => `Brand ${i + 1}`);
  const cols = Array.from({ length: 40 }, (_, i) => `Territory ${i + 1}`);
  const counts = rows.map((_, r) => cols.map((__, c) => ((r + 1) * (c + 3)) % 17));
  return {
    rows,
    cols,
    counts,
    rowTotals: counts.map((row) => row.reduce((a, b) => a + b, 0)),
    colTotals: cols.map((_, c) => counts.reduce((a, row) => a + (row[c] ?? 0), 0)),
    total: counts.flat().reduce((a, b) => a + b, 0),
  };
}

describe('survey results', () => {
  it('shows the options of each question, narrowed by a filter, with the filter bar in view while scrolling', async () => {
    const { page } = t;
    await openResults(page);
    await expect
      .poll(() => rowTexts(page, 'Options of Q1'))
      .toEqual(['Option Count %', 'Yes 1 33.3%', 'No 2 66.7%', 'Maybe 0 0.0%']);
    expect(await filterBar(page).getByTestId('results-calls').innerText()).toBe('3 calls');

    // Completed only: Sylhet's call goes; the address keeps it.
    // The box shows the address, which the router changes as a transition: clicked, then wait for it to be ticked.
    await filterBar(page).getByLabel('Completed only').click();
    await expect.poll(() => filterBar(page).getByLabel('Completed only').isChecked()).toBe(true);
    await expect
      .poll(() => rowTexts(page, 'Options of Q1'))
      .toEqual(['Option Count %', 'Yes 1 50.0%', 'No 1 50.0%', 'Maybe 0 0.0%']);
    expect(page.url()).toContain('completedOnly=true');
    // And Dhaka only.
    await filterBar(page).getByLabel('Lead field', { exact: true }).selectOption('region');
    await filterBar(page).getByLabel('Field value').fill('Dhaka');
    await filterBar(page).getByLabel('Field value').press('Enter');
    await expect
      .poll(() => rowTexts(page, 'Options of Q1'))
      .toEqual(['Option Count %', 'Yes 1 100.0%', 'No 0 0.0%', 'Maybe 0 0.0%']);
    expect(await filterBar(page).getByTestId('results-calls').innerText()).toBe('1 call');

    // Scrolled to the last question, the filter bar and its controls are still drawn inside the window.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    for (const [name, locator] of [
      ['the filter bar', filterBar(page)],
      ['the campaign', filterBar(page).getByLabel('Campaign')],
      ['Completed only', filterBar(page).getByLabel('Completed only')],
      ['Export xlsx', filterBar(page).getByRole('button', { name: 'Export xlsx' })],
      ['Export CSV', filterBar(page).getByRole('button', { name: 'Export CSV' })],
    ] as const) {
      expect(inViewport(await boxOf(locator)), `${name} in the viewport`).toBe(true);
    }
    // Under the top bar, not behind it.
    expect((await boxOf(filterBar(page))).y).toBeGreaterThanOrEqual(48);
  });

  it('moves between the questions with j and k, each scrolled in under the filter bar', async () => {
    const { page } = t;
    await openResults(page);
    await page.getByRole('table', { name: 'Options of Q1' }).waitFor();
    await page.keyboard.press('j');
    const q2 = page.locator('#question-Q2');
    await expect.poll(() => q2.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('j');
    const q3 = page.locator('#question-Q3');
    await expect.poll(() => q3.evaluate((el) => el === document.activeElement)).toBe(true);
    const bar = await boxOf(filterBar(page));
    const card = await boxOf(q3);
    expect(card.y, 'Q3 starts below the filter bar').toBeGreaterThanOrEqual(bar.y + bar.height);
    expect(card.y, 'Q3 starts in the window').toBeLessThan(VIEWPORT.height);
    await page.keyboard.press('k');
    await expect.poll(() => q2.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('cross-tabs a question by a lead field as counts and row %', async () => {
    const { page } = t;
    await openResults(page, '&tab=crosstab');
    await page.getByLabel('Rows').selectOption('Q1');
    await page.getByLabel('Columns').selectOption('region');
    const rows = await rowTexts(page, 'Q1 by region, calls');
    expect(rows[0]).toBe('Q1 \\ region Chattogram Dhaka Sylhet Total');
    // Chattogram and Sylhet said No, Dhaka Yes; nobody Maybe.
    expect(rows.slice(1).sort()).toEqual(['Yes 0 1 0 1', 'No 1 0 1 2', 'Maybe 0 0 0 0', 'Total 1 1 1 3'].sort());
    await page.getByText('Row %', { exact: true }).click();
    const shares = await rowTexts(page, 'Q1 by region, % of each row');
    expect(shares).toContain('No 50.0% 0.0% 50.0% 100.0%');
    expect(page.url()).toContain('row=Q1&col=region&show=row');

    // Its chart under the table follows Row %, drawn in the window under the table, the page not sideways.
    const chart = page.getByRole('img', {
      name: 'Chart of Q1 by region: a bar per Q1, stacked by region, % of each Q1',
    });
    await expect.poll(() => barsDrawn(chart)).toBeGreaterThan(1);
    await chart.scrollIntoViewIfNeeded();
    const table = await boxOf(page.getByRole('table', { name: 'Q1 by region, % of each row' }));
    const drawn = await boxOf(chart);
    expect(drawn.y, 'the chart under the table').toBeGreaterThanOrEqual(table.y + table.height);
    expect(inViewport(drawn), 'the chart inside the window').toBe(true);
    expect(await sideways(page)).toBe(0);
  });

  it('keeps a cross-tab of 40 columns in its own scrolling boxes, the row names in view', async () => {
    const { page } = t;
    const isCrosstab = (url: URL) => url.pathname === '/api/results/crosstab';
    await page.route(isCrosstab, (route) => route.fulfill({ json: wideCrosstab() }));
    try {
      // Column %: a bar per territory, 40 of them.
      await openResults(page, '&tab=crosstab&row=Q1&col=territory&show=col');
      const table = page.getByRole('table', { name: 'Q1 by territory, % of each column' });
      await table.waitFor();
      const chart = page.getByRole('img', { name: /^Chart of Q1 by territory: a bar per territory/ });
      await expect.poll(() => barsDrawn(chart)).toBeGreaterThan(40);
      expect(await sideways(page), 'the page does not scroll sideways').toBe(0);
      // Both boxes lie inside the window's width and scroll themselves.
      const tableBox = page.getByTestId('crosstab-table-box').locator('.mantine-ScrollArea-viewport').first();
      const chartBox = chart.locator('.mantine-ScrollArea-viewport').first();
      for (const [name, box] of [
        ['the table', tableBox],
        ['the chart', chartBox],
      ] as const) {
        const b = await boxOf(box);
        expect(b.x + b.width, `${name}'s box inside the window`).toBeLessThanOrEqual(VIEWPORT.width);
        expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth), `${name} scrolls in its box`).toBe(true);
      }
      // Scrolled to the last column, the row names stay at the box's left edge and the last column is drawn in it.
      await tableBox.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect.poll(() => tableBox.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      const viewport = await boxOf(tableBox);
      const rowName = await boxOf(table.getByRole('rowheader', { name: 'Brand 1', exact: true }));
      expect(Math.abs(rowName.x - viewport.x), 'the row name at the left edge').toBeLessThanOrEqual(2);
      const last = await boxOf(table.getByRole('columnheader', { name: 'Territory 40' }));
      expect(last.x).toBeGreaterThan(rowName.x + rowName.width - 1);
      expect(last.x + last.width).toBeLessThanOrEqual(viewport.x + viewport.width + 1);
      // The bars keep a readable width rather than being squeezed into the window.
      const widths = await chart
        .locator('.recharts-bar-rectangle path')
        .evaluateAll((paths) => paths.map((p) => p.getBoundingClientRect().width));
      expect(Math.min(...widths.filter((w) => w > 0))).toBeGreaterThanOrEqual(20);
      expect(await sideways(page)).toBe(0);
    } finally {
      await page.unroute(isCrosstab);
    }
  });

  it("picks the agent by name among the campaign's own, kept in the address, the bar one window wide", async () => {
    const { page } = t;
    await openResults(page);
    await page.getByRole('table', { name: 'Options of Q1' }).waitFor();
    const picker = filterBar(page).getByLabel('Agent', { exact: true }).and(page.locator('input'));
    await picker.click();
    // Only the agent who called the campaign: not the other active agent, nor any other test's.
    const listed = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => listed.allInnerTexts()).toEqual([`Shirin Akter (${agentId})`]);
    await picker.fill(idleAgentId);
    await page.getByText('No agent of this campaign matches').waitFor();
    await picker.fill(agentId);
    await page.getByRole('option', { name: `Shirin Akter (${agentId})` }).click();
    await expect.poll(() => page.url()).toContain(`agentId=${encodeURIComponent(agentId)}`);
    // Every call of the campaign was this agent's.
    await expect.poll(() => filterBar(page).getByTestId('results-calls').innerText()).toBe('3 calls');
    const bar = await boxOf(filterBar(page));
    expect(bar.x + bar.width, 'the filter bar inside the window').toBeLessThanOrEqual(VIEWPORT.width);
    // Its fields on one line, so the bar kept in view stays low.
    const tops = await Promise.all(
      ['Campaign', 'From', 'To', 'Lead field', 'Field value', 'Agent', 'Disposition'].map(async (name) =>
        Math.round((await boxOf(filterBar(page).getByText(name, { exact: true }).first())).y),
      ),
    );
    expect(new Set(tops).size, `the fields' labels at ${tops.join(', ')}`).toBe(1);
    expect(inViewport(await boxOf(picker)), 'the agent picker in the window').toBe(true);
    expect(await sideways(page)).toBe(0);
    // A reload keeps it.
    await page.reload();
    await expect.poll(() => picker.inputValue()).toBe(`Shirin Akter (${agentId})`);
  });

  it('filters on two lead fields at once, the set one a badge in the filter bar', async () => {
    const { page } = t;
    // Dhaka's lead is Gold Leaf's: one call; with Benson, none.
    await openResults(page, '&field.region=Dhaka&field.brand=Gold%20Leaf');
    await expect.poll(() => filterBar(page).getByTestId('results-calls').innerText()).toBe('1 call');
    const badge = filterBar(page).getByRole('listitem').filter({ hasText: 'region = Dhaka' });
    expect(inViewport(await boxOf(badge)), 'the set field in the window').toBe(true);
    const value = filterBar(page).getByLabel('Field value');
    await value.fill('Benson');
    await value.press('Enter');
    await expect.poll(() => filterBar(page).getByTestId('results-calls').innerText()).toBe('0 calls');
    // Removed, only Benson holds: Chattogram's call.
    await filterBar(page).getByRole('button', { name: 'Remove region = Dhaka' }).click();
    await expect.poll(() => filterBar(page).getByTestId('results-calls').innerText()).toBe('1 call');
    expect(page.url()).not.toContain('field.region');
    expect(await sideways(page)).toBe(0);
  });

  it("draws each quota's running fill beside the progress table, the limit shown", async () => {
    const { page } = t;
    await openResults(page, '&tab=quotas');
    const progress = page.getByRole('table', { name: 'Quota progress' });
    await progress.waitFor();
    const fill = page.getByRole('img', {
      name: /^Running fill of region = Dhaka: 1 of 4 \(25\.0%\) by \d{4}-\d\d-\d\d$/,
    });
    await fill.locator('.recharts-area-area').first().waitFor();
    await expect.poll(() => fill.getByText('Limit 4').count()).toBe(1);
    const table = await boxOf(progress);
    const chart = await boxOf(fill);
    expect(chart.x, 'the running fill right of the table').toBeGreaterThanOrEqual(table.x + table.width);
    expect(chart.y, 'beside it, not under it').toBeLessThan(table.y + table.height);
    expect(inViewport(chart), 'the running fill inside the window').toBe(true);
    expect(inViewport(table), 'the table inside the window').toBe(true);
    expect(await sideways(page)).toBe(0);
  });

  it('lists and searches the text answers, Bengali drawn with the shipped font', async () => {
    const { page } = t;
    const fontFiles: string[] = [];
    page.on('request', (r) => {
      if (/noto-sans-bengali-bengali-.*\.woff2/.test(r.url())) fontFiles.push(r.url());
    });
    await openResults(page);
    await page.getByRole('button', { name: /answers to Q2$/ }).click();
    expect(await rowTexts(page, 'Answers to Q2 Why not?')).toHaveLength(2);
    const search = page.getByLabel('Search the answers to Q2');
    await search.fill('দাম');
    await search.press('Enter');
    await expect.poll(() => rowTexts(page, 'Answers to Q2 Why not?')).toHaveLength(2);
    const answer = page.getByRole('cell', { name: BENGALI_ANSWER });
    await answer.waitFor();
    await search.fill('nothing like this');
    await search.press('Enter');
    await page.getByText('No answer holds "nothing like this". Try fewer words.').waitFor();

    // The Bengali answer fetched the bundled Bengali subset from this server, and the face is loaded.
    await search.fill('');
    await search.press('Enter');
    await page.getByRole('cell', { name: BENGALI_ANSWER }).waitFor();
    await expect.poll(() => fontFiles.length).toBeGreaterThan(0);
    expect(fontFiles.every((u) => u.startsWith(t.baseUrl))).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          await document.fonts.ready;
          return document.fonts.check('16px "Noto Sans Bengali"', 'দাম');
        }),
      )
      .toBe(true);
    const loaded = await page.evaluate(
      () =>
        [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Noto Sans Bengali' && f.status === 'loaded')
          .length,
    );
    expect(loaded).toBeGreaterThan(0);
  });

  it('downloads the xlsx with the filters and the lead fields chosen, Bengali intact', async () => {
    const { page } = t;
    await openResults(page, '&fields=region');
    await page.getByRole('table', { name: 'Options of Q1' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      filterBar(page).getByRole('button', { name: 'Export xlsx' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^results-Results_\d+-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(await fs.readFile(await download.path())).buffer as ExcelJS.Buffer);
    const cells = book.worksheets.flatMap((sheet) => {
      const values: string[] = [];
      sheet.eachRow((row) => row.eachCell((cell) => values.push(String(cell.value))));
      return values;
    });
    expect(cells).toContain(BENGALI_ANSWER);
    expect(cells).toContain('Dhaka');
    expect(cells).toContain('Gold Leaf');
  });
});
