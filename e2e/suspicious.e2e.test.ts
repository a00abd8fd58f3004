// The suspicious completes screen in Chromium at 1366×768: completed calls of a campaign of its own on a day far from
// the others' (made in the database, as the agents' saves leave them), then the admin opens /suspicious on that day:
// the reasons show as chips with words, ↑ ↓ choose a row and Enter opens its call on the QC panel, ← moves a day back,
// and a change of the campaign's minimum in the settings card takes a reason away. Filters, rows and the settings lie
// in the window.
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { createKysely } from '@crm/server/db/connect';
import type { Db } from '@crm/server/db/schema';
import { signInAsAdmin } from './actions.ts';
import { useBrowser } from './browser.ts';
import { ADMIN, AGENT } from './fixtures.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);
let db: Db;

// Noon UTC: the same calendar day in any call centre zone from UTC−11 to UTC+11.
const DAY = '2021-10-05';
const CAMPAIGN = `Suspicious Study ${Date.now()}`;
const SHORT_CELL = '+8801719100001';
const REPEAT_CELL = '+8801719100002';

async function addComplete(
  campaignId: number,
  userId: number,
  cell: string,
  at: string,
  handleSeconds: number,
  q1: string,
) {
  const lead = await db
    .insertInto('leads')
    .values({ campaignId, cellNumber: cell, dataDate: DAY, answers: JSON.stringify({ Q1: q1 }), isCalled: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const endedAt = new Date(`${DAY}T${at}Z`);
  await db
    .insertInto('callAttempts')
    .values({
      leadId: lead.id,
      campaignId,
      userId,
      agentId: AGENT.username,
      sessionId: null,
      startedAt: new Date(endedAt.getTime() - handleSeconds * 1000),
      endedAt,
      handleSeconds,
      dispositionCode: 'COMPLETE',
      dispositionName: 'Completed',
      dispositionKind: 'completed',
      vicidialStatus: null,
      completed: true,
      dialerCallId: null,
      dialerStatus: null,
    })
    .execute();
  await db
    .insertInto('leadAnswerHistory')
    .values({
      leadId: lead.id,
      version: 1,
      userId,
      agentId: AGENT.username,
      answers: JSON.stringify({ Q1: q1 }),
      isCalled: 1,
    })
    .execute();
}

beforeAll(async () => {
  db = createKysely(inject('databaseUrl'), 2);
  const campaign = await db
    .insertInto('campaigns')
    .values({ campaignId: `SUS-${Date.now()}`, campaignName: CAMPAIGN, campaignType: 'Outbound', callTarget: 50 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const agent = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', AGENT.username)
    .executeTakeFirstOrThrow();
  // 12:00 a clean call (the agent's first of the day), 12:10 a 40 s call (short) answering otherwise, 12:20 the
  // 12:10 call's answers again.
  await addComplete(campaign.id, agent.id, '+8801719100000', '12:00:00', 200, 'Yes');
  await addComplete(campaign.id, agent.id, SHORT_CELL, '12:10:00', 40, 'No');
  await addComplete(campaign.id, agent.id, REPEAT_CELL, '12:20:00', 150, 'No');
});

afterAll(async () => {
  await db?.destroy();
});

const rowsOf = async (page: Page) => {
  const table = page.getByRole('table', { name: 'Suspicious completes' });
  return (await table.locator('tbody tr').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
};

describe('suspicious completes', () => {
  it('lists the day’s flagged completes with their reasons; keys move the row and the day and open the QC panel', async () => {
    const { page } = t;
    await signInAsAdmin(page, ADMIN.username, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`/suspicious?date=${DAY}&campaignName=${encodeURIComponent(CAMPAIGN)}`);
    await page.getByRole('heading', { name: 'Suspicious Completes' }).waitFor();
    const table = page.getByRole('table', { name: 'Suspicious completes' });
    await table.getByText(REPEAT_CELL).waitFor();
    const rows = await rowsOf(page);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(SHORT_CELL);
    expect(rows[0]).toContain('Shorter than the minimum');
    expect(rows[0]).toContain('0:40');
    expect(rows[1]).toContain(REPEAT_CELL);
    expect(rows[1]).toContain('Same answers as the previous complete');
    expect(await page.getByText('2 flagged').count()).toBe(1);

    for (const [name, locator] of [
      ['the day', page.getByLabel('Day', { exact: true })],
      ['the day before', page.getByRole('button', { name: 'The day before' })],
      ['the campaign', page.getByLabel('Campaign', { exact: true }).first()],
      ['the last row', table.locator('tbody tr').last()],
      ['the QC panel link', table.getByRole('link', { name: 'QC panel' }).last()],
      [
        'the settings',
        page.getByRole('region', { name: 'Suspicious settings' }).getByLabel('Minimum handle time (seconds)'),
      ],
    ] as const) {
      expect(inViewport(await boxOf(locator)), `${name} in the viewport`).toBe(true);
    }
    // A row is one line high: the chips do not wrap.
    expect((await boxOf(table.locator('tbody tr').first())).height).toBeLessThan(40);

    // ↓ chooses the second row; Enter opens its call on the QC panel.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => table.locator('tbody tr[aria-selected="true"]').innerText()).toContain(REPEAT_CELL);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/qcChecking');
    expect(new URL(page.url()).searchParams.get('consumerNumber')).toBe(REPEAT_CELL);
    expect(new URL(page.url()).searchParams.get('callDate')).toBe(DAY);

    // Back on the list, ← is the day before: nothing flagged there.
    await page.goBack();
    await table.getByText(REPEAT_CELL).waitFor();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ArrowLeft');
    await page.getByText(`No suspicious complete on 2021-10-04 in ${CAMPAIGN}`).waitFor();
    expect(new URL(page.url()).searchParams.get('date')).toBe('2021-10-04');
  });

  it('takes the short reason away once the admin lowers the campaign’s minimum', async () => {
    const { page } = t;
    await signInAsAdmin(page, ADMIN.username, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`/suspicious?date=${DAY}&campaignName=${encodeURIComponent(CAMPAIGN)}`);
    const table = page.getByRole('table', { name: 'Suspicious completes' });
    await table.getByText(SHORT_CELL).waitFor();
    const settings = page.getByRole('region', { name: 'Suspicious settings' });
    await settings.getByLabel('Campaign', { exact: true }).selectOption(CAMPAIGN);
    const minimum = settings.getByLabel('Minimum handle time (seconds)');
    await minimum.fill('');
    await minimum.fill('30');
    await settings.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Suspicious settings of ${CAMPAIGN} saved`).waitFor();
    await expect.poll(() => table.getByText(SHORT_CELL).count()).toBe(0);
    expect(await rowsOf(page)).toHaveLength(1);
  });
});
