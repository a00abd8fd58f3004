// /productivity in Chromium at 1366×768: two agents' sign-ins and calls of a day long ago written into the database, then
// the admin opens the day for the campaign: the table and its totals, a sort by a click and by Enter, the grouping per
// shift, the workbook downloaded and read back, the Floor now tab in the address; filters and export in the window; the
// two charts side by side, each whole in the window once scrolled to.
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { createKysely } from '@crm/server/db/connect';
import type { Db } from '@crm/server/db/schema';
import { signInAsAdmin } from './actions.ts';
import { useBrowser } from './browser.ts';
import { ADMIN } from './fixtures.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);
// Noon of a day far from the demo's and the other tests' (UTC): the same local day in any zone from UTC−11 to UTC+11.
const DAY = '2021-10-06';
const stamp = Date.now();
const CAMPAIGN = `Productivity Check ${stamp}`;
let db: Db;

beforeAll(async () => {
  db = createKysely(inject('databaseUrl'), 2);
  const campaign = await db
    .insertInto('campaigns')
    .values({ campaignId: `PC-${stamp}`, campaignName: CAMPAIGN, campaignType: 'Outbound', callTarget: 40 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [mina, rafi] = await db
    .insertInto('users')
    .values([
      { username: `PM-${stamp}`, name: 'Mina Sultana', role: 'agent', passwordHash: 'x' },
      { username: `PR-${stamp}`, name: 'Rafi Ahmed', role: 'agent', passwordHash: 'x' },
    ])
    .returning(['id', 'username'])
    .execute();
  if (mina === undefined || rafi === undefined) throw new Error('two agents expected');
  const lead = await db
    .insertInto('leads')
    .values({ campaignId: campaign.id, cellNumber: `0171${String(stamp).slice(-7)}`, dataDate: DAY })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Mina: Morning 09:00 → 11:00 UTC, 3 calls (2 completed); Rafi: Evening 12:00 → 13:00 UTC, 1 call, not completed.
  const { rows: sessions } = await sql<{ id: number }>`
    insert into agent_sessions (user_id, agent_id, agent_name, shift, campaign_id, campaign_name, signed_in_at, expires_at, signed_out_at)
    values (${mina.id}, ${mina.username}, 'Mina Sultana', 'Morning', ${campaign.id}, ${CAMPAIGN},
        ${`${DAY}T09:00:00Z`}, ${`${DAY}T21:00:00Z`}, ${`${DAY}T11:00:00Z`}),
      (${rafi.id}, ${rafi.username}, 'Rafi Ahmed', 'Evening', ${campaign.id}, ${CAMPAIGN},
        ${`${DAY}T12:00:00Z`}, ${`${DAY}T23:00:00Z`}, ${`${DAY}T13:00:00Z`})
    returning id`.execute(db);
  const [morning, evening] = sessions;
  if (morning === undefined || evening === undefined) throw new Error('two sessions expected');
  await sql`
    insert into call_attempts (lead_id, campaign_id, user_id, agent_id, session_id, started_at, ended_at, handle_seconds,
      disposition_code, disposition_name, disposition_kind, completed)
    select ${lead.id}, ${campaign.id}, a.user_id, a.agent_id, a.session_id, a.ended::timestamptz - make_interval(secs => a.handle),
      a.ended::timestamptz, a.handle, a.code, a.code, case when a.code = 'COMPLETE' then 'completed' else 'retry' end,
      a.code = 'COMPLETE'
    from (values
      (${mina.id}::int, ${mina.username}, ${morning.id}::int, ${`${DAY}T09:30:00Z`}, 300, 'COMPLETE'),
      (${mina.id}::int, ${mina.username}, ${morning.id}::int, ${`${DAY}T10:00:00Z`}, 240, 'COMPLETE'),
      (${mina.id}::int, ${mina.username}, ${morning.id}::int, ${`${DAY}T10:30:00Z`}, 60, 'NOANSWER'),
      (${rafi.id}::int, ${rafi.username}, ${evening.id}::int, ${`${DAY}T12:30:00Z`}, 45, 'NOANSWER')
    ) as a (user_id, agent_id, session_id, ended, handle, code)`.execute(db);
});

afterAll(async () => {
  await db?.destroy();
});

const rowTexts = async (page: Page, name: string) => {
  const table = page.getByRole('table', { name });
  await table.waitFor();
  return (await table.getByRole('row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
};

async function openDay(page: Page) {
  await signInAsAdmin(page, ADMIN.username, ADMIN.password);
  await page.waitForURL('**/dashboard');
  const params = new URLSearchParams({ period: 'custom', from: DAY, to: DAY, campaignName: CAMPAIGN });
  await page.goto(`/productivity?${params.toString()}`);
  await page.getByRole('heading', { name: 'Productivity' }).waitFor();
}

describe('productivity', () => {
  it('shows each agent’s day with totals, sorts by a click and by Enter, all inside a 1366×768 window', async () => {
    const { page } = t;
    await openDay(page);
    const name = 'Productivity per agent';
    // Mina: 2 h, 3 calls, 2 completed, 66.67%, COMPLETE 2, NOANSWER 1, handle 600 s (0:10:00), 200 s a call, 1.5 an
    // hour, target 40, 7.5%. Rafi: 1 h, 1 call, 45 s. Totals: 3 h, 4 calls, 645 s, 161 s a call, 1.33 an hour, 80.
    expect(await rowTexts(page, name)).toEqual([
      'Agent ▲ Signed in Calls Completed Compl. % COMPLETE NOANSWER Handle Avg handle Calls/h Target Target % QC QC avg QC pass % Suspicious',
      `Mina Sultana (PM-${stamp}) 2:00:00 3 2 66.67% 2 1 0:10:00 0:03:20 1.5 40 7.5% 0 — — 0`,
      `Rafi Ahmed (PR-${stamp}) 1:00:00 1 0 0% 0 1 0:00:45 0:00:45 1 40 2.5% 0 — — 0`,
      'Total 3:00:00 4 2 50% 2 2 0:10:45 0:02:41 1.33 80 5% 0 — — 0',
    ]);
    const table = page.getByRole('table', { name });
    for (const [what, locator] of [
      ['the Export button', page.getByRole('button', { name: 'Export (xlsx)' })],
      ['the campaign', page.getByRole('combobox', { name: 'Campaign' })],
      ['the grouping', page.getByRole('radiogroup', { name: 'Group by' })],
      ['the days', page.getByRole('radiogroup', { name: 'Days' })],
      ['the Floor now tab', page.getByRole('tab', { name: 'Floor now' })],
      // The table is wider than the window: it scrolls sideways in its own box, its Total cell in view.
      ['the totals row', page.getByTestId('productivity-totals').getByRole('cell', { name: 'Total', exact: true })],
    ] as const) {
      expect(inViewport(await boxOf(locator)), `${what} in the viewport`).toBe(true);
    }
    // The table fits the window's width by scrolling in its own box, not the page's.
    expect((await boxOf(page.getByTestId('productivity-table-box'))).width).toBeLessThanOrEqual(VIEWPORT.width);

    // The two charts beside each other under the table: calls and completed per agent, and calls per day by agent
    // (its legend names both agents); each whole in the window once scrolled to, neither wider than half of it.
    const callsChart = page.getByRole('region', { name: /^Calls and completed per agent/ });
    const agentDayChart = page.getByRole('region', { name: /^Calls per day by agent/ });
    await agentDayChart.getByText(`Mina Sultana (PM-${stamp})`).waitFor();
    await agentDayChart.getByText(`Rafi Ahmed (PR-${stamp})`).waitFor();
    await agentDayChart.scrollIntoViewIfNeeded();
    const [left, right] = [await boxOf(callsChart), await boxOf(agentDayChart)];
    expect(Math.abs(left.y - right.y), 'the charts side by side').toBeLessThanOrEqual(1);
    expect(left.x + left.width, 'the calls chart left of the other').toBeLessThanOrEqual(right.x);
    for (const box of [left, right]) {
      expect(inViewport(box), 'a chart whole in the window').toBe(true);
      expect(box.width).toBeLessThanOrEqual(VIEWPORT.width / 2);
      expect(box.height).toBeGreaterThan(200);
    }

    // A click on Handle sorts the largest first; again, the smallest first.
    const handle = table.getByRole('button', { name: /^Handle/ });
    await handle.click();
    await page.waitForURL(/sort=handleSeconds&desc=1/);
    await expect.poll(async () => (await rowTexts(page, name))[1]).toMatch(/^Mina Sultana/);
    await handle.click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'handleSeconds' && !url.searchParams.has('desc'));
    await expect.poll(async () => (await rowTexts(page, name))[1]).toMatch(/^Rafi Ahmed/);
    // By keyboard: Enter on the NOANSWER head sorts by it (a tie keeps the names' order), Enter again reverses.
    const noAnswer = table.getByRole('button', { name: 'NOANSWER' });
    await noAnswer.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/sort=d%3ANOANSWER&desc=1/);
    await expect.poll(() => table.locator('th[aria-sort="descending"]').innerText()).toContain('NOANSWER');
  });

  it('groups per shift, downloads the workbook of every grouping, and keeps the Floor now tab in the address', async () => {
    const { page } = t;
    await openDay(page);
    await page.getByRole('radiogroup', { name: 'Group by' }).getByText('Shift', { exact: true }).click();
    await page.waitForURL(/groupBy=shift/);
    expect(await rowTexts(page, 'Productivity per shift')).toEqual([
      'Shift ▲ Agents Signed in Calls Completed Compl. % COMPLETE NOANSWER Handle Avg handle Calls/h Target Target % QC QC avg QC pass % Suspicious',
      'Morning 1 2:00:00 3 2 66.67% 2 1 0:10:00 0:03:20 1.5 40 7.5% 0 — — 0',
      'Evening 1 1:00:00 1 0 0% 0 1 0:00:45 0:00:45 1 40 2.5% 0 — — 0',
      'Total 2 3:00:00 4 2 50% 2 2 0:10:45 0:02:41 1.33 80 5% 0 — — 0',
    ]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export (xlsx)' }).click(),
    ]);
    const fileName = `Productivity_${CAMPAIGN.replace(/[^A-Za-z0-9_-]+/g, '_')}_${DAY}_to_${DAY}.xlsx`;
    expect(download.suggestedFilename()).toBe(fileName);
    const path = await download.path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(await fs.readFile(path)).buffer as ExcelJS.Buffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Agent', 'Agent × day', 'Shift', 'Campaign', 'Day']);
    const total = book.getWorksheet('Campaign')?.getRow(3);
    expect(total?.getCell(1).value).toBe('Total');
    expect(total?.getCell(5).value).toBe(4);

    await page.getByRole('tab', { name: 'Floor now' }).click();
    await page.waitForURL(/tab=floor/);
    await page.getByRole('tab', { name: 'Floor now', selected: true }).waitFor();
  });
});
