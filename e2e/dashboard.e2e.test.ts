// The dashboard as an administrator sees it: totals, per-campaign figures of the days chosen (today, yesterday, 7 days,
// a range) with links to the campaign's results and productivity, and live dialer figures that update in place.
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { createKysely } from '@crm/server/db/connect';
import type { Db } from '@crm/server/db/schema';
import { DEMO_AGENT_PASSWORD } from '@crm/server/demo/agents';
import { sessionToken, signInAsAdmin, signInAsAgent } from './actions.ts';
import { useBrowser } from './browser.ts';
import { FAKE_STATS, setFakeVicidial } from './fake-vicidial.ts';
import { ADMIN, CAMPAIGN } from './fixtures.ts';
import { expectScrolledIntoView } from './geometry.ts';

const t = useBrowser();
const control = inject('dialerControlUrl');
let db: Db;

beforeAll(() => {
  db = createKysely(inject('databaseUrl'), 2);
});
afterAll(async () => {
  // Leave the shared fake answering normally for the other test files.
  await setFakeVicidial(control, { kind: 'figures', stats: FAKE_STATS });
  await db?.destroy();
});

async function openDashboard(page: Page) {
  await signInAsAdmin(page, ADMIN.username, ADMIN.password);
  await page.waitForURL('**/dashboard');
}

const liveDialer = (page: Page) => page.getByRole('region', { name: 'Live dialer' });
const figure = (page: Page, label: string) => liveDialer(page).getByRole('group', { name: label, exact: true });

