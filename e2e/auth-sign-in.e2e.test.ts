// Signing in, landing pages, the shell, route guards and signing out, as a person does it in Chromium.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@crm/shared';
import { signInAsAdmin, signInAsAgent as signInAgentAs } from './actions.ts';
import { useBrowser } from './browser.ts';
import { ADMIN, AGENT, CAMPAIGN, QC } from './fixtures.ts';

const t = useBrowser();

function signInAsAgent(page: Page) {
  return signInAgentAs(page, { agentId: AGENT.username, password: AGENT.password, campaign: CAMPAIGN });
}

/** The sidebar's link texts, once the shell has rendered (allInnerTexts itself does not wait). */
async function sidebarLinks(page: Page): Promise<string[]> {
  const links = page.getByRole('navigation').getByRole('link');
  await links.first().waitFor();
  return (await links.allInnerTexts()).map((l) => l.trim());
}

describe('sign-in', () => {
  it('takes an administrator to /dashboard with the admin, CRM and quality-control menus', async () => {
    const { page } = t;
    await signInAsAdmin(page, ADMIN.username, ADMIN.password);
    await page.waitForURL('**/dashboard');
    const links = await sidebarLinks(page);
    for (const label of [
      'Dashboard',
      'Agents',
      'Campaigns',
      'Data Tables',
      'Question',
      'Logic Setting',
      'Leads',
      'Lead Reports',
      'Audit Log',
      'CRM',
      'View Full CRM',
      'QC Review',
      'QC Panel',
      'QC Records Inhouse',
      'QC Records Client',
      'Raised Flags',
    ]) {
      expect(links).toContain(label);
    }
    expect(await page.getByTestId('user-name').innerText()).toBe(ADMIN.name);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/Dashboard/);
  });

  it('takes an agent with shift and campaign to /CRM, with only the agent menu', async () => {
    const { page } = t;
    await signInAsAgent(page);
    await page.waitForURL('**/CRM**');
    const links = await sidebarLinks(page);
    expect(links).toEqual(['CRM', 'View Full CRM', 'QC Review', 'Coaching']);
    expect(await page.getByTestId('user-detail').innerText()).toContain(CAMPAIGN);
    const stored = await page.evaluate(() => ({
      username: localStorage.getItem('username'),
      campaignName: localStorage.getItem('campaignName'),
      auth: sessionStorage.getItem('auth-user'),
    }));
    expect(stored.username).toBe(AGENT.username);
    expect(stored.campaignName).toBe(CAMPAIGN);
    expect(JSON.parse(stored.auth ?? '{}').jwtToken).toMatch(/^ey/);
  });

  it('takes a QC inspector to /qcChecking with the QC menu and its reports', async () => {
    const { page } = t;
    await signInAsAdmin(page, QC.username, QC.password);
    await page.waitForURL('**/qcChecking');
    const links = await sidebarLinks(page);
    expect(links).toEqual([
      'QC Queue',
      'QC Panel',
      'QC Records Inhouse',
      'QC Records Client',
      'Raised Flags',
      'QC Reports',
      'Calibration',
      'QC Insights',
      'Coaching',
      'Productivity',
      'Suspicious',
    ]);
  });

  it('shows the wrong-credentials message for a wrong password and stays on the login screen', async () => {
    const { page } = t;
    await signInAsAdmin(page, ADMIN.username, 'definitely-wrong');
    await expect.poll(() => page.getByRole('alert').innerText()).toContain(MESSAGES.login.wrongCredentials);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it("shows 'Login Failed!' when the server cannot be reached", async () => {
    const { page } = t;
    await page.route('**/api/auth/signInAgent', (route) => route.abort('connectionrefused'));
    await signInAsAgent(page);
    await expect.poll(() => page.getByRole('alert').innerText()).toContain(MESSAGES.login.failed);
  });

  it('names every empty required field and sends nothing', async () => {
    const { page } = t;
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/')) calls += 1;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    for (const field of ['Shift', 'Agent ID', 'Password', 'Campaign'])
      await page.getByText(`${field} is required`).waitFor();
    expect(calls).toBe(0);
  });
});

describe('the shell and its guards', () => {
  it('sends an agent who opens /agents back to /CRM', async () => {
    const { page } = t;
    await signInAsAgent(page);
    await page.waitForURL('**/CRM**');
    await page.goto('/agents');
    await page.waitForURL('**/CRM**');
    // The survey screen is titled with the agent's campaign.
    await page.getByRole('heading', { level: 1, name: CAMPAIGN }).waitFor();
    expect(await page.getByLabel('Cell number').count()).toBe(1);
  });

  it('sends a visitor without a session to /login, and shows a not-found page for unknown routes', async () => {
    const { page } = t;
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await signInAsAdmin(page, ADMIN.username, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/no-such-page');
    await page.getByText('Page not found').waitFor();
  });

  it('logs out to /login, clears the stored session, and a protected page then asks to sign in', async () => {
    const { page } = t;
    await signInAsAgent(page);
    await page.waitForURL('**/CRM**');
    await page.getByTestId('user-name').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    const stored = await page.evaluate(() => [
      sessionStorage.getItem('auth-user'),
      localStorage.getItem('campaignName'),
      localStorage.getItem('username'),
    ]);
    expect(stored).toEqual([null, null, null]);
    await page.goto('/CRM');
    await page.waitForURL('**/login');
  });

  it('ticks the clock every second', async () => {
    const { page } = t;
    await signInAsAdmin(page, ADMIN.username, ADMIN.password);
    await page.waitForURL('**/dashboard');
    const first = await page.getByTestId('clock').innerText();
    await expect.poll(() => page.getByTestId('clock').innerText(), { timeout: 3_000, interval: 200 }).not.toBe(first);
  });

  it('lays out without horizontal scrolling at 1280 px and 1920 px', async () => {
    const { page } = t;
    await signInAsAdmin(page, ADMIN.username, ADMIN.password);
    await page.waitForURL('**/dashboard');
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      // The sidebar stays in view (waitFor fails the test if it does not) and nothing scrolls sideways.
      await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).waitFor({ state: 'visible' });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `at ${width}px`).toBeLessThanOrEqual(0);
    }
  });
});
