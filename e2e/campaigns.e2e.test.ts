// Campaigns as an administrator uses them in Chromium at 1366×768: add (Inbound turns the call target off), a taken name
// refused under its field, edit, and a refused delete.
import { describe, expect, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { CAMPAIGN_MESSAGES, type TCampaign } from '@crm/shared';
import { adminHeaders, signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';
import { errorOf, expectErrorUnder } from './field-errors.ts';

const t = useBrowser({ width: 1366, height: 768 });

async function addCampaignByApi(request: APIRequestContext, body: Record<string, unknown>): Promise<TCampaign> {
  const r = await request.post('/cc/addCampaign', { headers: await adminHeaders(request), data: body });
  expect(r.status()).toBe(200);
  return (await r.json()) as TCampaign;
}

async function searchList(page: Page, term: string) {
  await page.getByLabel('Search', { exact: true }).fill(term);
  await page
    .getByRole('row', { name: new RegExp(term) })
    .first()
    .waitFor();
}

describe('campaigns', () => {
  it('adds an Inbound campaign: the call target is disabled, and an incomplete form is refused first', async () => {
    const { page } = t;
    const name = `Inbound Hotline ${Date.now()}`;
    await signInAsAdminAndWait(page);
    await page.goto('/campaign');
    await page.getByRole('button', { name: 'Add Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Campaign' });

    await dialog.getByLabel('Campaign name').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(CAMPAIGN_MESSAGES.requiredFields).waitFor();
    await dialog.getByText('Campaign code is required').waitFor();

    await dialog.getByLabel('Campaign type').selectOption('Outbound');
    await dialog.getByLabel('Call target').fill('25');
    await dialog.getByLabel('Campaign type').selectOption('Inbound');
    expect(await dialog.getByLabel('Call target').isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Call target').inputValue()).toBe('');
    await dialog.getByLabel('Campaign code').fill(`IN-${Date.now()}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(CAMPAIGN_MESSAGES.added).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await searchList(page, name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect
      .poll(async () => (await row.getByRole('cell').allTextContents()).slice(1, 6))
      .toEqual([name, 'Inbound', '—', 'Active', '0']);
  });

  it("shows a taken name (409) under the name field as well as in 'Campaign Addition failed!', and keeps what was typed", async () => {
    const { page, context } = t;
    const stamp = Date.now();
    const taken = await addCampaignByApi(context.request, {
      campaignType: 'Outbound',
      campaignName: `Taken Name ${stamp}`,
      campaignId: `TN-${stamp}`,
    });
    await signInAsAdminAndWait(page);
    await page.goto('/campaign');
    await page.getByRole('button', { name: 'Add Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Campaign' });
    await dialog.getByLabel('Campaign type').selectOption('Outbound');
    await dialog.getByLabel('Campaign name').fill(taken.campaignName);
    await dialog.getByLabel('Campaign code').fill(`OTHER-${stamp}`);
    await dialog.getByRole('button', { name: 'Save' }).click();

    const message = `A campaign named "${taken.campaignName}" already exists`;
    await page
      .getByRole('alert')
      .filter({ hasText: CAMPAIGN_MESSAGES.addFailed })
      .filter({ hasText: message })
      .waitFor();
    await expectErrorUnder(page, dialog.getByLabel('Campaign name'), message);
    expect(await errorOf(dialog.getByLabel('Campaign code'))).toBe('');
    expect(await dialog.getByLabel('Campaign code').inputValue()).toBe(`OTHER-${stamp}`);

    // A new name clears the refusal, and the campaign is added.
    await dialog.getByLabel('Campaign name').fill(`Fresh Name ${stamp}`);
    expect(await errorOf(dialog.getByLabel('Campaign name'))).toBe('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(CAMPAIGN_MESSAGES.added).waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('edits a campaign and returns to /campaign', async () => {
    const { page, context } = t;
    const stamp = Date.now();
    const campaign = await addCampaignByApi(context.request, {
      campaignType: 'Outbound',
      campaignName: `Edit Me ${stamp}`,
      campaignId: `ED-${stamp}`,
      callTarget: 30,
    });
    await signInAsAdminAndWait(page);
    await page.goto('/campaign');
    await searchList(page, campaign.campaignName);
    await page.getByRole('link', { name: `Edit ${campaign.campaignName}` }).click();
    await page.waitForURL(`**/editCampaign/${campaign.id}`);
    await page.getByRole('heading', { level: 1, name: `Edit Campaign: ${campaign.campaignName}` }).waitFor();

    const newName = `Edited Drive ${stamp}`;
    await page.getByLabel('Campaign name').fill(newName);
    await page.getByLabel('Call target').fill('45');
    await page.getByLabel('Status', { exact: true }).selectOption('Inactive');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(CAMPAIGN_MESSAGES.updated).waitFor();
    await page.waitForURL('**/campaign');

    await searchList(page, newName);
    const row = page.getByRole('row', { name: new RegExp(newName) });
    await expect
      .poll(async () => (await row.getByRole('cell').allTextContents()).slice(0, 5))
      .toEqual([`ED-${stamp}`, newName, 'Outbound', '45', 'Inactive']);
  });

  it("shows the server's refusal when a campaign with a data table is deleted", async () => {
    const { page, context } = t;
    const stamp = Date.now();
    const campaign = await addCampaignByApi(context.request, {
      campaignType: 'Outbound',
      campaignName: `Keep Me ${stamp}`,
      campaignId: `KM-${stamp}`,
    });
    const table = await context.request.post('/dt/addDataTables', {
      headers: await adminHeaders(context.request),
      data: { campaignName: campaign.campaignName, numberOfField: 1, columns: ['Outlet name'] },
    });
    expect(table.status()).toBe(200);

    await signInAsAdminAndWait(page);
    await page.goto('/campaign');
    await searchList(page, campaign.campaignName);
    await page.getByRole('button', { name: `Delete ${campaign.campaignName}` }).click();
    await page
      .getByRole('dialog')
      .getByText(`Do you really want to delete ${campaign.campaignName}'s record?`)
      .waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`Campaign "${campaign.campaignName}" still has a data table. Delete it first.`).waitFor();
    await page.getByRole('row', { name: new RegExp(campaign.campaignName) }).waitFor();
  });
});
