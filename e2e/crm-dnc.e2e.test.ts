// The do-not-call rules on the agent's /CRM in Chromium at 1366×768 (docs/guide/dnc.md "The rules"): a number on the system
// list or on the campaign's list is refused with the list and the day, and no survey is offered; after a saved call,
// "Customer asked not to be called" puts the number on the campaign's list, and the next lookup of it is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import { CUSTOMER_ASKED_NOT_TO_BE_CALLED, SURVEY_MESSAGES, type TDncEntry } from '@crm/shared';
import { adminHeaders, okJson } from './actions.ts';
import { useBrowser } from './browser.ts';
import {
  LEADS,
  createCallCampaign,
  createCrmAgent,
  expectReadyForNextNumber,
  next,
  questionHeading,
  saveEnd,
  search,
  signInAgentTo,
  survey,
  type TCallCampaign,
} from './crm-support.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);
let agentId = '';
/** System-list entries this file made, removed at the end: the system list is every test file's. */
const systemEntries: number[] = [];

beforeAll(async () => {
  agentId = await createCrmAgent(t.baseUrl);
});

afterAll(async () => {
  if (systemEntries.length === 0) return;
  const api = await request.newContext({ baseURL: t.baseUrl });
  const headers = await adminHeaders(api);
  for (const id of systemEntries) expect((await api.delete(`/api/dnc/${id}`, { headers })).status()).toBe(204);
  await api.dispose();
});

type TDncPage = { recordCount: number; response: { content: TDncEntry[] } };

/** A generated lead of the campaign with a number of this run alone, on a date of its own. */
async function addGeneratedLead(api: APIRequestContext, setup: TCallCampaign, e164: string): Promise<void> {
  const date = '2026-11-22';
  const table = encodeURIComponent(setup.campaign);
  await okJson(
    api.post(`/api/file/uploadCsv?tableName=${table}`, {
      headers: setup.headers,
      multipart: {
        file: {
          name: 'listed.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(`cell_number,data_date,respondent_name\n${e164},${date},Listed Person\n`),
        },
      },
    }),
  );
  await okJson(
    api.post(`/dynamic/updateData?tableName=${table}&dataDate=${date}&all=true`, { headers: setup.headers, data: {} }),
  );
}

/** Puts a number on a list as the admin (no campaign: the system list); the entry as the server keeps it. */
function addToList(
  api: APIRequestContext,
  setup: TCallCampaign,
  number: string,
  campaignName?: string,
): Promise<TDncEntry> {
  return okJson<TDncEntry>(
    api.post('/api/dnc', {
      headers: setup.headers,
      data: { number, ...(campaignName === undefined ? {} : { campaignName }), reason: 'Asked by letter' },
    }),
  );
}

/** "Do not call: on the … list since yyyy-MM-dd", the day the entry was made in the server's time zone. */
const refusal = (entry: TDncEntry) => `Do not call: on the ${entry.list} list since ${entry.createdAt.slice(0, 10)}`;

const dncAlert = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'This number must not be called: no survey is offered.' });

/** The refusal is on screen, inside the window, and no question of the survey is. */
async function expectRefused(page: Page, message: string) {
  const alert = dncAlert(page);
  await alert.getByText(message, { exact: true }).waitFor();
  expect(inViewport(await boxOf(alert))).toBe(true);
  expect(await survey(page).count()).toBe(0);
  expect(await page.getByRole('heading', { name: /^Q\d+\./ }).count()).toBe(0);
  expect(await page.getByRole('region', { name: 'Lead details' }).count()).toBe(0);
}

describe('do-not-call on the agent screen', () => {
  it('refuses a number on the system list and one on the campaign list with the list and the day, and offers no survey', async () => {
    const { page, context } = t;
    const setup = await createCallCampaign(context.request, 'DNC Lookup Study');
    const listed = `+880137${String(Date.now()).slice(-7)}`;
    await addGeneratedLead(context.request, setup, listed);
    const system = await addToList(context.request, setup, listed);
    systemEntries.push(system.id);
    expect(system.list).toBe('system');
    const campaignEntry = await addToList(context.request, setup, LEADS.partial.typed, setup.campaign);
    expect(campaignEntry).toMatchObject({ list: 'campaign', phoneNumber: LEADS.partial.e164 });
    await signInAgentTo(page, agentId, setup.campaign);

    // An unlisted generated lead of the same campaign gets its survey.
    await search(page, LEADS.keyboard.typed);
    await questionHeading(page, 'Q1. Do you smoke?').waitFor();

    await search(page, `0${listed.slice(4)}`);
    await expectRefused(page, refusal(system));
    expect(refusal(system)).toMatch(/^Do not call: on the system list since \d{4}-\d{2}-\d{2}$/);

    await search(page, LEADS.partial.typed);
    await expectRefused(page, refusal(campaignEntry));
    expect(refusal(campaignEntry)).toMatch(/^Do not call: on the campaign list since \d{4}-\d{2}-\d{2}$/);
  });

  it('puts the number of a saved call on the campaign list with "Customer asked not to be called"; its next lookup is refused', async () => {
    const { page, context } = t;
    const setup = await createCallCampaign(context.request, 'DNC Button Study');
    await signInAgentTo(page, agentId, setup.campaign);

    // A call walked to its end: Yes jumps to Q3, Gold Leaf completes it.
    await search(page, LEADS.walk.typed);
    await survey(page).getByRole('radio', { name: '1 Yes' }).check();
    await next(page).click();
    await questionHeading(page, 'Q3. Which brands do you smoke?').waitFor();
    await survey(page).getByRole('checkbox', { name: '1 Gold Leaf' }).check();
    await next(page).click();
    await saveEnd(page);
    await expectReadyForNextNumber(page, SURVEY_MESSAGES.ended);

    const button = page.getByRole('button', { name: CUSTOMER_ASKED_NOT_TO_BE_CALLED });
    expect(inViewport(await boxOf(button))).toBe(true);
    await button.click();
    await page
      .getByRole('status')
      .getByText(`${LEADS.walk.e164} is on the campaign's do-not-call list now`, { exact: true })
      .waitFor();
    expect(await button.count()).toBe(0);

    // On the campaign's list, with the reason and who put it there.
    const listed = await okJson<TDncPage>(
      context.request.get(`/api/dnc/pagination/0/10?campaignName=${encodeURIComponent(setup.campaign)}`, {
        headers: setup.headers,
      }),
    );
    expect(listed.recordCount).toBe(1);
    const entry = listed.response.content[0];
    expect(entry).toMatchObject({
      phoneNumber: LEADS.walk.e164,
      list: 'campaign',
      campaignName: setup.campaign,
      reason: CUSTOMER_ASKED_NOT_TO_BE_CALLED,
      addedBy: agentId,
    });
    if (entry === undefined) throw new Error('no entry');

    await search(page, LEADS.walk.typed);
    await expectRefused(page, refusal(entry));
    expect(refusal(entry)).toMatch(/^Do not call: on the campaign list since \d{4}-\d{2}-\d{2}$/);
  });
});
