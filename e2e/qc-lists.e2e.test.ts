// The lists people act on, at 1366×768 (the call centre's monitor), proven by geometry: on both QC record lists the
// first row's Total, Grade and actions are inside the viewport and nothing scrolls sideways (the page nor the
// table); a row's 14 criteria open under it; the column chooser is remembered; the agent review's comment box and
// Submit and the raised flags' Resolved are in view; the lists paged by key (the QC record list, the lead browser)
// reach their last page with Last, step back and forth, come back with First and go to a date.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { request, type APIRequestContext, type Locator, type Page } from 'playwright-core';
import { bestScores, toClientMarks, type TQcClientRecord, type TQcRecord } from '@crm/shared';
import { toneWav, writeRecordings } from '@crm/server/test/test-audio';
import { okJson, adminHeaders, signInAsAdmin, signInAsAdminAndWait, signInAsAgent } from './actions.ts';
import { useBrowser } from './browser.ts';
import { CAMPAIGN, QC } from './fixtures.ts';

const VIEWPORT = { width: 1366, height: 768 };
const t = useBrowser(VIEWPORT);

// A day far from the demo's month of QC records and from the other QC files' days.
const CALL_DATE = '2021-05-18';
const AGENT_PASSWORD = 'qc-lists-agent-pass';
const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
const AGENT_ID = `QCL-${stamp}`;
// Long on purpose: the layout must hold with long names and texts.
const AGENT_NAME = `Mohammad Abdur Rahman Chowdhury ${stamp}`;
const LONG_TEXT =
  'The agent skipped the greeting, rushed the permission question and read the survey out of order; the customer asked twice what the call was about. Slow down, greet by name and follow the survey order next time.';
const number = (n: number) => `018${stamp}${String(n).padStart(2, '0')}`;
const RECORDING = `20210518-101500_${number(3)}_${AGENT_ID}-all.wav`;

const call = (n: number) => ({
  callDate: CALL_DATE,
  agentId: AGENT_ID,
  campaignName: CAMPAIGN,
  consumerNumber: number(n),
  duration: 3725,
});

let api: APIRequestContext;
let qcHeaders: Record<string, string>;
let inHouse: TQcRecord;
let client: TQcClientRecord;
let reviewed: TQcRecord;

beforeAll(async () => {
  api = await request.newContext({ baseURL: t.baseUrl });
  await okJson(
    api.post('/api/ac/addAgent', {
      headers: await adminHeaders(api),
      data: { type: 'Physical', name: AGENT_NAME, agentId: AGENT_ID, password: AGENT_PASSWORD },
    }),
  );
  const signIn = await okJson<{ jwtToken: string }>(
    api.post('/api/auth/signInSuperAdmin', { data: { username: QC.username, password: QC.password } }),
  );
  qcHeaders = { Authorization: `Bearer ${signIn.jwtToken}` };
  const lost = { ...bestScores(), crm: 0, pace: 5, poorObjectionAndNegotiationSkill: -20 };
  inHouse = await okJson<TQcRecord>(
    api.post('/api/qcReport/add', {
      headers: qcHeaders,
      data: { ...call(1), ...lost, fatalReason: 'None', easVoiceMatchedWithReport: 'no', suggestion: LONG_TEXT },
    }),
  );
  client = await okJson<TQcClientRecord>(
    api.post('/api/qcReport/addforclient', {
      headers: qcHeaders,
      data: { ...call(2), ...toClientMarks(lost), suggestionMarks: LONG_TEXT },
    }),
  );

  // A record with a recording (the widest cell of the review tables) that the agent reviews with a raised concern.
  reviewed = await okJson<TQcRecord>(
    api.post('/api/qcReport/add', { headers: qcHeaders, data: { ...call(3), ...bestScores(), suggestion: LONG_TEXT } }),
  );
  await writeRecordings(inject('recordingsDir'), CALL_DATE, { [RECORDING]: toneWav(2) });
  await okJson(
    api.post('/api/qcReport/add-qc-report-file', {
      headers: qcHeaders,
      data: { qcReport: { id: reviewed.id }, fileName: RECORDING },
    }),
  );
});

afterAll(async () => {
  await api?.dispose();
});

/** How far the page, and each box around the table, can scroll sideways (0 when nothing is off-screen sideways). */
async function sidewaysScroll(page: Page, table: Locator): Promise<{ page: number; table: number }> {
  const pageOverflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  const tableOverflow = await table.evaluate((element) => {
    let worst = 0;
    for (let box = element.parentElement; box !== null && box !== document.body; box = box.parentElement) {
      worst = Math.max(worst, box.scrollWidth - box.clientWidth);
    }
    return worst;
  });
  return { page: pageOverflow, table: tableOverflow };
}

