// Unacknowledged QC records in Chromium at 1366×768 (issue 37, docs/qc-records.md, Overdue): an inspector sees an
// agent's overdue record marked apart from one still in its window, finds the same figures on QC insights and follows
// them to the list; the agent acknowledges the overdue call on the QC Review and it leaves the inspector's list.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import { sql } from 'kysely';
import { bestScores, type TQcRecord } from '@crm/shared';
import { createKysely } from '@crm/server/db/connect';
import type { Db } from '@crm/server/db/schema';
import { adminHeaders, okJson, signInAsAdmin, signInAsAgent } from './actions.ts';
import { useBrowser } from './browser.ts';
import { CAMPAIGN, QC } from './fixtures.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);

const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
const AGENT_ID = `ACK-${stamp}`;
const AGENT_NAME = `Ack Agent ${stamp}`;
const AGENT_PASSWORD = 'slow-harbour-pass';
// Two calls of a day no other test uses: the first scored 5 days ago (past the 3-day window), the second today.
const LATE_DAY = '2021-04-12';
const FRESH_DAY = '2021-04-13';

let api: APIRequestContext;
let db: Db;
let late: TQcRecord;
let fresh: TQcRecord;

beforeAll(async () => {
  api = await request.newContext({ baseURL: t.baseUrl });
  db = createKysely(inject('databaseUrl'), 2);
  await okJson(
    api.post('/api/ac/addAgent', {
      headers: await adminHeaders(api),
      data: { type: 'Physical', name: AGENT_NAME, agentId: AGENT_ID, password: AGENT_PASSWORD },
    }),
  );
  const signIn = await okJson<{ jwtToken: string }>(
    api.post('/api/auth/signInSuperAdmin', { data: { username: QC.username, password: QC.password } }),
  );
  const score = (callDate: string, number: string) =>
    okJson<TQcRecord>(
      api.post('/api/qcReport/add', {
        headers: { Authorization: `Bearer ${signIn.jwtToken}` },
        data: {
          callDate,
          agentId: AGENT_ID,
          campaignName: CAMPAIGN,
          consumerNumber: number,
          duration: 30,
          ...bestScores(),
          crm: 10,
          suggestion: 'Follow the survey order',
        },
      }),
    );
  late = await score(LATE_DAY, `019${stamp}01`);
  fresh = await score(FRESH_DAY, `019${stamp}02`);
  await sql`update qc_records set created_at = now() - interval '5 days' where id = ${late.id}`.execute(db);
});

afterAll(async () => {
  await api?.dispose();
  await db?.destroy();
});

const listRow = (page: Page, record: TQcRecord) =>
  page
    .getByRole('table', { name: 'Unacknowledged QC records' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Open QC record ${record.id}` }) });

describe('unacknowledged QC records', () => {
  it('lists the overdue record for the inspector and on insights; acknowledged, it leaves the list', async () => {
    const { page } = t;
    await signInAsAdmin(page, QC.username, QC.password);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));

    // The list of the agent's records, as the overdue notification opens it (all of them here, not only overdue).
    await page.goto(`/qc-acknowledgements?agentId=${AGENT_ID}`);
    await page.getByRole('heading', { name: 'Unacknowledged QC Records', level: 1 }).waitFor();
    const lateRow = listRow(page, late);
    await lateRow.getByText('Overdue', { exact: true }).waitFor();
    expect(await lateRow.getByRole('cell').nth(6).textContent()).toBe('2');
    await lateRow.getByText(`${AGENT_NAME} (${AGENT_ID})`).waitFor();
    await lateRow.getByText(LATE_DAY).waitFor();
    const freshRow = listRow(page, fresh);
    await freshRow.getByText('Awaiting', { exact: true }).waitFor();
    expect(await freshRow.getByText('Overdue', { exact: true }).count()).toBe(0);
    await page.getByText('Showing 1 to 2 of 2 entries').waitFor();
    expect(inViewport(await boxOf(page.getByRole('navigation', { name: 'Pagination' }))), 'pager in view').toBe(true);
    expect(inViewport(await boxOf(lateRow.getByRole('link'))), 'record link in view').toBe(true);

    // QC insights over those days: the agent's figures, and the overdue one links to the list of overdue records.
    // One heavy read of a user runs at a time: the default range's first, then the End before the Start, so the range
    // in between (from four weeks ago to 2021) is refused by the form and only the range asked for is read.
    await page.goto('/qcInsights');
    await page.getByRole('tab', { name: /^Agents/ }).waitFor();
    await page.getByLabel('End', { exact: true }).fill(FRESH_DAY);
    await page.getByLabel('Start', { exact: true }).fill(LATE_DAY);
    const agents = page.getByRole('table', { name: `Agents, ${LATE_DAY} to ${FRESH_DAY}` });
    const unacknowledged = agents.getByRole('link', { name: `2 records of ${AGENT_NAME} awaiting acknowledgement` });
    await unacknowledged.waitFor();
    const overdue = agents.getByRole('link', { name: `1 overdue acknowledgements of ${AGENT_NAME}` });
    expect(inViewport(await boxOf(overdue)), 'overdue figure in view').toBe(true);
    await overdue.click();
    await page.waitForURL((u) => u.pathname === '/qc-acknowledgements' && u.searchParams.get('state') === 'overdue');
    await listRow(page, late).getByText('Overdue', { exact: true }).waitFor();
    await page.getByText('Showing 1 to 1 of 1 entries').waitFor();
    expect(await listRow(page, fresh).count()).toBe(0);
    const overdueList = page.url();

    // The agent signs the overdue call off on the QC Review.
    const agentContext = await t.context.browser()!.newContext({ baseURL: t.baseUrl, viewport: VIEWPORT });
    try {
      const agentPage = await agentContext.newPage();
      await signInAsAgent(agentPage, { agentId: AGENT_ID, password: AGENT_PASSWORD, campaign: CAMPAIGN });
      await agentPage.waitForURL((u) => !u.pathname.startsWith('/login'));
      await agentPage.goto('/agent-performance');
      const card = agentPage.getByRole('group', {
        name: `Marks and comments of the call to ${late.consumerNumber} on ${LATE_DAY}`,
      });
      await card.getByRole('button', { name: 'Acknowledge' }).click();
      await card.getByLabel('Acknowledgement comment (optional)').fill('Understood.');
      await agentPage.keyboard.press('Enter');
      await card.getByText(/^Acknowledged on /).waitFor();
    } finally {
      await agentContext.close();
    }

    // Back on the inspector's list: the record is gone, the one in its window stays.
    await page.goto(overdueList);
    await page.getByText('No overdue acknowledgements for these filters').waitFor();
    await page.goto(`/qc-acknowledgements?agentId=${AGENT_ID}`);
    await listRow(page, fresh).getByText('Awaiting', { exact: true }).waitFor();
    await page.getByText('Showing 1 to 1 of 1 entries').waitFor();
    expect(await listRow(page, late).count()).toBe(0);
  });
});
