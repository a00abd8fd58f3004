// Survey questions as an administrator makes them in Chromium: create three, see them numbered, edit one whose options rules use, delete one.
import { describe, expect, it } from 'vitest';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { QUESTION_MESSAGES, type TNewQuestionInput, type TQuestion } from '@crm/shared';
import { adminHeaders, openCreateQuestions, signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';

const t = useBrowser();

/** A fresh active campaign with its data table, made through the API (other test files share the database). */
async function createCampaign(request: APIRequestContext, label: string): Promise<string> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const name = `${label} ${stamp}`;
  const headers = await adminHeaders(request);
  const campaign = await request.post('/cc/addCampaign', {
    headers,
    data: { campaignType: 'Outbound', campaignName: name, campaignId: `Q-${stamp}`, callTarget: 30 },
  });
  expect(campaign.status()).toBe(200);
  const table = await request.post('/dt/addDataTables', {
    headers,
    data: { campaignName: name, numberOfField: 1, columns: ['Outlet name'] },
  });
  expect(table.status()).toBe(200);
  return name;
}

async function addQuestions(request: APIRequestContext, questions: TNewQuestionInput[]): Promise<TQuestion[]> {
  const r = await request.post('/questions/add', { headers: await adminHeaders(request), data: questions });
  expect(r.status()).toBe(200);
  return (await r.json()) as TQuestion[];
}

async function storedQuestions(request: APIRequestContext, campaignName: string): Promise<TQuestion[]> {
  const r = await request.get(`/questions/getToSetLogic/${encodeURIComponent(campaignName)}`, {
    headers: await adminHeaders(request),
  });
  return (await r.json()) as TQuestion[];
}

async function addOptions(card: Locator, options: string[]) {
  for (const option of options) {
    await card.getByLabel('New option').fill(option);
    await card.getByRole('button', { name: 'Add option' }).click();
  }
}

/** The first four cells (Qno, Title, Type, Options) of the campaign's rows, once the search has answered. */
async function listedRows(page: Page, campaignName: string): Promise<string[][]> {
  const rows = page.getByRole('table', { name: 'Question List' }).getByRole('row').filter({ hasText: campaignName });
  const texts: string[][] = [];
  for (const row of await rows.all()) texts.push((await row.getByRole('cell').allTextContents()).slice(0, 4));
  return texts;
}