/** Whether the element's box lies wholly inside the visible viewport (the page's own scrollbar excluded). */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('not shown');
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= VIEWPORT.height;
}

async function expectNoSidewaysScroll(page: Page, table: Locator) {
  expect(await sidewaysScroll(page, table)).toEqual({ page: 0, table: 0 });
}

async function signInAsInspector(page: Page) {
  await signInAsAdmin(page, QC.username, QC.password);
  await page.waitForURL('**/qcChecking');
}

/** A body row's cell under a header. */
async function cellUnder(table: Locator, row: Locator, header: string): Promise<Locator> {
  const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column "${header}" in ${headers.join(', ')}`);
  return row.locator(':scope > td').nth(index);
}

/** The first row of a record list: its Total, Grade and both actions inside the viewport, nothing sideways. */
async function expectFirstRowInView(page: Page) {
  const table = page.getByRole('table', { name: 'Record List' });
  const row = table.locator('tbody tr').first();
  const edit = row.getByRole('link', { name: /^Edit .+'s record$/ });
  await edit.waitFor();
  const total = await cellUnder(table, row, 'Total');
  const grade = await cellUnder(table, row, 'Agent grade');
  expect(await total.textContent()).toMatch(/^-?\d+$/);
  expect(await grade.textContent()).toMatch(/Expectation$|^Excellent$|^Good$|^Needs coaching$/);
  for (const part of [edit, row.getByRole('button', { name: /^Delete .+'s record$/ }), total, grade])
    expect(await inViewport(page, part)).toBe(true);
  await expectNoSidewaysScroll(page, table);
}

describe('QC record lists at 1366×768', () => {
  for (const list of [
    { path: '/viewQcReports', heading: 'QC Records Inhouse', record: () => inHouse },
    { path: '/QcRecordsClient', heading: 'QC Records Client', record: () => client },
  ]) {
    it(`${list.heading}: the first row's Total, Grade and actions are in view, nothing scrolls sideways, the criteria open under a row`, async () => {
      const { page } = t;
      await signInAsInspector(page);
      await page.goto(list.path);
      await page.getByRole('heading', { name: list.heading }).waitFor();
      await expectFirstRowInView(page);

      // This file's record (a long name, a long suggestion, an hour-long call) as the first row.
      await page.getByRole('textbox', { name: 'Search' }).fill(list.record().consumerNumber);
      const row = page.getByRole('row').filter({ hasText: list.record().consumerNumber });
      await row.waitFor();
      await expect.poll(() => page.getByRole('table', { name: 'Record List' }).locator('tbody tr').count()).toBe(1);
      await expectFirstRowInView(page);
      expect(await row.getByText('1:02:05').count()).toBe(1);

      // Its criteria: the toggle names what lost marks and opens every criterion as its choice.
      const toggle = row.getByRole('button', { name: `Pace +2: the 14 criteria of ${AGENT_NAME}'s record` });
      await toggle.click();
      const scores = page.getByRole('row', {
        name: `Scores of ${AGENT_NAME}'s call to ${list.record().consumerNumber}`,
      });
      await scores.getByText('No (-20)').waitFor();
      expect(await scores.getByText('Need Improvement (5)', { exact: true }).count()).toBe(1);
      expect(await scores.getByText('No (0)', { exact: true }).count()).toBe(2); // CRM, and Fatal at its best
      expect(await inViewport(page, scores)).toBe(true);
      await expectNoSidewaysScroll(page, page.getByRole('table', { name: 'Record List' }));
    });
  }

  it('the column chooser shows the 14 criteria as short columns, remembered on the other list and after a reload', async () => {
    const { page } = t;
    await signInAsInspector(page);
    await page.goto(`/viewQcReports?search=${encodeURIComponent(inHouse.consumerNumber)}`);
    const table = page.getByRole('table', { name: 'Record List' });
    await table.getByRole('row').filter({ hasText: inHouse.consumerNumber }).waitFor();
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'The 14 criteria, one column each' }).check();
    const crm = table.getByRole('columnheader', { name: 'CRM: Yes (20), Need Improvement (10), No (0)' });
    await crm.waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('group', { name: 'Columns shown' }).waitFor({ state: 'hidden' });
    // Total and Grade come before the criteria, so they stay in view even with the wide choice.
    const row = table.locator('tbody tr').first();
    expect(await inViewport(page, await cellUnder(table, row, 'Total'))).toBe(true);
    expect(await inViewport(page, await cellUnder(table, row, 'Agent grade'))).toBe(true);
    // A short header's tooltip gives the criterion's full name and scale (hovering scrolls the table to it).
    await crm.locator('span').hover();
    await page.getByRole('tooltip', { name: 'CRM: Yes (20), Need Improvement (10), No (0)' }).waitFor();

    await page.goto(`/QcRecordsClient?search=${encodeURIComponent(client.consumerNumber)}`);
    await page
      .getByRole('table', { name: 'Record List' })
      .getByRole('columnheader', { name: 'Fatal: Yes (-100), No (0)' })
      .waitFor();
    await page.reload();
    await page
      .getByRole('table', { name: 'Record List' })
      .getByRole('columnheader', { name: 'Fatal: Yes (-100), No (0)' })
      .waitFor();
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('button', { name: 'Back to the default columns' }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Record List' }).getByRole('columnheader').count()).toBe(9);
    await expectNoSidewaysScroll(page, page.getByRole('table', { name: 'Record List' }));
  });
});

