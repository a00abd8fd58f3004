// The agent's /CRM never loses a call by a click, in Chromium at 1366×768: a reload at Q3 asks, then resumes at Q3
// with Q1–Q2's answers; another menu item asks first (Stay keeps the answers; Leave, then CRM again, resumes); the
// idle screen lists today's partial call and resumes it in one click; the save deletes the draft.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PARTIAL_CALL_ANSWER, SURVEY_MESSAGES, type TMyCalls } from '@crm/shared';
import { sessionToken } from './actions.ts';
import { useBrowser } from './browser.ts';
import {
  LEADS,
  back,
  callToQ3,
  createCallCampaign,
  createCrmAgent,
  expectReadyForNextNumber,
  next,
  parkWithCallback,
  questionHeading,
  saveEnd,
  search,
  signInAgentTo,
  storedLead,
  survey,
} from './crm-support.ts';

const t = useBrowser({ width: 1366, height: 768 });
let agentId = '';

beforeAll(async () => {
  agentId = await createCrmAgent(t.baseUrl);
});

/** The signed-in agent's own calls, as the server has them. */
async function myCalls(page: Page, campaign: string): Promise<TMyCalls> {
  const r = await page.request.get('/api/ap/myCalls', {
    params: { tableName: campaign },
    headers: { Authorization: `Bearer ${await sessionToken(page)}` },
  });
  expect(r.status()).toBe(200);
  return (await r.json()) as TMyCalls;
}

async function expectResumedAtQ3(page: Page) {
  await questionHeading(page, 'Q3. Which brands do you smoke?').waitFor();
  await survey(page).getByText('Resumed at Q3', { exact: false }).waitFor();
  const soFar = survey(page).getByRole('list', { name: 'Answers so far' });
  expect(await soFar.getByRole('listitem').allInnerTexts()).toEqual([
    'Q1. Do you smoke? — Maybe',
    'Q2. Why not? — Too expensive',
  ]);
}

const sidebarLink = (page: Page, name: string) => page.getByLabel('Sidebar').getByRole('link', { name, exact: true });

describe('CRM call in progress', () => {
  it('asks before a reload at Q3, then resumes at Q3 with the answers of Q1 and Q2; the save ends the draft', async () => {
    const { page, context } = t;
    const setup = await createCallCampaign(context.request, 'Reload Study');
    await signInAgentTo(page, agentId, setup.campaign);
    await callToQ3(page);
    await survey(page).getByRole('checkbox', { name: '2 Benson' }).check();
    expect((await myCalls(page, setup.campaign)).drafts).toMatchObject([
      { cellNumber: LEADS.partial.e164, currentQno: 'Q3', path: ['Q1', 'Q2', 'Q3'] },
    ]);

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    await expectResumedAtQ3(page);
    expect(dialogs).toEqual(['beforeunload']);
    // Q3's own choice was kept too, and Back walks the path taken.
    expect(await survey(page).getByRole('checkbox', { name: '2 Benson' }).isChecked()).toBe(true);
    await back(page).click();
    await questionHeading(page, 'Q2. Why not?').waitFor();
    expect(await survey(page).getByLabel('Answer to Q2').inputValue()).toBe('Too expensive');
    await next(page).click();
    await next(page).click();
    await questionHeading(page, 'Q4. Tell them who is calling.').waitFor();
    await next(page).click();
    await survey(page).getByLabel('Answer to Q5').fill('Call after six');
    await next(page).click();
    await saveEnd(page, '2'); // Not interested
    await expectReadyForNextNumber(page, SURVEY_MESSAGES.ended);
    expect(await storedLead(context.request, setup, LEADS.partial.e164)).toMatchObject({
      Q1: 'Maybe',
      Q2: 'Too expensive',
      Q3: 'Benson',
      Q5: 'Call after six',
    });
    expect((await myCalls(page, setup.campaign)).drafts).toEqual([]);
  });

  it('asks before another menu item takes over mid-call: Stay keeps the answers; Leave, then CRM again, resumes at Q3', async () => {
    const { page, context } = t;
    const setup = await createCallCampaign(context.request, 'Leave Study');
    await signInAgentTo(page, agentId, setup.campaign);
    await callToQ3(page);
    await survey(page).getByRole('checkbox', { name: '1 Gold Leaf' }).check();

    await sidebarLink(page, 'QC Review').click();
    const dialog = page.getByRole('dialog', { name: 'Leave this call?' });
    await dialog.getByText('kept as a draft: come back to CRM to resume at Q3', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/CRM');
    await dialog.getByRole('button', { name: 'Stay on this call' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/CRM');
    expect(await survey(page).getByRole('checkbox', { name: '1 Gold Leaf' }).isChecked()).toBe(true);

    await sidebarLink(page, 'QC Review').click();
    await dialog.getByRole('button', { name: 'Leave', exact: true }).click();
    await page.waitForURL('**/agent-performance');
    await sidebarLink(page, 'CRM').click();
    await page.waitForURL('**/CRM*');
    await expectResumedAtQ3(page);
    expect(await survey(page).getByRole('checkbox', { name: '1 Gold Leaf' }).isChecked()).toBe(true);

    // A new search gives the call up (after asking): its draft is gone.
    await search(page, LEADS.walk.typed);
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await questionHeading(page, 'Q1. Do you smoke?').waitFor();
    await expect.poll(async () => (await myCalls(page, setup.campaign)).drafts).toEqual([]);
    expect((await storedLead(context.request, setup, LEADS.partial.e164)).Q1).toBeNull();
  });

  it("lists today's partial call and the calls saved on the idle screen, and resumes the partial call in one click", async () => {
    const { page, context } = t;
    const setup = await createCallCampaign(context.request, 'Idle Study');
    await signInAgentTo(page, agentId, setup.campaign);
    await search(page, LEADS.walk.typed);
    await survey(page).getByRole('radio', { name: '3 Maybe' }).check();
    await next(page).click();
    await questionHeading(page, 'Q2. Why not?').waitFor();
    await survey(page).getByRole('button', { name: 'Partial Call' }).click();
    await parkWithCallback(page);
    await expectReadyForNextNumber(page, SURVEY_MESSAGES.partial);
    expect(await storedLead(context.request, setup, LEADS.walk.e164)).toMatchObject({
      Q1: 'Maybe',
      Q2: PARTIAL_CALL_ANSWER,
    });

    const toResume = page.getByRole('table', { name: 'Calls to resume (today)' });
    const row = toResume.getByRole('row').filter({ hasText: LEADS.walk.e164 });
    await row.getByText('Partial at Q2').waitFor();
    await row.getByText('Rahim Uddin').waitFor();
    await page
      .getByRole('table', { name: 'Your last calls saved' })
      .getByRole('row')
      .filter({ hasText: LEADS.walk.e164 })
      .getByText('Partial at Q2')
      .waitFor();

    await row.getByRole('button', { name: `Resume ${LEADS.walk.e164}` }).click();
    await questionHeading(page, 'Q2. Why not?').waitFor();
    await survey(page).getByText('Resumed at Q2', { exact: false }).waitFor();
    expect(
      await survey(page).getByRole('list', { name: 'Answers so far' }).getByRole('listitem').allInnerTexts(),
    ).toEqual(['Q1. Do you smoke? — Maybe']);
  });
});