describe('the dashboard', () => {
  it('shows live figures from the dialer and updates them without a reload', async () => {
    const { page } = t;
    await setFakeVicidial(control, { kind: 'figures', stats: FAKE_STATS });
    await openDashboard(page);
    await expect
      .poll(() => figure(page, 'Calls waiting').innerText(), { timeout: 10_000 })
      .toContain(String(FAKE_STATS.calls_waiting));
    expect(await figure(page, 'Agents logged in').innerText()).toContain(String(FAKE_STATS.agents_logged_in));
    expect(await figure(page, 'In disposition').innerText()).toContain(String(FAKE_STATS.agents_in_dispo));
    await liveDialer(page).getByText('Live', { exact: true }).waitFor();
    expect(await liveDialer(page).getByText('Simulated').count()).toBe(0);

    // A marker on the window survives only if the page is never reloaded.
    await page.evaluate(() => Object.assign(window, { stillThisPage: true }));
    await setFakeVicidial(control, { kind: 'figures', stats: { ...FAKE_STATS, calls_waiting: 17, agents_in_dial: 6 } });
    await expect.poll(() => figure(page, 'Calls waiting').innerText(), { timeout: 10_000 }).toContain('17');
    expect(await figure(page, 'Dialling').innerText()).toContain('6');
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
  });

  it('shows the dialer error with the time of the last good figures, and recovers', async () => {
    const { page } = t;
    await setFakeVicidial(control, { kind: 'figures', stats: FAKE_STATS });
    await openDashboard(page);
    await expect
      .poll(() => figure(page, 'Calls waiting').innerText(), { timeout: 10_000 })
      .toContain(String(FAKE_STATS.calls_waiting));

    await setFakeVicidial(control, { kind: 'error', message: 'user_group_status INVALID SEARCH PARAMETERS' });
    const alert = liveDialer(page).getByRole('alert');
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.innerText()).toContain('user_group_status INVALID SEARCH PARAMETERS');
    expect(await alert.innerText()).toMatch(/Last updated \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

    await setFakeVicidial(control, { kind: 'figures', stats: FAKE_STATS });
    await alert.waitFor({ state: 'detached', timeout: 10_000 });
  });

  it("shows the totals, each campaign's lead figures and its calls of the days chosen, grouped, with links", async () => {
    const { page } = t;
    const name = `Dashboard Check ${Date.now()}`;
    const campaign = await db
      .insertInto('campaigns')
      .values({ campaignId: `DC-${Date.now()}`, campaignName: name, campaignType: 'Outbound', callTarget: 40 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('leads')
      .values([
        // Called (a call attempt ended, called_at) and completed (is_called 1).
        {
          campaignId: campaign.id,
          cellNumber: '01711000001',
          dataDate: '2024-05-02',
          forD: 'd',
          generateStatus: 1,
          isCalled: 1,
          calledAt: new Date(),
        },
        { campaignId: campaign.id, cellNumber: '01711000002', dataDate: '2024-05-02', forD: 'd', generateStatus: 1 },
        { campaignId: campaign.id, cellNumber: '01711000003', dataDate: '2024-05-02' },
        { campaignId: campaign.id, cellNumber: '01711000004', dataDate: '2024-05-02' },
      ])
      .execute();
    // Today: 3 calls on two leads, one completed. Yesterday (24 hours ago): 1,250 calls on the first lead, 1,001 of
    // them completed: grouped on the card.
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', ADMIN.username)
      .executeTakeFirstOrThrow();
    await sql`
      insert into call_attempts (lead_id, campaign_id, user_id, agent_id, started_at, ended_at, handle_seconds,
        disposition_code, disposition_name, disposition_kind, completed)
      select l.id, l.campaign_id, ${admin.id}::int, 'AG-1001', a.ended - interval '90 seconds', a.ended, 90,
        case when a.completed then 'COMP' else 'NA' end, case when a.completed then 'Completed' else 'No answer' end,
        case when a.completed then 'completed' else 'retry' end, a.completed
      from leads l
      join (values ('01711000001', now(), true), ('01711000001', now(), false), ('01711000002', now(), false))
        as a (cell, ended, completed) on a.cell = l.cell_number
      where l.campaign_id = ${campaign.id}
      union all
      select l.id, l.campaign_id, ${admin.id}::int, 'AG-1001', now() - interval '24 hours 90 seconds',
        now() - interval '24 hours', 90, case when g <= 1001 then 'COMP' else 'NA' end,
        case when g <= 1001 then 'Completed' else 'No answer' end, case when g <= 1001 then 'completed' else 'retry' end,
        g <= 1001
      from leads l, generate_series(1, 1250) g
      where l.campaign_id = ${campaign.id} and l.cell_number = '01711000001'`.execute(db);
    // Two sends of the generated leads: the card counts what VICIdial added over both.
    const send = {
      campaignId: campaign.id,
      dataDate: '2024-05-02',
      listId: '1001',
      duplicateCheck: 'DUPLIST' as const,
      dncCheck: true,
      campaignDncCheck: false,
      rate: 20,
      startedBy: 'admin',
      finishedAt: new Date(),
    };
    await db
      .insertInto('dialerSends')
      .values([
        { ...send, state: 'finished', total: 2, added: 1, duplicate: 1 },
        { ...send, state: 'cancelled', total: 2, added: 1 },
      ])
      .execute();

    await openDashboard(page);
    for (const title of ['Number of Agents', 'Number of Campaigns', 'Number of Data Tables']) {
      await expect
        .poll(() => page.getByRole('group', { name: title }).innerText(), { timeout: 10_000 })
        .toMatch(/\n\s*[\d,]+\s*$/);
    }
    await expect
      .poll(() => page.getByRole('group', { name: 'Outbound vs Inbound' }).innerText(), { timeout: 10_000 })
      .toMatch(/Inbound\s*[\d,]+[\s\S]*Outbound\s*[\d,]+/);

    const card = page.getByRole('group', { name, exact: true });
    // The card is drawn before the figures of the days chosen arrive: wait for them, then read the card once.
    await expect
      .poll(() => card.innerText(), { timeout: 10_000 })
      .toMatch(/Today\s*Attempted\s*2\s*Calls\s*3\s*Completed\s*1/i);
    const text = await card.innerText();
    expect(text).toMatch(/Total Leads\s*4/);
    expect(text).toMatch(/Generated\s*2/);
    expect(text).toMatch(/Sent to dialer\s*2/);
    expect(text).toMatch(/Today\s*Attempted\s*2\s*Calls\s*3\s*Completed\s*1/i);
    expect(text).toContain('All time: attempted 50% of generated, completed 50%');
    // Each line fits the card: its label and count on one line, nothing wider than the card.
    for (const label of ['Sent to dialer', 'Attempted', 'Completed']) {
      const line = card.getByText(label, { exact: true }).locator('..');
      expect(
        await line.evaluate((el) => [...el.children].map((c) => Math.round(c.getBoundingClientRect().top))),
      ).toSatisfy((tops: number[]) => new Set(tops).size === 1);
    }
    expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // The chart draws a bar for each non-zero figure.
    await page
      .getByRole('region', { name: 'Attempted and completed per campaign: Today' })
      .locator('svg .recharts-bar-rectangle path')
      .first()
      .waitFor();

    // The frequent change by keyboard: from Today to Yesterday with an arrow; the filter and the card in view.
    const days = page.getByRole('radiogroup', { name: 'Days of the calls' });
    await days.getByRole('radio', { name: 'Today' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.search === '?period=yesterday');
    await expect.poll(() => card.innerText()).toMatch(/Yesterday\s*Attempted\s*1\s*Calls\s*1,250\s*Completed\s*1,001/i);
    await expectScrolledIntoView(card);
    await expectScrolledIntoView(days);
    // 7 days hold both.
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => card.innerText())
      .toMatch(/Last 7 days\s*Attempted\s*2\s*Calls\s*1,253\s*Completed\s*1,002/i);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/dashboard.png`, fullPage: true });

    // The campaign's results and productivity, one click away.
    await card.getByRole('link', { name: `Results of ${name}` }).click();
    await page.waitForURL((url) => url.pathname === '/results' && url.searchParams.get('campaignName') === name);
    await page.goBack();
    await page
      .getByRole('group', { name, exact: true })
      .getByRole('link', { name: `Productivity of ${name}` })
      .click();
    await page.waitForURL((url) => url.pathname === '/productivity' && url.searchParams.get('campaignName') === name);
  });

  it('asks a range of days typed, and says why a reversed one is not asked', async () => {
    const { page } = t;
    await openDashboard(page);
    const days = page.getByRole('radiogroup', { name: 'Days of the calls' });
    await days.getByText('Range', { exact: true }).click();
    const section = page.getByRole('region', { name: 'Campaigns' });
    await expect.poll(() => section.getByRole('alert').innerText()).toBe('Choose the first and the last day');
    await section.getByRole('textbox', { name: 'From', exact: true }).fill('2026-03-12');
    await section.getByRole('textbox', { name: 'To', exact: true }).fill('2026-03-10');
    await expect
      .poll(() => section.getByRole('alert').innerText())
      .toBe('The end date must be on or after the start date');
    await section.getByRole('textbox', { name: 'From', exact: true }).fill('2026-03-01');
    await page.waitForURL((url) => url.search === '?period=range&from=2026-03-01&to=2026-03-10');
    await section.getByText('2026-03-01 to 2026-03-10').first().waitFor();
  });
});

describe('agent sign-ins on the dashboard', () => {
  it("lists agents signed in now by shift; an agent's logout ends the session on the server and shows in today's sign-ins", async () => {
    const { page } = t;
    // AG-1002 signs in through the login screen on the Evening shift, then logs out.
    await signInAsAgent(page, {
      agentId: 'AG-1002',
      password: DEMO_AGENT_PASSWORD,
      campaign: CAMPAIGN,
      shift: 'Evening',
    });
    await page.waitForURL('**/CRM**');
    const oldToken = await sessionToken(page);
    await page.getByTestId('user-name').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    const after = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${oldToken}` } });
    expect(after.status()).toBe(401);

    // AG-1004 signs in elsewhere and stays.
    const signIn = await page.request.post('/api/auth/signInAgent', {
      data: { username: 'AG-1004', password: DEMO_AGENT_PASSWORD, shift: 'Evening', campaign: CAMPAIGN },
    });
    expect(signIn.status()).toBe(200);

    await openDashboard(page);
    const panel = page.getByRole('region', { name: 'Agents logged in now' });
    const evening = panel.getByRole('group', { name: 'Evening shift' });
    await expect.poll(() => evening.innerText()).toContain('AG-1004');
    expect(await evening.innerText()).not.toContain('AG-1002');
    const row = panel
      .getByRole('table', { name: "Today's sign-ins" })
      .getByRole('row')
      .filter({ hasText: 'AG-1002' })
      .first();
    expect(await row.innerText()).toMatch(/Evening[\s\S]*Signed out \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  });
});
