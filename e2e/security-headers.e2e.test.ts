// The security headers in the browser: the CSP is sent with the app, and none of its main screens trips it.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAsAdmin, signInAsAgent } from './actions.ts';
import { useBrowser } from './browser.ts';
import { ADMIN, AGENT, CAMPAIGN, QC } from './fixtures.ts';

const t = useBrowser();

/** Opens each screen and lets it settle. */
async function visit(page: Page, paths: string[]): Promise<void> {
  for (const path of paths) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Charts, lists and the dialer stream load after the heading (the open event stream never lets the network idle).
    await page.waitForTimeout(500);
  }
}

describe('security headers in the browser', () => {
  it('serve the app with the CSP, nosniff and same-origin referrers', async () => {
    const response = await t.page.goto('/login');
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
  });

  it('let the administrator screens run without a CSP violation', async () => {
    await signInAsAdmin(t.page, ADMIN.username, ADMIN.password);
    await t.page.waitForURL('**/dashboard');
    // The dashboard's chart and live dialer panel, then the other admin screens.
    await t.page.getByText('Calls waiting').first().waitFor();
    await visit(t.page, [
      '/dashboard',
      '/agents',
      '/users',
      '/campaign',
      '/dataTables',
      '/question',
      '/logicSetting',
      '/leads',
      '/generateLead',
      '/reports',
      `/viewFullCRM?campaignName=${encodeURIComponent(CAMPAIGN)}`,
      '/qcChecking',
      '/viewQcReports',
    ]);
    expect(t.cspViolations).toEqual([]);
  });

  it('let the QC inspector screens run without a CSP violation', async () => {
    await signInAsAdmin(t.page, QC.username, QC.password);
    await t.page.waitForURL('**/qcChecking');
    await visit(t.page, ['/qcChecking', '/viewQcReports', '/QcRecordsClient', '/QcReports']);
    expect(t.cspViolations).toEqual([]);
  });

  it('let the agent screens run without a CSP violation', async () => {
    await signInAsAgent(t.page, { agentId: AGENT.username, password: AGENT.password, campaign: CAMPAIGN });
    await t.page.waitForURL('**/CRM**');
    await visit(t.page, [`/viewFullCRM?campaignName=${encodeURIComponent(CAMPAIGN)}`]);
    expect(t.cspViolations).toEqual([]);
  });
});
