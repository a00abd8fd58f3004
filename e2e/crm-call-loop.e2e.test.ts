// The agent's call loop on /CRM in Chromium at 1366×768 (docs/guide/call-loop.md): the dialer's call opening with no typing
// (the stand-in VICIdial's agent_status turned INCALL) and the next one waiting in a banner; the disposition step by
// keyboard; a Partial Call's callback set, then called from the idle list with the text typed at its question back; the
// call timer across a reload; the shift's figures; every control of it in view.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  localDayText,
  localTimeText,
  machineTimeZone,
  SURVEY_MESSAGES,
  type TCallAttempts,
  type TLead,
} from '@crm/shared';
import { okJson } from './actions.ts';
import { useBrowser } from './browser.ts';
import {
  LEADS,
  createCallCampaign,
  createCrmAgent,
  endOfCall,
  expectReadyForNextNumber,
  next,
  questionHeading,
  search,
  signInAgentTo,
  storedLead,
  survey,
  type TCallCampaign,
} from './crm-support.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);
let agentId = '';

beforeAll(async () => {
  agentId = await createCrmAgent(t.baseUrl);
});

/** Sets agent users' VICIdial sessions on the stand-in (its agent_status answers them). */
async function setVicidialAgents(agents: Record<string, unknown>): Promise<void> {
  const r = await fetch(inject('dialerControlUrl'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ agents }),
  });
  expect(r.ok).toBe(true);
}

/** The agent the dialer calls: one of the pop test's own, so no call of it is still on when another test signs in. */
let dialerAgent = '';

afterAll(async () => {
  if (dialerAgent !== '') await setVicidialAgents({ [dialerAgent]: 'logged-out' });
});

/** Every locator drawn wholly inside 1366×768, and the page not scrolled. */
async function expectInView(page: Page, parts: Record<string, Locator>) {
  const outside: string[] = [];
  for (const [name, locator] of Object.entries(parts)) if (!inViewport(await boxOf(locator))) outside.push(name);
  expect(outside, 'parts outside 1366×768').toEqual([]);
  expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);
}

/** The lead's calls as an admin reads them. */
async function attemptsOf(setup: TCallCampaign, lead: TLead): Promise<TCallAttempts> {
  return okJson<TCallAttempts>(
    t.context.request.get(`/api/leads/${String(lead.id)}/attempts`, { headers: setup.headers }),
  );
}

/** The call centre's clock now, yyyy-MM-dd HH:mm: a callback at it is due at once (the server takes a minute back). */
function nowText(): string {
  const now = new Date();
  return `${localDayText(now, machineTimeZone())} ${localTimeText(now, machineTimeZone())}`;
}

/** The timer's seconds: mm:ss read as a number. */
async function timerSeconds(page: Page): Promise<number> {
  const text = (await survey(page).getByRole('timer', { name: 'Call time' }).textContent()) ?? '';
  const [minutes = 0, seconds = 0] = text.split(':').map(Number);
  return minutes * 60 + seconds;
}