describe('questions', () => {
  it('creates three questions for a campaign and lists them as Q1, Q2 and Q3', async () => {
    const { page, context } = t;
    const campaign = await createCampaign(context.request, 'Smoker Survey');

    await signInAsAdminAndWait(page);
    await openCreateQuestions(page, campaign, 3);
    expect(await page.getByLabel('Campaign').isDisabled()).toBe(true);

    const first = page.getByRole('group', { name: 'Question 1' });
    await first.getByLabel('Type').selectOption('Select Option');
    await first.getByLabel('Title').fill('Do you smoke?');
    await addOptions(first, ['Yes', 'No']);
    await first.getByLabel('Optional value').selectOption('Respondent');
    await first.getByLabel('Instruction').fill('Ask the respondent by name.');
    const second = page.getByRole('group', { name: 'Question 2' });
    await second.getByLabel('Type').selectOption('Text Input');
    await second.getByLabel('Title').fill('Which brand do you smoke?');
    const third = page.getByRole('group', { name: 'Question 3' });
    await third.getByLabel('Type').selectOption('Number');

    // The third card has no title yet: nothing is sent.
    await page.getByRole('button', { name: 'Save' }).click();
    await third.getByText('Title is required').waitFor();
    const invalid = page.getByRole('alert').filter({ hasText: 'Form is invalid' });
    await invalid.first().waitFor();
    expect(await storedQuestions(context.request, campaign)).toEqual([]);
    // The notice sits bottom-right, over the Save button, and stays while hovered: close it as a person would.
    await invalid.first().locator('button').click();
    await invalid.first().waitFor({ state: 'detached' });

    await third.getByLabel('Title').fill('How many sticks a day?');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(QUESTION_MESSAGES.saved).waitFor();
    await page.waitForURL('**/question');

    await page.getByLabel('Search', { exact: true }).fill(campaign);
    await expect
      .poll(() => listedRows(page, campaign))
      .toEqual([
        ['Q1', 'Do you smoke?', 'Select Option', 'Yes, No'],
        ['Q2', 'Which brand do you smoke?', 'Text Input', '—'],
        ['Q3', 'How many sticks a day?', 'Number', '—'],
      ]);
    // The campaign filter: only this campaign's rows, paged by the server, and the choice kept in the address.
    await page.getByLabel('Search', { exact: true }).fill('');
    await page.getByRole('main').getByLabel('Campaign', { exact: true }).selectOption(campaign);
    await page.waitForURL(/\/question\?campaign=/);
    const table = page.getByRole('table', { name: 'Question List' });
    // Every row of the table (the header and three questions) is this campaign's.
    await expect
      .poll(async () => ({
        rows: (await table.getByRole('row').all()).length,
        ours: (await listedRows(page, campaign)).map((row) => row[0]),
      }))
      .toEqual({ rows: 4, ours: ['Q1', 'Q2', 'Q3'] });

    const stored = await storedQuestions(context.request, campaign);
    expect(stored.map((q) => [q.qno, q.optionalValue, q.instruction])).toEqual([
      ['Q1', 'Respondent', 'Ask the respondent by name.'],
      ['Q2', null, null],
      ['Q3', null, null],
    ]);
  });

  it('warns before removing an option a rule uses, saves anyway, and deletes a question saying how many rules go with it', async () => {
    const { page, context } = t;
    const campaign = await createCampaign(context.request, 'Brand Recall');
    const [q1, q2, q3] = await addQuestions(context.request, [
      { campaignId: campaign, title: 'Did you see our billboard?', type: 'Select Option', options: 'Yes, No' },
      { campaignId: campaign, title: 'Where did you see it?', type: 'Text Input' },
      { campaignId: campaign, title: 'Any comments?', type: 'Textarea' },
    ]);
    if (q1 === undefined || q2 === undefined || q3 === undefined) throw new Error('three questions expected');
    const rules = await context.request.post('/api/logic/setLogics', {
      headers: await adminHeaders(context.request),
      data: [
        { questionId: q1.id, optionTitle: 'Yes', questionNoToShow: q2.id, isCompletedCall: null },
        { questionId: q1.id, optionTitle: 'No', questionNoToShow: q3.id, isCompletedCall: null },
      ],
    });
    expect(rules.status()).toBe(200);

    await signInAsAdminAndWait(page);
    await page.goto(`/editQuestion/${q1.id}`);
    await page.getByRole('button', { name: 'Remove option No' }).click();
    await addOptions(page.getByRole('main'), ['Sometimes']);
    await page.getByLabel('Title').fill('Did you see our new billboard?');
    await page.getByRole('button', { name: 'Save' }).click();
    const warning = page.getByRole('alert').filter({ hasText: 'These rules use options you removed' });
    await warning.getByText('No → Q3').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/editQuestion/${q1.id}`);

    await warning.getByRole('button', { name: 'Save anyway' }).click();
    await page.getByText(QUESTION_MESSAGES.updated).waitFor();
    await page.waitForURL('**/question');
    const stored = (await storedQuestions(context.request, campaign)).find((q) => q.id === q1.id);
    expect([stored?.title, stored?.options]).toEqual(['Did you see our new billboard?', 'Yes, Sometimes']);

    await page.getByLabel('Search', { exact: true }).fill(campaign);
    await page.getByRole('button', { name: `Delete Q2 of ${campaign}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText("Do you really want to delete Q2's record? 1 logic rule goes with it. This process cannot be undone!")
      .waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`Q2 of ${campaign} deleted, with 1 logic rule.`).waitFor();
    await expect.poll(async () => (await listedRows(page, campaign)).map((r) => r[0])).toEqual(['Q1', 'Q3']);
  });
});