describe('reviews at 1366×768', () => {
  it("the agent review's comment box and Submit, then the raised flag's Resolved, are in view without sideways scrolling", async () => {
    const { page } = t;
    await signInAsAgent(page, { agentId: AGENT_ID, password: AGENT_PASSWORD, campaign: CAMPAIGN, shift: 'Morning' });
    await page.waitForURL('**/CRM**');
    await page.goto('/agent-performance');
    const table = page.getByRole('table', { name: 'QC Records' });
    const row = table.getByRole('row').filter({ hasText: reviewed.consumerNumber });
    await row.getByRole('button', { name: 'Play' }).waitFor();
    for (const part of [
      row.getByLabel('Agreed?'),
      row.getByRole('button', { name: 'Raise Concern' }),
      row.getByLabel('Agent Comment'),
      row.getByRole('button', { name: 'Submit Review' }),
    ]) {
      await part.scrollIntoViewIfNeeded();
      expect(await inViewport(page, part)).toBe(true);
    }
    await expectNoSidewaysScroll(page, table);

    await row.getByLabel('Agreed?').selectOption('No');
    await row.getByRole('button', { name: 'Raise Concern' }).click();
    await row.getByLabel('Agent Comment').fill(LONG_TEXT);
    await row.getByRole('button', { name: 'Submit Review' }).click();
    await row.getByText('Submitted', { exact: true }).waitFor();
    await expectNoSidewaysScroll(page, table);

    // The inspector, in a browser of their own: Raised Flags.
    const inspector = await t.context.browser()?.newContext({ baseURL: t.baseUrl, viewport: VIEWPORT });
    if (inspector === undefined) throw new Error('no browser');
    try {
      await expectResolveInView(await inspector.newPage(), reviewed.consumerNumber);
    } finally {
      await inspector.close();
    }
  });
});

/** Raised Flags: the first resolvable row's and the reviewed record's Resolved Comment and Resolved are in view. */
async function expectResolveInView(page: Page, consumerNumber: string) {
  await signInAsInspector(page);
  await page.goto('/flag-raised');
  const flags = page.getByRole('table', { name: 'Concerned List' });
  // The first review resolved here (a disputed one is answered under Disputes, and its row says so).
  const firstFlag = flags
    .locator('tbody tr')
    .filter({ has: page.getByRole('button', { name: 'Resolved' }) })
    .first();
  await firstFlag.getByRole('button', { name: 'Resolved' }).waitFor();
  for (const part of [firstFlag.getByLabel('Resolved Comment'), firstFlag.getByRole('button', { name: 'Resolved' })])
    expect(await inViewport(page, part)).toBe(true);
  const flag = flags.getByRole('row').filter({ hasText: consumerNumber });
  await flag.getByRole('button', { name: 'Play' }).waitFor();
  for (const part of [flag.getByLabel('Resolved Comment'), flag.getByRole('button', { name: 'Resolved' })]) {
    await part.scrollIntoViewIfNeeded();
    expect(await inViewport(page, part)).toBe(true);
  }
  await expectNoSidewaysScroll(page, flags);
}

