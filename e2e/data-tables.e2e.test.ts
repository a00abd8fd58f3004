// Data tables as an administrator makes them in Chromium: Create Table refuses a reserved column name, then creates a good table.
import { describe, expect, it } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { DATA_TABLE_MESSAGES, type TCampaign, type TDataTable } from '@crm/shared';
import { adminHeaders, signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';

const t = useBrowser();

/** The stored data table of a campaign, read through the API (undefined when it has none). */
async function storedTable(request: APIRequestContext, campaignName: string): Promise<TDataTable | undefined> {
  const r = await request.get(`/dt/searchDataTables?campaignName=${encodeURIComponent(campaignName)}`, {
    headers: await adminHeaders(request),
  });
  return ((await r.json()) as TDataTable[]).find((d) => d.campaignName === campaignName);
}

describe('data tables', () => {
  it('refuses a reserved column name and creates nothing, then creates a good table and lists it', async () => {
    const { page, context } = t;
    const stamp = Date.now();
    const name = `Retail Audit ${stamp}`;
    const added = await context.request.post('/cc/addCampaign', {
      headers: await adminHeaders(context.request),
      data: { campaignType: 'Outbound', campaignName: name, campaignId: `RA-${stamp}`, callTarget: 20 },
    });
    expect(((await added.json()) as TCampaign).campaignName).toBe(name);

    await signInAsAdminAndWait(page);
    await page.goto('/dataTables');
    await page.getByRole('link', { name: 'Create Table' }).click();
    await page.waitForURL('**/createTable');
    await page.getByRole('option', { name }).waitFor({ state: 'attached' });
    await page.getByLabel('Campaign').selectOption(name);
    await page.getByLabel('Number of fields').fill('2');
    await page.getByRole('button', { name: 'Go' }).click();
    expect(await page.getByLabel('Campaign').isDisabled()).toBe(true);
    expect(await page.getByLabel('Number of fields').isDisabled()).toBe(true);

    await page.getByLabel('Column name 1').fill('Outlet name');
    await page.getByLabel('Column name 2').fill(' cell_number ');
    await page.getByRole('button', { name: 'Save' }).click();
    // Under the field and as a notification.
    await expect.poll(() => page.getByText('Column name "cell_number" already exists!').count()).toBe(2);
    expect(new URL(page.url()).pathname).toBe('/createTable');
    expect(await storedTable(context.request, name)).toBeUndefined();

    await page.getByLabel('Column name 2').fill('Sales officer');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(DATA_TABLE_MESSAGES.created).waitFor();
    await page.waitForURL('**/dataTables');
    expect((await storedTable(context.request, name))?.columns).toEqual(['Outlet name', 'Sales officer']);

    await page.getByLabel('Search', { exact: true }).fill(name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect
      .poll(async () => (await row.getByRole('cell').allTextContents()).slice(0, 4))
      .toEqual([name, name, '2', 'Outlet name, Sales officer']);
  });

  it('Go without a campaign says the form is invalid; Reset unlocks the set-up and clears the column inputs', async () => {
    const { page, context } = t;
    const stamp = Date.now();
    const name = `Reset Check ${stamp}`;
    await context.request.post('/cc/addCampaign', {
      headers: await adminHeaders(context.request),
      data: { campaignType: 'Inbound', campaignName: name, campaignId: `RC-${stamp}` },
    });

    await signInAsAdminAndWait(page);
    await page.goto('/createTable');
    await page.getByRole('button', { name: 'Go' }).click();
    await page.getByText('Form is invalid').waitFor();
    await page.getByText('Campaign is required').waitFor();

    await page.getByRole('option', { name }).waitFor({ state: 'attached' });
    await page.getByLabel('Campaign').selectOption(name);
    await page.getByLabel('Number of fields').fill('3');
    await page.getByRole('button', { name: 'Go' }).click();
    await page.getByLabel('Column name 3').waitFor();
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByRole('button', { name: 'Go' }).waitFor();
    expect(await page.getByLabel('Campaign').isDisabled()).toBe(false);
    expect(await page.getByLabel('Campaign').inputValue()).toBe('');
    expect(await page.getByLabel('Number of fields').inputValue()).toBe('');
    expect(await page.getByLabel('Column name 1').count()).toBe(0);
  });
});
