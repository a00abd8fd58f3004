// The QC queue in Chromium at 1366×768, as the demo QC inspector: sixteen recorded calls of a demo agent signed into
// the demo campaign on a day of this file's own are listed, 15 a page filling the window, with their automatic checks,
// numbers in E.164 and the hint of how Score next picks; N (Score next) claims the oldest and opens the QC panel with
// campaign, number and date filled in, the call searched and its recording chosen; back on the queue the claim shows
// as the inspector's own, and Release frees it.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import { createKysely } from '@crm/server/db/connect';
import type { Db } from '@crm/server/db/schema';
import { signInAsAdmin } from './actions.ts';
import { useBrowser } from './browser.ts';
import { CAMPAIGN, QC } from './fixtures.ts';
import { signInForTheDay, vicidialRecordingName, writeRecording } from './recordings.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);

// A call date and numbers of this file's own: no other test's recordings or QC records fall on them.
const CALL_DATE = '2021-10-23';
const AGENT_ID = 'AG-1001';
const FIRST_NUMBER = '01755502301';
const SECOND_NUMBER = '01755502302';
const firstCall = vicidialRecordingName({ date: CALL_DATE, time: '09:15:00', number: FIRST_NUMBER, agentId: AGENT_ID });
const secondCall = vicidialRecordingName({
  date: CALL_DATE,
  time: '11:40:00',
  number: SECOND_NUMBER,
  agentId: AGENT_ID,
});
/** Fourteen later calls, so the first page is full (15) and a second one holds the last. */
const laterCalls = Array.from({ length: 14 }, (_, i) =>
  vicidialRecordingName({
    date: CALL_DATE,
    time: `12:${String(10 + i).padStart(2, '0')}:00`,
    number: `017555024${String(10 + i)}`,
    agentId: AGENT_ID,
  }),
);
/** The numbers as the queue and QC records show them (E.164). */
const e164 = (local: string) => `+88${local}`;

/** The Monday to Friday before CALL_DATE (a Saturday), and the agent-days the progress test adds on them. */
const WEEK_BEFORE = ['2021-10-18', '2021-10-19', '2021-10-20', '2021-10-21', '2021-10-22'];
let progressDays: { campaignId: number; callDate: string; agentUserId: number }[] = [];
let db: Db;
let api: APIRequestContext;
let qcHeaders: Record<string, string>;

