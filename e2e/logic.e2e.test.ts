// Survey logic in Chromium: set a rule, see it in words, update it, clear it; the full CRM view for an admin and for the campaign's agent.
import { describe, expect, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { LOGIC_MESSAGES, type TQuestion } from '@crm/shared';
import { adminHeaders, signInAsAdminAndWait, signInAsAgent } from './actions.ts';
import { useBrowser } from './browser.ts';
import { AGENT } from './fixtures.ts';

const t = useBrowser();

/** A fresh campaign with its data table and three questions, made through the API (other test files share the database). */
async function createSurvey(
  request: APIRequestContext,
  label: string,
): Promise<{ campaign: string; questions: TQuestion[] }> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const campaign = `${label} ${stamp}`;
  const headers = await adminHeaders(request);
  expect(
    (
      await request.post('/cc/addCampaign', {
        headers,
        data: { campaignType: 'Outbound', campaignName: campaign, campaignId: `L-${stamp}`, callTarget: 40 },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await request.post('/dt/addDataTables', {
        headers,
        data: { campaignName: campaign, numberOfField: 1, columns: ['Outlet name'] },
      })
    ).status(),
  ).toBe(200);
  const added = await request.post('/questions/add', {
    headers,
    data: [
      {
        campaignId: campaign,
        title: 'Do you use mobile banking?',
        type: 'Select Option',
        options: 'Yes, No',
        instruction: 'Ask before the offer.',
      },
      { campaignId: campaign, title: 'Which service do you use?', type: 'Text Input' },
      { campaignId: campaign, title: 'Would you recommend it?', type: 'Select Option', options: 'Yes, No, Not sure' },
    ],
  });
  expect(added.status()).toBe(200);
  return { campaign, questions: (await added.json()) as TQuestion[] };
}

function card(page: Page, qno: string) {
  return page.getByRole('region', { name: qno, exact: true });
}

describe('logic', () => {
  it('sets a rule, shows it in words, updates it, shows it in the full CRM view, and clears it', async () => {
    const { page, context } = t;
    const { campaign } = await createSurvey(context.request, 'Bank Survey');

    await signInAsAdminAndWait(page);
    await page.goto('/logicSetting');
    await page.getByLabel('Search', { exact: true }).fill(campaign);
    await page.getByRole('link', { name: `Manage logic of ${campaign}` }).click();
    await page.getByRole('heading', { name: campaign, level: 1 }).waitFor();
    await card(page, 'Q1').getByText('No logic', { exact: false }).waitFor();

    await card(page, 'Q1').getByRole('link', { name: 'Set Logic of Q1' }).click();
    await page.waitForURL('**/setLogics?data=*');
    await page
      .getByRole('group', { name: 'Yes', exact: true })
      .getByLabel('Then')
      .selectOption({ label: 'Go to Q3. Would you recommend it?' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(LOGIC_MESSAGES.saved).waitFor();
    await page.waitForURL(`**/logicManagement/${encodeURIComponent(campaign)}`);
    await card(page, 'Q1').getByRole('listitem').filter({ hasText: 'Yes → Q3' }).waitFor();
    await card(page, 'Q2').getByRole('link', { name: 'Set Logic of Q2' }).waitFor();

    await card(page, 'Q1').getByRole('link', { name: 'Update Logic of Q1' }).click();
    await page.waitForURL('**/updateLogics?data=*');
    const yes = page.getByRole('group', { name: 'Yes', exact: true });
    // Update starts from the current rule.
    await expect.poll(() => yes.getByLabel('Then').inputValue()).toMatch(/^go:/);
    await yes.getByLabel('Then').selectOption({ label: 'End: completed call' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(LOGIC_MESSAGES.updated).waitFor();
    await card(page, 'Q1').getByRole('listitem').filter({ hasText: 'Yes → end, completed call' }).waitFor();
    expect(await card(page, 'Q1').getByRole('listitem').allTextContents()).toEqual(['Yes → end, completed call']);

    await page.getByRole('main').getByRole('link', { name: 'View Full CRM' }).click(); // the sidebar has one too
    await page.waitForURL('**/viewFullCRM?campaignName=*');
    const first = page.getByRole('article', { name: 'Q1. Do you use mobile banking?' });
    await first.getByText('Yes → end, completed call').waitFor();
    await first.getByText('Ask before the offer.').waitFor();
    await page.getByRole('article', { name: 'Q2. Which service do you use?' }).waitFor();
    await page.getByRole('article', { name: 'Q3. Would you recommend it?' }).getByText('Not sure').waitFor();

    await page.goBack();
    await card(page, 'Q1').getByRole('button', { name: 'Clear Logics of Q1' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(LOGIC_MESSAGES.cleared).waitFor();
    await card(page, 'Q1').getByRole('link', { name: 'Set Logic of Q1' }).waitFor();
    const stored = await context.request.get(
      `/api/logic/getAllCampaignLogic?campaignName=${encodeURIComponent(campaign)}`,
      { headers: await adminHeaders(context.request) },
    );
    expect(await stored.json()).toEqual([]);
  });

  it('warns when the rules make a loop the survey can never leave', async () => {
    const { page, context } = t;
    const { campaign, questions } = await createSurvey(context.request, 'Loop Check');
    const [q1, q2, q3] = questions;
    if (q1 === undefined || q2 === undefined || q3 === undefined) throw new Error('three questions expected');
    const headers = await adminHeaders(context.request);
    // Q2 (any answer) → Q3, and both answers of Q3 → Q2: once at Q2 the survey can never end.
    await context.request.post('/api/logic/setLogics', {
      headers,
      data: [{ questionId: q2.id, optionTitle: null, questionNoToShow: q3.id, isCompletedCall: null }],
    });
    await context.request.post('/api/logic/setLogics', {
      headers,
      data: ['Yes', 'No', 'Not sure'].map((optionTitle) => ({
        questionId: q3.id,
        optionTitle,
        questionNoToShow: q2.id,
        isCompletedCall: null,
      })),
    });

    await signInAsAdminAndWait(page);
    await page.goto(`/logicManagement/${encodeURIComponent(campaign)}`);
    await page.getByText(`${LOGIC_MESSAGES.endlessLoop} Q2 → Q3 → Q2`).waitFor();
  });

  it("shows an agent signed into the campaign that campaign's survey", async () => {
    const { page, context } = t;
    const { campaign, questions } = await createSurvey(context.request, 'Agent View');
    const [q1, , q3] = questions;
    if (q1 === undefined || q3 === undefined) throw new Error('three questions expected');
    await context.request.post('/api/logic/setLogics', {
      headers: await adminHeaders(context.request),
      data: [{ questionId: q1.id, optionTitle: 'No', questionNoToShow: null, isCompletedCall: 0 }],
    });

    await signInAsAgent(page, { agentId: AGENT.username, password: AGENT.password, campaign });
    await page.waitForURL('**/CRM*');
    await page.goto('/viewFullCRM');
    await page.getByRole('heading', { name: campaign, level: 1 }).waitFor();
    await page
      .getByRole('article', { name: 'Q1. Do you use mobile banking?' })
      .getByText('No → end, not completed')
      .waitFor();
    expect(await page.getByRole('article').count()).toBe(3);
    expect(await page.getByLabel('Campaign').count()).toBe(0);
  });
});