describe('the dialer puts a call through', () => {
  it('opens the lead at Q1 with no typing; the next call waits in a banner until this one is saved, then Take call opens it', async () => {
    const { page, context } = t;
    const setup = await createCallCampaign(context.request, 'Pop Study');
    dialerAgent = await createCrmAgent(t.baseUrl);
    await signInAgentTo(page, dialerAgent, setup.campaign);
    const first = await storedLead(context.request, setup, LEADS.keyboard.e164);
    const second = await storedLead(context.request, setup, LEADS.partial.e164);
    await page.getByRole('region', { name: 'Your shift' }).waitFor();

    // VICIdial connects a call to the agent: its lead opens, nothing typed, the search field left as it was.
    await setVicidialAgents({
      [dialerAgent]: {
        status: 'INCALL',
        callId: 'M1000000001',
        leadId: '4711',
        phoneNumber: '01912345670',
        vendorLeadCode: String(first.id),
        campaignId: 'CRM',
      },
    });
    await questionHeading(page, 'Q1. Do you smoke?').waitFor();
    await page.getByRole('region', { name: 'Lead details' }).getByText('Alam Mia').waitFor();

    // The next call while this one is on screen: it waits, in view, and the call on screen stays.
    await page.keyboard.press('1');
    await setVicidialAgents({
      [dialerAgent]: {
        status: 'INCALL',
        callId: 'M1000000002',
        leadId: '4712',
        phoneNumber: '01812345679',
        vendorLeadCode: String(second.id),
        campaignId: 'CRM',
      },
    });
    const banner = page.getByRole('alert', { name: 'Next call from the dialer' });
    await banner
      .getByText(
        `The dialer put a new call through: ${LEADS.partial.e164}. It waits until this call is saved or parked (Partial Call).`,
      )
      .waitFor();
    const take = banner.getByRole('button', { name: 'Take call' });
    expect(await take.isDisabled()).toBe(true);
    await expectInView(page, { banner, take });
    expect(await survey(page).getByRole('radio', { name: '1 Yes' }).isChecked()).toBe(true);
    expect(await page.getByRole('region', { name: 'Lead details' }).getByText('Alam Mia').count()).toBe(1);

    // The agent's VICIdial session ends before the disposition: VICIdial refuses it, in its own words, and the save stands.
    await setVicidialAgents({ [dialerAgent]: 'logged-out' });
    // Parked with Partial Call (Not interested): Take call is the next key.
    await survey(page).getByRole('button', { name: 'Partial Call' }).click();
    await endOfCall(page).getByRole('radio', { name: '1 Partial / call back' }).waitFor();
    await page.keyboard.press('2');
    await page.keyboard.press('Enter');
    const refused = page.getByRole('alert').filter({ hasText: 'VICIdial did not take the disposition' });
    await refused.getByText(`ERROR: agent_user is not logged in - ${dialerAgent}`).waitFor();
    await page.getByRole('status').getByText('Saved as Not interested. Search the next number.').waitFor();
    await expectInView(page, { take, refused });
    await expect.poll(() => take.isDisabled()).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Take call');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Lead details' }).getByText('Fatema Begum').waitFor();
    await questionHeading(page, 'Q1. Do you smoke?').waitFor();
    expect(await banner.count()).toBe(0);
    // Ended too, so no call of this agent is left on.
    await survey(page).getByRole('button', { name: 'Partial Call' }).click();
    await endOfCall(page).getByRole('radio', { name: '1 Partial / call back' }).waitFor();
    await page.keyboard.press('2');
    await page.keyboard.press('Enter');
    await expectReadyForNextNumber(page, SURVEY_MESSAGES.partial);

    // The attempt of the popped call keeps VICIdial's call id and its answer.
    expect((await attemptsOf(setup, first)).map((a) => [a.disposition, a.dialerCallId, a.dialerStatus])).toEqual([
      ['NI', '4711', expect.stringContaining('ERROR: agent_user is not logged in')],
    ]);
  });
});

