// Lead fields in the question text, in Chromium: an admin saves a question naming {respondent_name} and {brand}, a
// question naming a column the campaign does not have is refused with the server's words, the agent's screen shows
// the lead's own values, and View Full CRM shows the placeholders highlighted.
import { describe, expect, it } from 'vitest';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { QUESTION_MESSAGES } from '@crm/shared';
import { adminHeaders, okJson, openCreateQuestions, signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';
import { createCrmAgent, search, signInAgentTo, survey } from './crm-support.ts';

const t = useBrowser();

const DATA_DATE = '2026-11-20';
const LEAD = {
  e164: '+8801712000777',
  typed: '01712000777',
  name: 'রহিম উদ্দিন',
  brand: 'Gold Leaf',
  outlet: 'Karim Store',
};

/** A fresh campaign (test files share the database) with an "Outlet name" column and one generated lead. */
async function createCampaignWithLead(request: APIRequestContext): Promise<string> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const campaign = `Lead Text ${stamp}`;
  const headers = await adminHeaders(request);
  await okJson(
    request.post('/cc/addCampaign', {
      headers,
      data: { campaignType: 'Outbound', campaignName: campaign, campaignId: `LT-${stamp}`, callTarget: 10 },
    }),
  );
  await okJson(
    request.post('/dt/addDataTables', {
      headers,
      data: { campaignName: campaign, numberOfField: 1, columns: ['Outlet name'] },
    }),
  );
  const csv = `cell_number,data_date,respondent_name,brand,Outlet name\r\n${LEAD.e164},${DATA_DATE},${LEAD.name},${LEAD.brand},${LEAD.outlet}\r\n`;
  await okJson(
    request.post(`/api/file/uploadCsv?tableName=${encodeURIComponent(campaign)}`, {
      headers,
      multipart: { file: { name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    }),
  );
  await okJson(
    request.post(`/dynamic/updateData?tableName=${encodeURIComponent(campaign)}&dataDate=${DATA_DATE}&all=true`, {
      headers,
      data: {},
    }),
  );
  return campaign;
}

/** Opens the create form for one question of the campaign. */
async function openCreateForm(page: Page, campaign: string): Promise<Locator> {
  await openCreateQuestions(page, campaign, 1);
  return page.getByRole('group', { name: 'Question 1' });
}

async function addOptions(card: Locator, options: string[]) {
  for (const option of options) {
    await card.getByLabel('New option').fill(option);
    await card.getByRole('button', { name: 'Add option' }).click();
  }
}

describe('lead fields in the question text', () => {
  it("saves {respondent_name}, refuses an unknown field, fills the lead's values for the agent and highlights them in View Full CRM", async () => {
    const { page, context } = t;
    const campaign = await createCampaignWithLead(context.request);
    const agentId = await createCrmAgent(t.baseUrl);

    await signInAsAdminAndWait(page);
    const card = await openCreateForm(page, campaign);
    await card.getByLabel('Type').selectOption('Select Option');
    await card.getByLabel('Title').fill('May I speak with {respondent_name}?');
    await addOptions(card, ['Yes {brand}', 'No']);
    await card.getByLabel('Instruction').fill('Ask for the owner of {Outlet name}.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(QUESTION_MESSAGES.saved).waitFor();
    await page.waitForURL('**/question');

    // A column the campaign does not have: refused with the server's words, and nothing stored.
    const refused = await openCreateForm(page, campaign);
    await refused.getByLabel('Type').selectOption('Text Input');
    await refused.getByLabel('Title').fill('Is {shop} open today?');
    await page.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('main').getByRole('alert').filter({ hasText: QUESTION_MESSAGES.saveFailed });
    await alert.getByText('Unknown lead field "{shop}" in the title of Q2', { exact: false }).waitFor();
    expect(await alert.textContent()).toContain('Outlet name');
    const stored = await okJson<{ title: string }[]>(
      context.request.get(`/questions/getToSetLogic/${encodeURIComponent(campaign)}`, {
        headers: await adminHeaders(context.request),
      }),
    );
    expect(stored.map((q) => q.title)).toEqual(['May I speak with {respondent_name}?']);

    // The agent, in a browser of their own, reads the lead's values.
    const agentContext = await context
      .browser()
      ?.newContext({ baseURL: t.baseUrl, viewport: { width: 1280, height: 800 } });
    if (agentContext === undefined) throw new Error('no browser');
    try {
      const agent = await agentContext.newPage();
      await signInAgentTo(agent, agentId, campaign);
      await search(agent, LEAD.typed);
      await survey(agent)
        .getByRole('heading', { name: `Q1. May I speak with ${LEAD.name}?`, level: 2 })
        .waitFor();
      await survey(agent)
        .getByRole('radio', { name: `1 Yes ${LEAD.brand}` })
        .waitFor();
      expect(await survey(agent).getByLabel('Instruction').textContent()).toBe(
        `Instruction: Ask for the owner of ${LEAD.outlet}.`,
      );
      expect(await survey(agent).textContent()).not.toMatch(/[{}]/);

      // View Full CRM: the survey as written, its placeholders highlighted.
      await agent.goto('/viewFullCRM');
      const article = agent.getByRole('article', { name: 'Q1. May I speak with {respondent_name}?' });
      const mark = article.locator('mark[data-placeholder="field"]', { hasText: 'respondent_name' });
      await mark.waitFor();
      const [markBackground, pageBackground] = await Promise.all([
        mark.evaluate((el) => getComputedStyle(el).backgroundColor),
        article.evaluate((el) => getComputedStyle(el).backgroundColor),
      ]);
      expect(markBackground).not.toBe(pageBackground);
      expect(markBackground).not.toBe('rgba(0, 0, 0, 0)');
      await article.locator('mark', { hasText: 'brand' }).waitFor();
      await article.locator('mark', { hasText: 'Outlet name' }).waitFor();
    } finally {
      await agentContext.close();
    }
    expect(t.cspViolations).toEqual([]);
  });
});
