// "Show only if" conditions in Chromium at 1366×768 (issue 22): an admin builds Q3's condition with the editor on the
// logic management page (an AND with an OR group), sees it in words there and in View Full CRM, and a condition the
// server refuses shows the server's words in the editor; an agent's calls skip Q3 when it does not hold and show it
// when it does.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { TQuestionCondition } from '@crm/shared';
import { okJson, signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';
import {
  LEADS,
  createCallCampaign,
  createCrmAgent,
  next,
  questionHeading,
  search,
  signInAgentTo,
  survey,
} from './crm-support.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);

const WORDS = 'Q1 is "Yes" and (region is "Dhaka" or Q2 is answered)';
const card = (page: Page, qno: string) => page.getByRole('region', { name: qno, exact: true });

/** Picks what a row compares from the editor's searchable list (earlier answers and lead fields). */
async function compare(page: Page, row: Locator, subject: string) {
  await row.getByLabel('Compare').click();
  await page.getByRole('option', { name: subject, exact: true }).click();
  await expect.poll(() => row.getByLabel('Compare').inputValue()).toBe(subject);
}

/** A new search over a call with answers asks first: the test discards them. */
async function searchDiscarding(page: Page, typed: string) {
  await search(page, typed);
  const dialog = page.getByRole('dialog');
  await dialog.getByText(`Search ${typed} and discard them?`, { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

describe('survey conditions', () => {
  it("builds Q3's condition in the editor, shows it in words, refuses one the server does not take, and the agent's calls follow it", async () => {
    const { page, context } = t;
    const agentId = await createCrmAgent(t.baseUrl);
    // Q1 Select (Yes → Q3), Q2 Text Input, Q3 Multi Select, Q4 Plain Text, Q5 Textarea; leads of Dhaka, Chattogram, Sylhet.
    const setup = await createCallCampaign(context.request, 'Condition Study');
    const table = encodeURIComponent(setup.campaign);

    await signInAsAdminAndWait(page);
    await page.goto(`/logicManagement/${table}`);
    await page.getByRole('heading', { name: setup.campaign, level: 1 }).waitFor();
    await card(page, 'Q3').getByRole('button', { name: 'Set condition of Q3' }).click();
    const modal = page.getByRole('dialog', { name: 'Show Q3 only if' });
    await modal.waitFor();

    // Q1 is "Yes" AND (region is "Dhaka" OR Q2 is answered).
    const first = modal.getByRole('group', { name: 'Row 1', exact: true });
    await compare(page, first, 'Q1. Do you smoke?');
    await first.getByLabel('Operator').selectOption({ label: 'is' });
    await first.getByLabel('Value').selectOption('Yes');
    await modal.getByRole('button', { name: 'Add group' }).click();
    const group = modal.getByRole('group', { name: 'Group 2', exact: true });
    await group.waitFor();
    const region = group.getByRole('group', { name: 'Group 2 row 1', exact: true });
    await compare(page, region, 'region');
    await region.getByLabel('Operator').selectOption({ label: 'is' });
    await region.getByLabel('Value').fill('Dhaka');
    const q2 = group.getByRole('group', { name: 'Group 2 row 2', exact: true });
    await compare(page, q2, 'Q2. Why not?');
    await q2.getByLabel('Operator').selectOption({ label: 'is answered' });

    const save = modal.getByRole('button', { name: 'Save condition' });
    expect(inViewport(await boxOf(save)), `Save condition at ${JSON.stringify(await boxOf(save))}`).toBe(true);
    // Enter in a text field saves, as the Save button does.
    await region.getByLabel('Value').press('Enter');
    await modal.waitFor({ state: 'hidden' });
    await expect
      .poll(() => card(page, 'Q3').getByLabel('Condition of Q3', { exact: true }).textContent())
      .toBe(`Show only if ${WORDS}`);
    await card(page, 'Q3').getByRole('button', { name: 'Edit condition of Q3' }).waitFor();

    // Another admin takes "Marlboro" out of Q3's options while this one writes Q5's condition on it: the server
    // refuses the save, and its words show in the editor, which stays open with the condition as written.
    await card(page, 'Q5').getByRole('button', { name: 'Set condition of Q5' }).click();
    const refused = page.getByRole('dialog', { name: 'Show Q5 only if' });
    const row = refused.getByRole('group', { name: 'Row 1', exact: true });
    await compare(page, row, 'Q3. Which brands do you smoke?');
    await row.getByLabel('Value').selectOption('Marlboro');
    const q3 = setup.questions[2];
    if (q3 === undefined) throw new Error('five questions expected');
    const { id, title, type, optionalValue, instruction, status } = q3;
    await okJson(
      context.request.put('/questions/updateQuestion', {
        headers: setup.headers,
        data: { id, title, type, options: 'Gold Leaf, Benson', optionalValue, instruction, status },
      }),
    );
    await refused.getByRole('button', { name: 'Save condition' }).click();
    const alert = refused.getByRole('alert').filter({ hasText: 'The condition cannot be saved yet' });
    await alert
      .getByText('The condition of Q5 cannot be saved: "Marlboro" is not an option of Q3.', { exact: false })
      .waitFor();
    expect(await row.getByLabel('Value').inputValue()).toBe('Marlboro');
    await refused.getByRole('button', { name: 'Cancel' }).click();
    await refused.waitFor({ state: 'hidden' });
    const stored = await okJson<TQuestionCondition[]>(
      context.request.get(`/api/logic/conditions?campaignName=${table}`, { headers: setup.headers }),
    );
    expect(stored.map((c) => [c.qno, c.words])).toEqual([['Q3', WORDS]]);

    await page.getByRole('main').getByRole('link', { name: 'View Full CRM' }).click();
    await page.waitForURL('**/viewFullCRM?campaignName=*');
    const article = page.getByRole('article', { name: 'Q3. Which brands do you smoke?' });
    await expect
      .poll(() => article.getByLabel('Condition of Q3', { exact: true }).textContent())
      .toBe(`Show only if ${WORDS}`);

    // The agent: Chattogram answering No goes Q1 → Q2 → Q4, Q3 skipped (Q1 is not "Yes").
    const agent = await context.newPage();
    await signInAgentTo(agent, agentId, setup.campaign);
    await search(agent, LEADS.partial.typed);
    await survey(agent).getByRole('radio', { name: '2 No' }).check();
    await next(agent).click();
    await questionHeading(agent, 'Q2. Why not?').waitFor();
    await survey(agent).getByLabel('Answer to Q2').fill('Too expensive');
    await next(agent).click();
    await questionHeading(agent, 'Q4. Tell them who is calling.').waitFor();
    expect(await questionHeading(agent, 'Q3. Which brands do you smoke?').count()).toBe(0);

    // Sylhet answering Yes: the jump to Q3 lands past it (not Dhaka, Q2 not answered), on Q4.
    await searchDiscarding(agent, LEADS.keyboard.typed);
    await survey(agent).getByRole('radio', { name: '1 Yes' }).check();
    await next(agent).click();
    await questionHeading(agent, 'Q4. Tell them who is calling.').waitFor();

    // Dhaka answering Yes: Q3 is asked.
    await searchDiscarding(agent, LEADS.walk.typed);
    await survey(agent).getByRole('radio', { name: '1 Yes' }).check();
    await next(agent).click();
    await questionHeading(agent, 'Q3. Which brands do you smoke?').waitFor();
    await survey(agent).getByRole('checkbox', { name: '1 Gold Leaf' }).waitFor();
    expect(t.cspViolations).toEqual([]);
  });
});
