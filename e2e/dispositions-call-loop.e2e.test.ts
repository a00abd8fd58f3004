// The admin's side of the call loop (issue 32) in Chromium at 1366×768: the campaign's dispositions edited by keyboard
// and saved (what the agent's screen then reads), a lead's calls in the lead browser, and Generate then Send to dialer
// in one click on /generateLead; the controls each step needs lie in the window.
import { describe, expect, it } from 'vitest';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import {
  DEFAULT_DISPOSITIONS,
  DISPOSITION_MESSAGES,
  LEAD_MESSAGES,
  type TCampaign,
  type TDispositions,
} from '@crm/shared';
import { adminHeaders, okJson, signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';
import { AGENT_NAME, AGENT_PASSWORD, LEADS, createCallCampaign, createCrmAgent } from './crm-support.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);

async function campaignId(request: APIRequestContext, headers: Record<string, string>, name: string): Promise<number> {
  const campaigns = await okJson<TCampaign[]>(request.get('/cc/campaigns', { headers }));
  const found = campaigns.find((c) => c.campaignName === name);
  if (found === undefined) throw new Error(`no campaign ${name}`);
  return found.id;
}

/** The accessible name of the element that has the keyboard focus. */
const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

/** An agent's token signed into the campaign, as the login screen would get it. */
async function agentToken(
  request: APIRequestContext,
  agentId: string,
  campaign: string,
): Promise<Record<string, string>> {
  const { jwtToken } = await okJson<{ jwtToken: string }>(
    request.post('/api/auth/signInAgent', {
      data: { username: agentId, password: AGENT_PASSWORD, shift: 'Evening', campaign },
    }),
  );
  return { Authorization: `Bearer ${jwtToken}` };
}

/** One call of the agent's screen: the lookup starts it, the save ends it with the disposition (an attempt). */
async function callAndEnd(
  request: APIRequestContext,
  headers: Record<string, string>,
  campaign: string,
  cellNumber: string,
  body: Record<string, string | number>,
) {
  const lead = await okJson<{ id: number }>(
    request.get('/api/ap/getByNumber', { headers, params: { tableName: campaign, cellNumber } }),
  );
  await okJson(
    request.put(`/dynamic/updateLeadData/${encodeURIComponent(campaign)}/${encodeURIComponent(cellNumber)}`, {
      headers,
      params: { leadId: lead.id },
      data: body,
    }),
  );
}

const codesOf = async (editor: Locator) =>
  editor.getByLabel(/^Code, row \d+$/).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

describe('the call loop for admins', () => {
  it("edits a campaign's dispositions by keyboard and saves them whole; the agent's screen reads the new set", async () => {
    const { page, context, baseUrl } = t;
    const setup = await createCallCampaign(context.request, 'Dispositions');
    const agentId = await createCrmAgent(baseUrl);
    const id = await campaignId(context.request, setup.headers, setup.campaign);
    await signInAsAdminAndWait(page);
    await page.goto(`/editCampaign/${id}`);
    const editor = page.getByRole('region', { name: 'Dispositions' });
    await editor.getByLabel('Code, row 1').waitFor();
    expect(await codesOf(editor)).toEqual(DEFAULT_DISPOSITIONS.map((d) => d.code));

    // Scrolled to, the whole editor fits the window: every row, the kinds' help and its buttons.
    await page.evaluate(() => document.getElementById('dispositions-title')?.scrollIntoView({ block: 'start' }));
    for (const control of [
      editor.getByLabel('Code, row 6'),
      editor.getByRole('button', { name: 'Remove Do not call' }),
      editor.getByRole('button', { name: 'Add disposition' }),
      editor.getByRole('button', { name: 'Reset to defaults' }),
      editor.getByRole('button', { name: 'Save dispositions' }),
    ]) {
      expect(inViewport(await boxOf(control)), String(control)).toBe(true);
    }

    // Language barrier up twice by keyboard: the focus stays on its arrow.
    await editor.getByRole('button', { name: 'Move Language barrier up' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect(await codesOf(editor)).toEqual(['COMPLETE', 'CALLBACK', 'LANG', 'NI', 'WRONG', 'DNC']);
    expect(await focusedName(page)).toBe('Move Language barrier up');

    // A new disposition: Add puts the cursor in its code; Tab goes across the row; Enter saves.
    await editor.getByRole('button', { name: 'Add disposition' }).focus();
    await page.keyboard.press('Enter');
    expect(await focusedName(page)).toBe('Code, row 7');
    await page.keyboard.type('BUSY');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Line busy');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Kind, row 7');
    await editor.getByLabel('Kind, row 7').selectOption('retry');
    await editor.getByLabel('VICIdial status, row 7').fill('TOOLONGST');
    // maxLength keeps six characters; a code used twice is refused before any call, listed above the rows.
    expect(await editor.getByLabel('VICIdial status, row 7').inputValue()).toBe('TOOLON');
    await editor.getByLabel('Code, row 7').fill('ni');
    await editor.getByLabel('Code, row 7').press('Enter');
    await editor.getByRole('alert').getByText('The code ni is used twice').waitFor();
    expect(inViewport(await boxOf(editor.getByRole('alert')))).toBe(true);
    await editor.getByLabel('Code, row 7').fill('BUSY');
    await editor.getByLabel('VICIdial status, row 7').fill('B');
    await editor.getByLabel('VICIdial status, row 7').press('Enter');
    await page.getByText(DISPOSITION_MESSAGES.saved).first().waitFor();
    await editor.getByText('Not saved yet').waitFor({ state: 'detached' });

    const expected: TDispositions = [
      ...['COMPLETE', 'CALLBACK', 'LANG', 'NI', 'WRONG', 'DNC'].map((code) => {
        const d = DEFAULT_DISPOSITIONS.find((x) => x.code === code);
        if (d === undefined) throw new Error(code);
        return { ...d };
      }),
      { code: 'BUSY', name: 'Line busy', kind: 'retry', vicidialStatus: 'B' },
    ];
    // The agent signed into the campaign reads the set in the new order (their screen's keys 1–9).
    const asAgent = await okJson<TDispositions>(
      context.request.get('/api/dispositions', {
        headers: await agentToken(context.request, agentId, setup.campaign),
        params: { campaignName: setup.campaign },
      }),
    );
    expect(asAgent).toEqual(expected);

    // A reload shows the stored set.
    await page.reload();
    await editor.getByLabel('Code, row 7').waitFor();
    expect(await codesOf(editor)).toEqual(expected.map((d) => d.code));
  });

  it("shows each lead's calls and last disposition in the lead browser, and a lead's attempts under its row", async () => {
    const { page, context, baseUrl } = t;
    const setup = await createCallCampaign(context.request, 'Attempts');
    const agentId = await createCrmAgent(baseUrl);
    const headers = await agentToken(context.request, agentId, setup.campaign);
    // Two calls of one lead: not interested at first, then a completed survey (Q1 Yes jumps to Q3; Gold Leaf ends it).
    await callAndEnd(context.request, headers, setup.campaign, LEADS.walk.e164, {
      Q1: 'No',
      is_called: 0,
      disposition: 'NI',
    });
    await callAndEnd(context.request, headers, setup.campaign, LEADS.walk.e164, {
      Q1: 'Yes',
      Q3: 'Gold Leaf',
      is_called: 1,
      disposition: 'COMPLETE',
    });

    await signInAsAdminAndWait(page);
    await page.goto('/leads');
    await page.getByRole('button', { name: `Browse the leads of ${setup.campaign}` }).click();
    const browser = page.getByRole('region', { name: 'Lead browser' });
    const row = browser.getByRole('row', { name: new RegExp(LEADS.walk.e164.replace('+', '\\+')) }).first();
    await row.getByRole('button', { name: `Show the 2 calls of ${LEADS.walk.e164}` }).waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(7, 10)).toEqual([
      '2 calls▾',
      'Yes',
      expect.stringMatching(new RegExp(`^Completed${agentId} · \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`)),
    ]);
    const untouched = browser.getByRole('row', { name: new RegExp(LEADS.partial.e164.replace('+', '\\+')) });
    expect((await untouched.getByRole('cell').allTextContents()).slice(7, 10)).toEqual(['Not called', 'No', '—']);

    // Eleven columns fit beside the menu: nothing to scroll sideways for.
    const table = browser.getByRole('table', { name: `Leads of ${setup.campaign}` });
    expect(
      await table.evaluate(
        (el) => el.getBoundingClientRect().right <= (el.closest('section')?.getBoundingClientRect().right ?? 0),
      ),
    ).toBe(true);
    // The browser scrolls itself into view smoothly: wait for it to arrive.
    await expect
      .poll(async () => inViewport(await boxOf(table.getByRole('columnheader', { name: 'Answers' }))))
      .toBe(true);

    // Opened by keyboard: the attempts under the row, newest first, in the window.
    await row.getByRole('button', { name: `Show the 2 calls of ${LEADS.walk.e164}` }).focus();
    await page.keyboard.press('Enter');
    const calls = browser.getByRole('region', { name: `Calls of ${LEADS.walk.e164}` });
    await calls
      .getByText(new RegExp(`^Last: Completed \\(COMPLETE\\) by ${AGENT_NAME} \\(${agentId}\\) at `))
      .waitFor();
    const attempts = await calls
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((r) => Array.from(r.children, (c) => c.textContent ?? '')));
    expect(attempts.map((a) => [a[3], a[4], a[5]])).toEqual([
      [`${AGENT_NAME} (${agentId})`, 'CompletedCompleted (COMPLETE)', 'typed number'],
      [`${AGENT_NAME} (${agentId})`, 'FinalNot interested (NI)', 'typed number'],
    ]);
    expect(attempts.every((a) => /^\d+:\d{2}$/.test(a[2] ?? ''))).toBe(true);
    // Opened near the foot of the window, the list scrolls itself into view.
    await expect.poll(async () => inViewport(await boxOf(calls))).toBe(true);
    expect(inViewport(await boxOf(row.getByRole('button', { name: `Hide the calls of ${LEADS.walk.e164}` })))).toBe(
      true,
    );
  });

  it('generates a date and sends it to the dialer in one click: the page stays with the campaign and date', async () => {
    const { page, context } = t;
    const headers = await adminHeaders(context.request);
    const stamp = `${Date.now()}`.slice(-7) + String(Math.floor(Math.random() * 10));
    const campaign = `Generate Send ${stamp}`;
    const date = '2026-11-24';
    await okJson(
      context.request.post('/cc/addCampaign', {
        headers,
        data: { campaignType: 'Outbound', campaignName: campaign, campaignId: `GS-${stamp}`, callTarget: 50 },
      }),
    );
    await okJson(
      context.request.post('/dt/addDataTables', {
        headers,
        data: { campaignName: campaign, numberOfField: 1, columns: ['Outlet name'] },
      }),
    );
    // 0138 + 4 digits of the stamp + 3 of the row: numbers no other test file uses.
    const rows = Array.from(
      { length: 12 },
      (_, i) =>
        `0138${stamp.slice(-4)}${String(i).padStart(3, '0')},${date},Respondent ${i},BR-${i % 3},Retailer,valid,Shop ${i}`,
    );
    const csv = ['cell_number,data_date,respondent_name,br_id,target_selector,data_status,Outlet name', ...rows].join(
      '\r\n',
    );
    await okJson(
      context.request.post(`/api/file/uploadCsv?tableName=${encodeURIComponent(campaign)}`, {
        headers,
        multipart: { file: { name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
      }),
    );
    await okJson(
      context.request.put('/api/dialer/settings', {
        headers,
        data: {
          campaignName: campaign,
          listId: `8${stamp}`,
          duplicateCheck: 'NONE',
          dncCheck: false,
          campaignDncCheck: false,
          vicidialCampaignId: null,
          rate: 0,
        },
      }),
    );

    await signInAsAdminAndWait(page);
    await page.goto('/generateLead');
    await page.getByRole('main').getByLabel('Campaign', { exact: true }).selectOption(campaign);
    await page.getByLabel('Data date', { exact: true }).selectOption(date);
    const sendCard = page.getByRole('region', { name: 'Send to dialer' });
    await sendCard.getByText(/^0 generated leads of 2026-11-24 not sent yet$/).waitFor();
    await page.getByLabel('Retailer').fill('2');
    const generate = page.getByRole('button', { name: 'Generate', exact: true });
    expect(inViewport(await boxOf(generate))).toBe(true);
    await generate.click();

    // Three br_id groups of two: six leads, said on the card; the page, campaign and date stay.
    const card = page.getByRole('region', { name: "Generate a day's call list" });
    await card.getByText(LEAD_MESSAGES.generated(6)).waitFor();
    expect(new URL(page.url()).pathname).toBe('/generateLead');
    expect(await page.getByRole('main').getByLabel('Campaign', { exact: true }).inputValue()).toBe(campaign);
    expect(await page.getByLabel('Data date', { exact: true }).inputValue()).toBe(date);
    await sendCard.getByText('6 generated leads of 2026-11-24 not sent yet').waitFor();

    // One click sends them.
    const send = sendCard.getByRole('button', { name: 'Send to dialer' });
    expect(inViewport(await boxOf(send))).toBe(true);
    expect(inViewport(await boxOf(card.getByText(LEAD_MESSAGES.generated(6))))).toBe(true);
    await send.click();
    await sendCard.getByText('Finished', { exact: true }).waitFor({ timeout: 30_000 });
    await sendCard
      .getByText('Every generated lead of 2026-11-24 has been sent already: generate more first.')
      .waitFor();
  }, 90_000);
});
