// The agent's survey (CRM) in Chromium: search a number written another way, walk a branching survey to its end and
// its disposition, a partial call and its resume, the validation messages, a keyboard-only call, a failed save retried,
// and an admin's /CRM.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AGENT_PANEL_MESSAGES, PARTIAL_CALL_ANSWER, SURVEY_MESSAGES } from '@crm/shared';
import { signInAsAdminAndWait, signInAsAgent } from './actions.ts';
import { useBrowser } from './browser.ts';
import {
  AGENT_NAME,
  AGENT_PASSWORD,
  DATA_DATE,
  LEADS,
  back,
  callToQ3,
  createCallCampaign,
  createCrmAgent,
  expectReadyForNextNumber,
  endOfCall,
  next,
  parkWithCallback,
  questionHeading,
  saveEnd,
  search,
  signInAgentTo as signInAgent,
  storedLead,
  survey,
} from './crm-support.ts';

const t = useBrowser();
let agentId = '';

beforeAll(async () => {
  agentId = await createCrmAgent(t.baseUrl);
});

const signInAgentTo = (page: Page, campaign: string) => signInAgent(page, agentId, campaign);

describe('CRM survey', () => {
  it('finds a lead by a number written another way and walks a jump, then a completing rule, to Survey Ended', async () => {
    const { page, context } = t;
    const setup = await createCallCampaign(context.request, 'Smoker Study');
    await signInAgentTo(page, setup.campaign);

    await search(page, LEADS.walk.typed);
    const details = page.getByRole('region', { name: 'Lead details' });
    await details.getByText('Rahim Uddin').waitFor();
    for (const value of [
      LEADS.walk.e164,
      'Dhaka',
      'Mirpur 10',
      'Mirpur',
      'Gold Leaf',
      DATA_DATE,
      'Retailer',
      'BR-1',
      'Karim Store',
    ]) {
      await details.getByRole('cell', { name: value, exact: true }).waitFor();
    }
    expect(await details.getByText('This lead is already marked as called').count()).toBe(0);

    await questionHeading(page, 'Q1. Do you smoke?').waitFor();
    await survey(page).getByText('Respondent: Rahim Uddin').waitFor();
    await survey(page).getByText('Greet the respondent by name first.').waitFor();
    expect(await back(page).isDisabled()).toBe(true);
    await next(page).click();
    await survey(page).getByText(SURVEY_MESSAGES.answerRequired).waitFor();

    // Yes jumps over Q2.
    await survey(page).getByRole('radio', { name: '1 Yes' }).check();
    await next(page).click();
    await questionHeading(page, 'Q3. Which brands do you smoke?').waitFor();
    await next(page).click();
    await survey(page).getByText(SURVEY_MESSAGES.selectAtLeastOne).waitFor();
    // Back and forth along the path taken: Q1 still says Yes.
    await back(page).click();
    await questionHeading(page, 'Q1. Do you smoke?').waitFor();
    expect(await survey(page).getByRole('radio', { name: '1 Yes' }).isChecked()).toBe(true);
    await next(page).click();

    // Gold Leaf (the first chosen option, whatever the click order) completes the call.
    await survey(page).getByRole('checkbox', { name: '2 Benson' }).check();
    await survey(page).getByRole('checkbox', { name: '1 Gold Leaf' }).check();
    // The end asks how the call ended (Completed chosen), then one save of this lead: every question's answer, null off
    // the path, and the disposition.
    await next(page).click();
    const [save] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/dynamic/updateLeadData/')),
      saveEnd(page),
    ]);
    expect(new URL(save.url()).searchParams.get('leadId')).toMatch(/^\d+$/);
    expect(save.postDataJSON()).toEqual({
      Q1: 'Yes',
      Q2: null,
      Q3: 'Gold Leaf, Benson',
      Q4: null,
      Q5: null,
      is_called: 1,
      disposition: 'COMPLETE',
    });
    await expectReadyForNextNumber(page, SURVEY_MESSAGES.ended);

    const lead = await storedLead(context.request, setup, LEADS.walk.e164);
    expect(lead).toMatchObject({ Q1: 'Yes', Q2: null, Q3: 'Gold Leaf, Benson', Q4: null, Q5: null, is_called: 1 });

    // Searched again, the lead says it was called.
    await search(page, LEADS.walk.e164);
    await page
      .getByRole('region', { name: 'Lead details' })
      .getByText('This lead is already marked as called')
      .waitFor();
  });

  it('saves a partial call, then resumes that lead at the question where it stopped with the earlier answers', async () => {
    const { page, context } = t;
    const setup = await createCallCampaign(context.request, 'Partial Study');
    await signInAgentTo(page, setup.campaign);

    await callToQ3(page, { waitForDraft: false });
    await survey(page).getByRole('button', { name: 'Partial Call' }).click();
    await parkWithCallback(page);
    await expectReadyForNextNumber(page, SURVEY_MESSAGES.partial);
    expect(await storedLead(context.request, setup, LEADS.partial.e164)).toMatchObject({
      Q1: 'Maybe',
      Q2: 'Too expensive',
      Q3: PARTIAL_CALL_ANSWER,
      is_called: 0,
    });

    // The next search of the number, written yet another way, resumes at Q3.
    await search(page, '+880 1812-345679');
    await questionHeading(page, 'Q3. Which brands do you smoke?').waitFor();
    await survey(page).getByText('Resumed at Q3', { exact: false }).waitFor();
    const soFar = survey(page).getByRole('list', { name: 'Answers so far' });
    expect(await soFar.getByRole('listitem').allInnerTexts()).toEqual([
      'Q1. Do you smoke? — Maybe',
      'Q2. Why not? — Too expensive',
    ]);
    await back(page).click();
    await questionHeading(page, 'Q2. Why not?').waitFor();
    expect(await survey(page).getByLabel('Answer to Q2').inputValue()).toBe('Too expensive');
    await back(page).click();
    expect(await survey(page).getByRole('radio', { name: '3 Maybe' }).isChecked()).toBe(true);

    // Forward again to the end: Benson (no rule) → Q4 (Plain Text, read out) → Q5, the last.
    await next(page).click();
    await next(page).click();
    await survey(page).getByRole('checkbox', { name: '2 Benson' }).check();
    await next(page).click();
    await questionHeading(page, 'Q4. Tell them who is calling.').waitFor();
    await survey(page).getByText(`Agent: ${AGENT_NAME}`).waitFor();
    await next(page).click();
    await survey(page).getByLabel('Answer to Q5').fill('Call back after 6 pm');
    await next(page).click();
    await saveEnd(page, '2'); // Not interested
    await expectReadyForNextNumber(page, SURVEY_MESSAGES.ended);
    expect(await storedLead(context.request, setup, LEADS.partial.e164)).toMatchObject({
      Q1: 'Maybe',
      Q2: 'Too expensive',
      Q3: 'Benson',
      Q4: null,
      Q5: 'Call back after 6 pm',
      is_called: 0,
    });
  });

  it('says what is wrong with a search (no number, a lead not generated), stays on the signed-in campaign, and asks before a new search drops answers', async () => {
    const { page, context } = t;
    const setup = await createCallCampaign(context.request, 'Search Study');
    await signInAsAgent(page, { agentId, password: AGENT_PASSWORD, campaign: setup.campaign });
    await page.waitForURL('**/CRM*');
    await page.goto('/CRM?campaignName=Spring%20Survey');
    await page.getByText(`You are signed in to ${setup.campaign}`, { exact: false }).waitFor();
    await page.getByRole('heading', { name: setup.campaign, level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText(AGENT_PANEL_MESSAGES.cellNumberRequired).waitFor();
    await search(page, LEADS.fresh.typed);
    await page.getByRole('alert').filter({ hasText: SURVEY_MESSAGES.leadNotGenerated }).waitFor();
    await search(page, '01999999999');
    await page.getByRole('alert').filter({ hasText: SURVEY_MESSAGES.leadNotGenerated }).waitFor();
    expect(await survey(page).count()).toBe(0);
    // A generated lead of the campaign is found, with the campaign's survey.
    await search(page, LEADS.walk.typed);
    await questionHeading(page, 'Q1. Do you smoke?').waitFor();

    // Another search mid-call asks before it throws the answers away.
    await survey(page).getByRole('radio', { name: '1 Yes' }).check();
    await next(page).click();
    await questionHeading(page, 'Q3. Which brands do you smoke?').waitFor();
    await search(page, LEADS.partial.typed);
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(`The answers of this call are not saved. Search ${LEADS.partial.typed} and discard them?`)
      .waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click(); // the footer's Close, not the corner X
    await questionHeading(page, 'Q3. Which brands do you smoke?').waitFor();
    expect(await page.getByRole('region', { name: 'Lead details' }).getByText('Rahim Uddin').count()).toBe(1);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('region', { name: 'Lead details' }).getByText('Fatema Begum').waitFor();
    await questionHeading(page, 'Q1. Do you smoke?').waitFor();
    expect(await survey(page).getByRole('radio', { name: '1 Yes' }).isChecked()).toBe(false);
  });

  it('walks a whole call with the keyboard only: Enter, number keys, Ctrl+Enter in a text area', async () => {
    const { page, context } = t;
    const setup = await createCallCampaign(context.request, 'Keyboard Study');
    await signInAgentTo(page, setup.campaign);
    const keyboard = page.keyboard;

    // The search field has the focus on arrival.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('tel');
    await keyboard.type(LEADS.keyboard.typed);
    await keyboard.press('Enter');
    await questionHeading(page, 'Q1. Do you smoke?').waitFor();
    await keyboard.press('1');
    expect(await survey(page).getByRole('radio', { name: '1 Yes' }).isChecked()).toBe(true);
    await keyboard.press('Enter');
    await questionHeading(page, 'Q3. Which brands do you smoke?').waitFor();
    await keyboard.press('Enter');
    await survey(page).getByText(SURVEY_MESSAGES.selectAtLeastOne).waitFor();
    await keyboard.press('3');
    await keyboard.press('2');
    await keyboard.press('3'); // ticked, then unticked
    await keyboard.press('Enter');
    await questionHeading(page, 'Q4. Tell them who is calling.').waitFor();
    await keyboard.press('Enter'); // Plain Text: the focus is on Next
    await questionHeading(page, 'Q5. Anything else?').waitFor();
    await keyboard.type('Prefers Bangla');
    await keyboard.press('Enter'); // a new line, not Next
    await keyboard.type('Call after Asr');
    await keyboard.press('Control+Enter');
    // How the call ended, by key: 4, Language barrier.
    await endOfCall(page).waitFor();
    await keyboard.press('4');
    expect(await endOfCall(page).getByRole('radio', { name: '4 Language barrier' }).isChecked()).toBe(true);
    await keyboard.press('Enter');
    await expectReadyForNextNumber(page, SURVEY_MESSAGES.ended);
    expect(await storedLead(context.request, setup, LEADS.keyboard.e164)).toMatchObject({
      Q1: 'Yes',
      Q2: null,
      Q3: 'Benson',
      Q4: null,
      Q5: 'Prefers Bangla\nCall after Asr',
      is_called: 0,
    });

    // Back and Partial Call by Tab and Enter (the focus is back in the search field).
    await keyboard.type(LEADS.walk.typed);
    await keyboard.press('Enter');
    await questionHeading(page, 'Q1. Do you smoke?').waitFor();
    await keyboard.press('3');
    await keyboard.press('Enter');
    await questionHeading(page, 'Q2. Why not?').waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await keyboard.press('Tab'); // from the answer field to Back
    expect(await focused()).toBe('Back');
    await keyboard.press('Enter');
    await questionHeading(page, 'Q1. Do you smoke?').waitFor();
    expect(await survey(page).getByRole('radio', { name: '3 Maybe' }).isChecked()).toBe(true);
    await keyboard.press('Tab'); // Back is disabled on the first question, so Partial Call
    expect(await focused()).toBe('Partial Call');
    await keyboard.press('Enter');
    await parkWithCallback(page);
    await expectReadyForNextNumber(page, SURVEY_MESSAGES.partial);
    expect(await storedLead(context.request, setup, LEADS.walk.e164)).toMatchObject({
      Q1: PARTIAL_CALL_ANSWER,
      Q2: null,
      is_called: 0,
    });
  });

  it('keeps the answers on screen when the save fails, and saves them with Retry save', async () => {
    const { page, context } = t;
    const setup = await createCallCampaign(context.request, 'Retry Study');
    await signInAgentTo(page, setup.campaign);
    await search(page, LEADS.walk.typed);
    await survey(page).getByRole('radio', { name: '1 Yes' }).check();
    await next(page).click();
    await survey(page).getByRole('checkbox', { name: '1 Gold Leaf' }).check();

    // The network drops the first save.
    await page.route('**/dynamic/updateLeadData/**', (route) => route.abort('connectionreset'), { times: 1 });
    await next(page).click();
    await saveEnd(page);
    const failure = endOfCall(page).getByRole('alert').filter({ hasText: 'The answers were not saved' });
    await failure.getByText('Cannot reach the server', { exact: false }).waitFor();
    expect(await endOfCall(page).getByRole('radio', { name: '1 Completed' }).isChecked()).toBe(true);
    expect((await storedLead(context.request, setup, LEADS.walk.e164)).is_called).toBe(0);

    await failure.getByRole('button', { name: 'Retry save' }).click();
    await expectReadyForNextNumber(page, SURVEY_MESSAGES.ended);
    expect(await storedLead(context.request, setup, LEADS.walk.e164)).toMatchObject({
      Q1: 'Yes',
      Q3: 'Gold Leaf',
      is_called: 1,
    });
  });

  it('lets an admin pick the campaign on /CRM and call a lead', async () => {
    const { page, context } = t;
    const setup = await createCallCampaign(context.request, 'Admin Study');
    await signInAsAdminAndWait(page);
    await page.goto('/CRM');
    await page.getByRole('main').getByLabel('Campaign').selectOption(setup.campaign);
    await page.waitForURL((url) => url.pathname === '/CRM' && url.searchParams.get('campaignName') === setup.campaign);
    await search(page, LEADS.partial.typed);
    await page.getByRole('region', { name: 'Lead details' }).getByText('Fatema Begum').waitFor();
    await survey(page).getByRole('radio', { name: '2 No' }).check();
    await next(page).click();
    await questionHeading(page, 'Q2. Why not?').waitFor();
    await survey(page).getByRole('button', { name: 'Partial Call' }).click();
    await saveEnd(page, '2'); // Not interested: no callback
    await expectReadyForNextNumber(page, SURVEY_MESSAGES.partial);
    expect(await storedLead(context.request, setup, LEADS.partial.e164)).toMatchObject({
      Q1: 'No',
      Q2: PARTIAL_CALL_ANSWER,
      is_called: 0,
    });
  });
});