describe('paging by key at 1366×768', () => {
  it('the QC record list: Last, Previous, First, Next and Go to call date, its controls in view', async () => {
    const { page } = t;
    await signInAsInspector(page);
    await page.goto('/viewQcReports');
    const showing = page.getByText(/^Showing \d+ (to \d+ )?of \d+ entries$/);
    await expect.poll(() => showing.textContent()).toMatch(/^Showing 1 to 10 of /);
    const total = Number((await showing.textContent())?.match(/of (\d+) entries/)?.[1]);
    expect(total).toBeGreaterThan(20);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    const button = (name: string) => pager.getByRole('button', { name, exact: true });
    for (const name of ['First page', 'Previous', 'Next', 'Last page']) {
      await button(name).scrollIntoViewIfNeeded();
      expect(await inViewport(page, button(name)), name).toBe(true);
    }

    await button('Last page').click();
    const lastFrom = total - ((total - 1) % 10);
    await expect.poll(() => showing.textContent()).toBe(`Showing ${lastFrom} to ${total} of ${total} entries`);
    expect(await button('Next').isDisabled()).toBe(true);
    await button('Previous').click();
    await expect
      .poll(() => showing.textContent())
      .toBe(`Showing ${lastFrom - 10} to ${lastFrom - 1} of ${total} entries`);
    await button('First page').click();
    await expect.poll(() => showing.textContent()).toBe(`Showing 1 to 10 of ${total} entries`);
    expect(await button('Previous').isDisabled()).toBe(true);
    await button('Next').click();
    await expect.poll(() => showing.textContent()).toBe(`Showing 11 to 20 of ${total} entries`);
    // The address keeps the page: a reload shows the same rows.
    const second = await page.getByRole('table', { name: 'Record List' }).locator('tbody tr').first().textContent();
    await page.reload();
    await expect
      .poll(() => page.getByRole('table', { name: 'Record List' }).locator('tbody tr').first().textContent())
      .toBe(second);

    // Go to this file's call date: the page starts at its newest in-house record (far older than the demo's month).
    const jump = page.getByRole('textbox', { name: 'Go to call date' });
    await jump.fill(CALL_DATE);
    await jump.press('Enter');
    const first = page.getByRole('table', { name: 'Record List' }).locator('tbody tr').first();
    await expect.poll(() => first.textContent()).toContain(reviewed.consumerNumber);
    expect(await first.textContent()).toContain(CALL_DATE);
    expect(await button('Previous').isDisabled()).toBe(false);
    await expectNoSidewaysScroll(page, page.getByRole('table', { name: 'Record List' }));
  });

  it('the lead browser: Last reaches the last page of a campaign with thousands of leads, Previous, First and Next by key', async () => {
    const { page } = t;
    await signInAsAdminAndWait(page);
    await page.goto('/leads');
    await page.getByRole('button', { name: `Browse the leads of ${CAMPAIGN}` }).click();
    const browser = page.getByRole('region', { name: 'Lead browser' });
    const showing = browser.getByText(/^Showing \d+ to \d+ of \d+ entries$/);
    await expect.poll(() => showing.textContent()).toMatch(/^Showing 1 to 25 of /);
    const total = Number((await showing.textContent())?.match(/of (\d+) entries/)?.[1]);
    const pages = Math.ceil(total / 25);
    expect(pages).toBeGreaterThan(100);
    const button = (name: string) => browser.getByRole('button', { name, exact: true });

    await button('Last page').click();
    await expect
      .poll(() => showing.textContent())
      .toBe(`Showing ${(pages - 1) * 25 + 1} to ${total} of ${total} entries`);
    expect(await button('Next').isDisabled()).toBe(true);
    await button('Previous').click();
    await expect
      .poll(() => showing.textContent())
      .toBe(`Showing ${(pages - 2) * 25 + 1} to ${(pages - 1) * 25} of ${total} entries`);
    await button('First page').click();
    await expect.poll(() => showing.textContent()).toBe(`Showing 1 to 25 of ${total} entries`);
    await button('Next').click();
    await expect.poll(() => showing.textContent()).toBe(`Showing 26 to 50 of ${total} entries`);

    // Jump to a date: the date filter shows that date's leads from its first.
    const dates = browser.getByLabel('Data date');
    const oldest = await dates.locator('option').last().getAttribute('value');
    if (oldest === null || oldest === '') throw new Error('no data date');
    await dates.selectOption(oldest);
    await expect.poll(() => showing.textContent()).toMatch(/^Showing 1 to \d+ of \d+ entries$/);
    const rows = browser.getByRole('table', { name: `Leads of ${CAMPAIGN}` }).locator('tbody tr');
    expect(await rows.first().textContent()).toContain(oldest);
  });
});
