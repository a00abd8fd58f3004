// "Send to dialer" on /generateLead in Chromium at 1366×768, against the fake VICIdial of the global set-up: the admin
// sets the campaign's VICIdial list, sends a day's generated leads, watches the progress move to the final counts and
// downloads the report; a send cancelled midway and resumed loads every lead exactly once.
import fs from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { SEND_REPORT_COLUMNS, sendCountsText, type TSendsOfDate } from '@crm/shared';
import { readFakeLeadCounters } from './fake-vicidial.ts';
import { adminHeaders, okJson, signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);

type TSetup = { campaign: string; date: string; listId: string; headers: Record<string, string> };

/**
 * A campaign of this test alone (test files share the database and the fake) with `count` generated leads of one date,
 * their numbers of this run alone; and a VICIdial list id no other test loads into.
 */
async function campaignWithGeneratedLeads(api: APIRequestContext, label: string, count: number): Promise<TSetup> {
  const stamp = `${Date.now()}`.slice(-7) + String(Math.floor(Math.random() * 10));
  const campaign = `${label} ${stamp}`;
  const date = '2026-11-23';
  const headers = await adminHeaders(api);
  await okJson(
    api.post('/cc/addCampaign', {
      headers,
      data: { campaignType: 'Outbound', campaignName: campaign, campaignId: `DS-${stamp}`, callTarget: 50 },
    }),
  );
  await okJson(
    api.post('/dt/addDataTables', {
      headers,
      data: { campaignName: campaign, numberOfField: 1, columns: ['Outlet name'] },
    }),
  );
  // 0139 + 4 digits of the stamp + 3 of the row: Bangladeshi mobile numbers no other test file uses.
  const rows = Array.from(
    { length: count },
    (_, i) =>
      `0139${stamp.slice(-4)}${String(i).padStart(3, '0')},${date},Respondent ${i},BR-${i % 3},Retailer,valid,Shop ${i}`,
  );
  const csv = ['cell_number,data_date,respondent_name,br_id,target_selector,data_status,Outlet name', ...rows].join(
    '\r\n',
  );
  const table = encodeURIComponent(campaign);
  await okJson(
    api.post(`/api/file/uploadCsv?tableName=${table}`, {
      headers,
      multipart: { file: { name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    }),
  );
  await okJson(api.post(`/dynamic/updateData?tableName=${table}&dataDate=${date}&all=true`, { headers, data: {} }));
  return { campaign, date, listId: `7${stamp}`, headers };
}

async function sendsOfDate(api: APIRequestContext, setup: TSetup): Promise<TSendsOfDate> {
  const r = await api.get('/api/dialer/sends', {
    headers: setup.headers,
    params: { campaignName: setup.campaign, date: setup.date },
  });
  expect(r.status(), await r.text()).toBe(200);
  return (await r.json()) as TSendsOfDate;
}

/** The lead ids of a send's report, read through the API as the link would (a media token). */
async function reportLeadIds(api: APIRequestContext, setup: TSetup, sendId: number): Promise<string[]> {
  const { token } = await okJson<{ token: string }>(api.get('/api/auth/media-token', { headers: setup.headers }));
  const r = await api.get(`/api/dialer/sends/${sendId}/report`, { params: { token } });
  expect(r.status()).toBe(200);
  const lines = (await r.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  return lines.slice(1).map((line) => line.split(',')[0] ?? '');
}

/** /generateLead with the campaign and date chosen; the send card. */
async function openSendCard(page: Page, setup: TSetup): Promise<Locator> {
  await page.goto('/generateLead');
  await page.getByRole('main').getByLabel('Campaign', { exact: true }).selectOption(setup.campaign);
  await page.getByLabel('Data date', { exact: true }).selectOption(setup.date);
  const card = page.getByRole('region', { name: 'Send to dialer' });
  await card.waitFor();
  return card;
}

/** Sets the list id and rate in the Dialer settings dialog, saved with Enter as a keyboard user does. */
async function setDialerSettings(page: Page, card: Locator, setup: TSetup, rate: number) {
  await card.getByRole('button', { name: 'Dialer settings' }).click();
  const dialog = page.getByRole('dialog', { name: `Dialer settings of ${setup.campaign}` });
  await dialog.getByLabel('Leads a second (0: as fast as the dialer answers)').fill(String(rate));
  await dialog.getByLabel('Duplicate check').selectOption({ label: 'Same list' });
  await dialog.getByLabel(/^VICIdial list id/).fill('12');
  await dialog.getByLabel(/^VICIdial list id/).press('Enter');
  await dialog.getByText('The list id is 3 to 12 digits').waitFor();
  await dialog.getByLabel(/^VICIdial list id/).fill(setup.listId);
  await dialog.getByLabel(/^VICIdial list id/).press('Enter');
  await page.getByText(`Dialer settings of ${setup.campaign} saved.`).waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

const progressOf = async (card: Locator) =>
  Number(await card.getByRole('progressbar', { name: 'Send progress' }).getAttribute('aria-valuenow'));

/** "Added 40": a figure's label and value as shown. */
const figureText = async (card: Locator, label: string) =>
  (await card.getByRole('group', { name: label }).innerText()).replace(/\s+/g, ' ').trim();

describe('Send to dialer', () => {
  it("sends a day's generated leads with live progress, the final counts and a report; the controls fit 1366×768", async () => {
    const { page, context } = t;
    const setup = await campaignWithGeneratedLeads(context.request, 'Dialer Send', 40);
    await signInAsAdminAndWait(page);
    const card = await openSendCard(page, setup);

    await card.getByText('Set the VICIdial list: press Dialer settings.').waitFor();
    await card.getByText('40 generated leads of 2026-11-23 not sent yet').waitFor();
    expect(await card.getByRole('button', { name: 'Send to dialer' }).isDisabled()).toBe(true);
    await setDialerSettings(page, card, setup, 10);
    await card.getByText(`List ${setup.listId} · 10 leads a second · duplicates: Same list · DNC: VICIdial`).waitFor();

    const send = card.getByRole('button', { name: 'Send to dialer' });
    expect(inViewport(await boxOf(send))).toBe(true);
    // Its label whole, not cut by the count beside it.
    expect(
      await send.evaluate((el) => [el, ...el.querySelectorAll('*')].every((n) => n.scrollWidth <= n.clientWidth + 1)),
    ).toBe(true);
    await send.click();

    // At 10 a second, 40 leads take about four seconds: the bar is seen part way, with Cancel beside it.
    await card.getByText('Running', { exact: true }).waitFor();
    await expect
      .poll(
        async () => {
          const value = await progressOf(card);
          return value > 0 && value < 100;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(true);
    expect(inViewport(await boxOf(card.getByRole('progressbar', { name: 'Send progress' })))).toBe(true);
    expect(inViewport(await boxOf(card.getByRole('button', { name: 'Cancel send' })))).toBe(true);

    const { sends } = await sendsOfDate(context.request, setup);
    const sendId = sends[0]?.id ?? 0;
    const counts = sendCountsText({ added: 40, duplicate: 0, dnc: 0, refused: 0, failed: 0 });
    await page.getByText(`Send #${sendId} finished`).waitFor({ timeout: 30_000 });
    await page.getByText(counts).first().waitFor();
    await card.getByText('Finished', { exact: true }).waitFor();
    expect(await progressOf(card)).toBe(100);
    for (const [label, value] of [
      ['Added', 40],
      ['Duplicate', 0],
      ['On DNC', 0],
      ['Refused', 0],
      ['Failed', 0],
    ] as const) {
      expect(await figureText(card, label)).toBe(`${label} ${value}`);
    }
    await card.getByText(/^Send #\d+ of this campaign is still running/).waitFor({ state: 'detached' });
    await card.getByText('Every generated lead of 2026-11-23 has been sent already: generate more first.').waitFor();

    // The fake VICIdial holds the 40 leads in the chosen list, each asked for once.
    const fake = await readFakeLeadCounters(inject('dialerControlUrl'));
    expect(fake.leadsPerList[setup.listId]).toBe(40);
    const leadIds = await reportLeadIds(context.request, setup, sendId);
    expect(leadIds).toHaveLength(40);
    expect(leadIds.map((id) => fake.addLeadByVendorCode[id])).toEqual(leadIds.map(() => 1));

    // The report downloads from the card: one row per lead, every one added.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download report' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^send-${sendId}-.*-2026-11-23\\.csv$`));
    const lines = (await fs.readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(SEND_REPORT_COLUMNS.join(','));
    expect(lines.slice(1)).toHaveLength(40);
    expect(lines.slice(1).every((line) => line.split(',')[2] === 'added')).toBe(true);
  }, 120_000);

  it('cancels a send midway, then Resume loads the rest: every lead sent exactly once', async () => {
    const { page, context } = t;
    const setup = await campaignWithGeneratedLeads(context.request, 'Dialer Resume', 30);
    await signInAsAdminAndWait(page);
    const card = await openSendCard(page, setup);
    await setDialerSettings(page, card, setup, 3);
    await card.getByRole('button', { name: 'Send to dialer' }).click();

    // About ten seconds at 3 a second: cancel once some, not all, have gone.
    await expect.poll(() => progressOf(card), { timeout: 15_000, interval: 100 }).toBeGreaterThan(0);
    const cancel = card.getByRole('button', { name: 'Cancel send' });
    expect(inViewport(await boxOf(cancel))).toBe(true);
    await cancel.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await card.getByText('Cancelled', { exact: true }).waitFor();
    const { sends } = await sendsOfDate(context.request, setup);
    const cancelled = sends[0];
    expect(cancelled?.state).toBe('cancelled');
    expect(cancelled?.pending).toBeGreaterThan(0);
    await page.getByText(`Send #${cancelled?.id ?? 0} was cancelled`).waitFor();
    expect(await progressOf(card)).toBeLessThan(100);

    await card.getByRole('button', { name: 'Resume' }).click();
    await card.getByText('Running', { exact: true }).waitFor();
    await page.getByText(`Send #${cancelled?.id ?? 0} finished`).waitFor({ timeout: 30_000 });
    expect(await figureText(card, 'Added')).toBe('Added 30');
    expect(await progressOf(card)).toBe(100);

    const fake = await readFakeLeadCounters(inject('dialerControlUrl'));
    expect(fake.leadsPerList[setup.listId]).toBe(30);
    const leadIds = await reportLeadIds(context.request, setup, cancelled?.id ?? 0);
    expect(leadIds).toHaveLength(30);
    expect(leadIds.map((id) => fake.addLeadByVendorCode[id])).toEqual(leadIds.map(() => 1));
  }, 120_000);
});
