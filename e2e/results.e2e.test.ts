// The Survey Results screen in Chromium at 1366×768, on the real server: a campaign of its own with three calls made
// through the agent's API today (two completed, one not; a Bengali text answer), then the admin opens /results: the
// options' counts, a filter narrowing them, the cross-tab, the text answers searched in Bengali and drawn with the
// shipped Noto Sans Bengali, the xlsx read back; the filter bar stays in view while the questions scroll, and j moves
// to the next question.
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import { okJson, signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';
import { AGENT_PASSWORD, LEADS, createCallCampaign, createCrmAgent, type TCallCampaign } from './crm-support.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);
const BENGALI_ANSWER = 'দাম বেশি';

let setup: TCallCampaign;

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
  const agentId = await createCrmAgent(t.baseUrl);
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