describe('the end of a call', () => {
  it('asks for the disposition by keyboard: Completed chosen for a completed survey, Esc back, Enter saves; a dnc one lists the number', async () => {
    const { page, context } = t;
    const setup = await createCallCampaign(context.request, 'Disposition Study');
    await signInAgentTo(page, agentId, setup.campaign);
    const keyboard = page.keyboard;

    await search(page, LEADS.keyboard.typed);
    await questionHeading(page, 'Q1. Do you smoke?').waitFor();
    await keyboard.press('1');
    await keyboard.press('Enter');
    await questionHeading(page, 'Q3. Which brands do you smoke?').waitFor();
    await keyboard.press('1');
    await keyboard.press('Enter');

    // The step, whole in view: the choice (Completed, focused), Save, Back to the survey and the call's time.
    const end = endOfCall(page);
    const completed = end.getByRole('radio', { name: '1 Completed' });
    await completed.waitFor();
    expect(await completed.isChecked()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe('COMPLETE');
    await expectInView(page, {
      choice: completed,
      save: end.getByRole('button', { name: 'Save', exact: true }),
      back: end.getByRole('button', { name: 'Back to the survey' }),
      timer: end.getByRole('timer', { name: 'Call time' }),
      leadCard: page.getByRole('region', { name: 'Lead details' }),
    });

    // Esc: the survey again, its answer kept; Enter ends it again.
    await keyboard.press('Escape');
    await questionHeading(page, 'Q3. Which brands do you smoke?').waitFor();
    expect(await survey(page).getByRole('checkbox', { name: '1 Gold Leaf' }).isChecked()).toBe(true);
    await keyboard.press('Enter');
    await completed.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe('COMPLETE');
    await keyboard.press('Enter');
    await expectReadyForNextNumber(page, SURVEY_MESSAGES.ended);
    await page.getByRole('status').getByText('Saved as Completed. Search the next number.').waitFor();
    const keyboardLead = await storedLead(context.request, setup, LEADS.keyboard.e164);
    expect(keyboardLead).toMatchObject({ Q1: 'Yes', Q3: 'Gold Leaf', is_called: 1 });
    expect((await attemptsOf(setup, keyboardLead)).map((a) => [a.agentId, a.disposition, a.completed])).toEqual([
      [agentId, 'COMPLETE', true],
    ]);

    // A Partial Call chooses the callback disposition; 5 takes Do not call instead, and the save lists the number.
    await keyboard.type(LEADS.partial.typed);
    await keyboard.press('Enter');
    await questionHeading(page, 'Q1. Do you smoke?').waitFor();
    await survey(page).getByRole('button', { name: 'Partial Call' }).click();
    await end.getByRole('radio', { name: '1 Partial / call back' }).waitFor();
    expect(await end.getByRole('radio', { name: '1 Partial / call back' }).isChecked()).toBe(true);
    await expectInView(page, {
      time: end.getByLabel(/^Callback time/),
      note: end.getByLabel('Callback note'),
      save: end.getByRole('button', { name: 'Save', exact: true }),
    });
    await keyboard.press('5');
    expect(await end.getByRole('radio', { name: '5 Do not call' }).isChecked()).toBe(true);
    expect(await end.getByLabel(/^Callback time/).count()).toBe(0);
    await keyboard.press('Enter');
    const listed = page
      .getByRole('status')
      .getByText(`${LEADS.partial.e164} is on the campaign's do-not-call list now`);
    await listed.waitFor();
    expect(inViewport(await boxOf(listed))).toBe(true);
    expect(await page.getByRole('button', { name: 'Customer asked not to be called' }).count()).toBe(0);
    await search(page, LEADS.partial.typed);
    await page
      .getByRole('alert')
      .filter({ hasText: 'This number must not be called: no survey is offered.' })
      .waitFor();
  });
});

describe('callbacks', () => {
  it('sets a callback with a Partial Call, shows it due in the top bar and the idle list, and calls it with the typed text back', async () => {
    const { page, context } = t;
    const setup = await createCallCampaign(context.request, 'Callback Study');
    await signInAgentTo(page, agentId, setup.campaign);

    // Maybe → Q2, where the respondent asks to be called back; what was typed there stays. The lead on screen is the one
    // searched (another call taking the screen, such as a dialer's pop, would save another lead's answers).
    await search(page, LEADS.walk.typed);
    await page.getByRole('region', { name: 'Lead details' }).getByText('Rahim Uddin').waitFor();
    await survey(page).getByRole('radio', { name: '3 Maybe' }).check();
    await next(page).click();
    await questionHeading(page, 'Q2. Why not?').waitFor();
    await survey(page).getByLabel('Answer to Q2').fill('Busy at work, wants the short version');
    await survey(page).getByRole('button', { name: 'Partial Call' }).click();

    const end = endOfCall(page);
    const time = end.getByLabel(/^Callback time/);
    await time.waitFor();
    const at = nowText();
    await time.fill(at);
    await end.getByLabel('Callback note').fill('Ask for Rahim');
    await time.press('Enter');
    // Shown once the save was answered (and the callback after it): the lead holds the answers from here on.
    await page
      .getByRole('status')
      .getByText(`Saved as Partial / call back. Callback set for ${at}. Search the next number.`)
      .waitFor();
    expect(await storedLead(context.request, setup, LEADS.walk.e164)).toMatchObject({
      Q1: 'Maybe',
      Q2: 'Partial Call',
      is_called: 0,
    });

    // Due at once: the top bar's count and the idle list, both in view.
    const due = page.getByTestId('callbacks-due');
    await due.getByText('1 callback due').waitFor();
    const callbacks = page.getByRole('table', { name: 'Callbacks (1 due)' });
    const row = callbacks.getByRole('row').filter({ hasText: LEADS.walk.e164 });
    await row.getByText('Ask for Rahim', { exact: false }).waitFor();
    const call = row.getByRole('button', { name: `Call ${LEADS.walk.e164}` });
    await expectInView(page, { topBar: due, callback: row, call });

    // One click: the call opens where it stopped, with what was typed there.
    await call.click();
    await questionHeading(page, 'Q2. Why not?').waitFor();
    await survey(page).getByText('Resumed at Q2, where your partial call stopped', { exact: false }).waitFor();
    expect(await survey(page).getByLabel('Answer to Q2').inputValue()).toBe('Busy at work, wants the short version');

    // Ended this time (completed at Q3): the callback is done with, the count goes.
    await next(page).click();
    await questionHeading(page, 'Q3. Which brands do you smoke?').waitFor();
    await survey(page).getByRole('checkbox', { name: '1 Gold Leaf' }).check();
    await next(page).click();
    await endOfCall(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expectReadyForNextNumber(page, SURVEY_MESSAGES.ended);
    await due.waitFor({ state: 'detached' });
    await page.getByText('No callback due today. A callback disposition sets one.').waitFor();
    expect(await storedLead(context.request, setup, LEADS.walk.e164)).toMatchObject({
      Q2: 'Busy at work, wants the short version',
      Q3: 'Gold Leaf',
      is_called: 1,
    });
  });
});

describe('the call timer', () => {
  it('goes on from the call’s first start after a reload', async () => {
    const { page, context } = t;
    const setup = await createCallCampaign(context.request, 'Timer Study');
    await signInAgentTo(page, agentId, setup.campaign);
    await search(page, LEADS.walk.typed);
    await survey(page).getByRole('radio', { name: '3 Maybe' }).check();
    await survey(page).getByRole('status').filter({ hasText: 'Answers kept as a draft' }).waitFor();
    await expect.poll(() => timerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);

    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await questionHeading(page, 'Q1. Do you smoke?').waitFor();
    await survey(page).getByText('Resumed at Q1', { exact: false }).waitFor();
    // Not 00:00 again: the server kept when this call began.
    expect(await timerSeconds(page)).toBeGreaterThanOrEqual(3);
  });
});

describe('the shift', () => {
  it('shows the calls, completed, callbacks set, the average handle time and the calls against the target', async () => {
    const { page, context } = t;
    // An agent of this test alone: the shift counts from their sign-in.
    const fresh = await createCrmAgent(t.baseUrl);
    const setup = await createCallCampaign(context.request, 'Shift Study');
    await signInAgentTo(page, fresh, setup.campaign);
    const shift = page.getByRole('region', { name: 'Your shift' });
    await shift.getByTestId('shift-Calls').getByText('0', { exact: true }).waitFor();

    // One completed call, one Partial Call with a callback in an hour.
    await search(page, LEADS.keyboard.typed);
    await survey(page).getByRole('radio', { name: '1 Yes' }).check();
    await next(page).click();
    await survey(page).getByRole('checkbox', { name: '1 Gold Leaf' }).check();
    await next(page).click();
    await endOfCall(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expectReadyForNextNumber(page, SURVEY_MESSAGES.ended);
    await search(page, LEADS.partial.typed);
    await survey(page).getByRole('button', { name: 'Partial Call' }).click();
    await endOfCall(page)
      .getByRole('button', { name: /^In 1 h/ })
      .click();
    await endOfCall(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expectReadyForNextNumber(page, SURVEY_MESSAGES.partial);

    await shift.getByTestId('shift-Calls').getByText('2', { exact: true }).waitFor();
    expect(await shift.getByTestId('shift-Completed').textContent()).toBe('1');
    expect(await shift.getByTestId('shift-Callbacks set').textContent()).toBe('1');
    expect(await shift.getByTestId('shift-Average handle time').textContent()).toMatch(/^\d{2}:\d{2}$/);
    expect(await shift.getByTestId('shift-target').textContent()).toBe('Calls today: 2 of 40');
    await expectInView(page, { shift });
  });
});