beforeAll(async () => {
  db = createKysely(inject('databaseUrl'), 2);
  await signInForTheDay(db, AGENT_ID, CAMPAIGN, CALL_DATE);
  await writeRecording(CALL_DATE, firstCall, 40);
  await writeRecording(CALL_DATE, secondCall, 45);
  // The days before in the call's week, for every agent: more agent-days than the progress table shows at once.
  const agents = await db.selectFrom('users').select('id').where('role', '=', 'agent').execute();
  const campaign = await db
    .selectFrom('campaigns')
    .select('id')
    .where('campaignName', '=', CAMPAIGN)
    .executeTakeFirstOrThrow();
  progressDays = WEEK_BEFORE.flatMap((callDate) =>
    agents.map((a) => ({ campaignId: campaign.id, callDate, agentUserId: a.id })),
  );
  await db
    .insertInto('qcQueueDays')
    .values(progressDays)
    .onConflict((oc) => oc.doNothing())
    .execute();
  for (const name of laterCalls) await writeRecording(CALL_DATE, name, 40);

  api = await request.newContext({ baseURL: t.baseUrl });
  const signIn = await api.post('/api/auth/signInSuperAdmin', {
    data: { username: QC.username, password: QC.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  qcHeaders = { Authorization: `Bearer ${((await signIn.json()) as { jwtToken: string }).jwtToken}` };
  // A search reads the day's folder into the recordings index (the scanner would, in its own time).
  const search = await api.get('/api/voicelog/search', {
    headers: qcHeaders,
    params: { directory: CALL_DATE, msisdn: FIRST_NUMBER },
  });
  expect(search.status(), await search.text()).toBe(200);
}, 120_000);

afterAll(async () => {
  if (db) await db.deleteFrom('qcQueueDays').where('callDate', 'in', WEEK_BEFORE).execute();
  await api?.dispose();
  await db?.destroy();
});

const queueTable = (page: Page) => page.getByRole('table', { name: 'Calls to score' });
const rowOf = (page: Page, number: string) => queueTable(page).getByRole('row').filter({ hasText: number });

async function openQueue(page: Page) {
  await page.goto(`/qcQueue?campaignName=${encodeURIComponent(CAMPAIGN)}&date=${CALL_DATE}`);
  await page.getByRole('heading', { name: 'QC Queue', level: 1 }).waitFor();
  await rowOf(page, FIRST_NUMBER).waitFor({ timeout: 15_000 });
}

describe('the QC queue', () => {
  it('lists the calls with their checks, and N opens the oldest in the QC panel, searched, with its recording chosen', async () => {
    const { page } = t;
    await signInAsAdmin(page, QC.username, QC.password);
    await page.waitForURL('**/qcChecking');
    await openQueue(page);

    // 15 calls a page, oldest first (one agent), each with its agent, number in E.164, duration and chips.
    const rows = queueTable(page).locator('tbody tr');
    expect(await rows.count()).toBe(15);
    expect(await rows.nth(0).innerText()).toContain(e164(FIRST_NUMBER));
    expect(await rows.nth(1).innerText()).toContain(e164(SECOND_NUMBER));
    const first = rowOf(page, FIRST_NUMBER);
    expect(await first.innerText()).toMatch(/09:15:00[\s\S]*AG-1001[\s\S]*\+8801755502301[\s\S]*0:40[\s\S]*Free/);
    await first.getByRole('list', { name: /^Automatic checks/ }).waitFor();
    expect(await first.getByRole('listitem').count()).toBeGreaterThan(0);
    await page.getByText('Showing 1 to 15 of 16 entries').waitFor();

    // At 1366×768 the filters, the page size, Score next and its hint, all 15 rows (one line of chips each) and the
    // pager are on screen, the pager near the bottom (no empty band under it), nothing wider than the window.
    const scoreNext = page.getByRole('button', { name: /Score next/ });
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    const hint = page.getByText(/^Score next takes the first free call/);
    for (const shown of [
      scoreNext,
      hint,
      page.getByLabel('Campaign'),
      page.getByRole('textbox', { name: 'Call date' }),
      page.getByRole('combobox', { name: 'Show entries' }),
      first,
      rows.nth(14),
      pager,
    ]) {
      expect(inViewport(await boxOf(shown))).toBe(true);
    }
    const pagerBox = await boxOf(pager);
    expect(VIEWPORT.height - (pagerBox.y + pagerBox.height)).toBeLessThan(60);
    const hintBox = await boxOf(hint);
    expect(hintBox.x + hintBox.width).toBeGreaterThan((await boxOf(page.getByRole('tab', { name: /^Queue/ }))).x + 300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORT.width);

    await page.getByRole('heading', { name: 'QC Queue', level: 1 }).click();
    await page.keyboard.press('n');
    await page.waitForURL((url) => url.pathname === '/qcChecking');
    await page.getByRole('heading', { name: 'QC Panel', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Consumer number').inputValue()).toBe(e164(FIRST_NUMBER));
    expect(await page.getByLabel('Campaign').inputValue()).toBe(CAMPAIGN);
    expect(await page.getByRole('textbox', { name: 'Call date' }).inputValue()).toBe(CALL_DATE);
    const records = page.getByRole('region', { name: 'Call Records' });
    const chosen = records.getByRole('listitem').filter({ hasText: firstCall });
    await expect.poll(() => chosen.getAttribute('aria-current'), { timeout: 15_000 }).toBe('true');
    expect(inViewport(await boxOf(chosen))).toBe(true);
    // The call's names left the address: a reload does not search again.
    expect(new URL(page.url()).search).not.toContain('consumerNumber');
  });

  it('shows the claim as the inspector’s own with its time left, and Release frees it', async () => {
    const { page } = t;
    await signInAsAdmin(page, QC.username, QC.password);
    await page.waitForURL('**/qcChecking');
    await openQueue(page);
    const first = rowOf(page, FIRST_NUMBER);
    await expect.poll(() => first.innerText()).toMatch(/You · 1[45] min left/);
    expect(await rowOf(page, SECOND_NUMBER).innerText()).toContain('Free');
    const release = first.getByRole('button', { name: `Release the call of ${e164(FIRST_NUMBER)}` });
    expect(inViewport(await boxOf(release))).toBe(true);
    // With a claim shown the table still fits the width: no part of it under the window's edge, the claim not cut.
    expect(await queueTable(page).evaluate((e) => e.getBoundingClientRect().right)).toBeLessThanOrEqual(VIEWPORT.width);
    const badge = first.getByText(/You · 1[45] min left/);
    expect(await badge.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await release.click();
    await expect.poll(() => first.innerText()).toContain('Free');
    const claims = await db
      .selectFrom('qcQueueClaims')
      .innerJoin('recordings', 'recordings.id', 'qcQueueClaims.recordingId')
      .select('qcQueueClaims.id')
      .where('recordings.callDate', '=', CALL_DATE)
      .execute();
    expect(claims).toEqual([]);
  });

  it('shows the progress tables, each saying what it counts, in the height of the window', async () => {
    const { page } = t;
    await signInAsAdmin(page, QC.username, QC.password);
    await page.waitForURL('**/qcChecking');
    await page.goto(`/qcQueue?date=${CALL_DATE}`);
    await page.getByRole('tab', { name: 'Progress' }).click();
    const agents = page.getByRole('region', { name: 'Progress per agent and day' });
    const inspectors = page.getByRole('region', { name: 'Progress per inspector' });
    await agents.getByRole('row').filter({ hasText: AGENT_ID }).first().waitFor();
    expect(await agents.innerText()).toContain(
      'QC records of the agent’s calls of that day, against the campaign’s target.',
    );
    expect(await inspectors.innerText()).toContain(
      'QC records made that day and that week, whatever the calls’ dates.',
    );
    expect(await inspectors.getByRole('columnheader').allInnerTexts()).toEqual(['Inspector', CALL_DATE, 'Week']);
    // Both cards end inside the window; the agent-days (more than fit) scroll inside a table that takes the height
    // down to the page's margin.
    for (const card of [agents, inspectors]) expect(inViewport(await boxOf(card))).toBe(true);
    const agentsBox = await boxOf(agents);
    expect(
      await agents.locator('.mantine-ScrollArea-viewport').evaluate((e) => e.scrollHeight > e.clientHeight + 1),
    ).toBe(true);
    expect(VIEWPORT.height - (agentsBox.y + agentsBox.height)).toBeLessThan(40);
  });
});
