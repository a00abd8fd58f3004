// The audit log as an administrator uses it in Chromium at 1366×768: a campaign change shows up on /audit with its
// before → after, the filters survive a reload, the export downloads it, and every control stays in the window.
import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { CAMPAIGN_MESSAGES, type TCampaign } from '@crm/shared';
import { adminHeaders, signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';

const VIEWPORT = { width: 1366, height: 768 };
const t = useBrowser(VIEWPORT);

/** Fails unless the control is wholly inside the window, as it stands (no scrolling first). */
async function expectInWindow(control: Locator, what: string): Promise<void> {
  const box = await control.boundingBox();
  expect(box, what).not.toBeNull();
  if (box === null) return;
  expect(box.x, `${what} left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what} top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} right edge`).toBeLessThanOrEqual(VIEWPORT.width);
  expect(box.y + box.height, `${what} bottom edge`).toBeLessThanOrEqual(VIEWPORT.height);
}

/** The filters, the export, the page size and the pager: all in view, and the page never scrolls sideways. */
async function expectControlsInWindow(page: Page): Promise<void> {
  const filters = page.getByRole('form', { name: 'Audit log filters' });
  for (const label of ['Actor', 'Object type', 'Object id', 'Action', 'From', 'To'])
    await expectInWindow(filters.getByLabel(label, { exact: true }), label);
  for (const name of ['Apply', 'Clear', 'Export CSV', 'Previous', 'Next'])
    await expectInWindow(page.getByRole('button', { name, exact: true }), name);
  await expectInWindow(page.getByLabel('Show entries'), 'Show entries');
  await expectInWindow(page.getByText(/^Showing \d+ to \d+ of \d+ entries$/), 'the pager text');
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

describe('the audit log', () => {
  it('shows a campaign change with before → after, keeps its filters on reload and exports it as CSV', async () => {
    const { page, context } = t;
    const stamp = Date.now();
    const oldName = `Audit Drive ${stamp}`;
    const newName = `Audited Drive ${stamp}`;
    const added = await context.request.post('/cc/addCampaign', {
      headers: await adminHeaders(context.request),
      data: { campaignType: 'Outbound', campaignName: oldName, campaignId: `AU-${stamp}`, callTarget: 30 },
    });
    expect(added.status()).toBe(200);
    const campaign = (await added.json()) as TCampaign;

    // The change, made as an admin does.
    await signInAsAdminAndWait(page);
    await page.goto(`/editCampaign/${campaign.id}`);
    await page.getByLabel('Campaign name').fill(newName);
    await page.getByLabel('Call target').fill('45');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(CAMPAIGN_MESSAGES.updated).waitFor();

    // /audit from the admin menu.
    await page.getByRole('link', { name: 'Audit Log', exact: true }).click();
    await page.waitForURL('**/audit');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    const table = page.getByRole('table', { name: 'Audit log entries' });
    await table.getByRole('row').nth(1).waitFor();
    await expectControlsInWindow(page);

    // By object type: only campaigns.
    const filters = page.getByRole('form', { name: 'Audit log filters' });
    await filters.getByLabel('Object type').selectOption('campaign');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL('**/audit?objectType=campaign');
    await expect
      .poll(async () => {
        const objects = await table.locator('tbody tr td:nth-child(4)').allTextContents();
        return objects.length > 0 && objects.every((o) => o.startsWith('Campaign '));
      })
      .toBe(true);

    // And by its id: its update and its create, newest first, the update's fields as before → after.
    await filters.getByLabel('Object id').fill(String(campaign.id));
    await filters.getByLabel('Object id').press('Enter');
    await page.waitForURL(`**/audit?objectType=campaign&objectId=${campaign.id}`);
    // Until the filtered page arrives the table still shows the previous one (other tests' campaigns too).
    await expect
      .poll(async () => await table.locator('tbody tr td:nth-child(3)').allTextContents())
      .toEqual(['Update', 'Create']);
    const update = table.getByRole('row').filter({ hasText: 'Update' });
    await update.getByText(`${oldName} → ${newName}`).waitFor();
    await update.getByText('30 → 45').waitFor();
    await expect
      .poll(async () => (await update.locator('td').first().textContent()) ?? '')
      .toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expectControlsInWindow(page);

    // A reload keeps the filters (they are in the address) and the entry.
    await page.reload();
    await update.getByText(`${oldName} → ${newName}`).waitFor();
    expect(await filters.getByLabel('Object type').inputValue()).toBe('campaign');
    expect(await filters.getByLabel('Object id').inputValue()).toBe(String(campaign.id));

    // The export downloads the filtered entries.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await fs.readFile(await download.path(), 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,time,actor,actor role,action,object type,object id,changes,changes (JSON),ip');
    expect(csv).toContain(`campaignName: ${oldName} → ${newName}`);
    expect(csv).toContain('callTarget: 30 → 45');
    expect(csv).toMatch(new RegExp(`,admin,ADMIN,update,campaign,${campaign.id},`));
    expect(csv).toMatch(new RegExp(`,admin,ADMIN,create,campaign,${campaign.id},`));
  });
});
