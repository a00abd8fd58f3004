// Quotas in Chromium at 1366×768 (docs/guide/quotas.md): the admin adds one on the logic management page; an agent's
// completed call fills it, and the agent's lookup of another lead in it then says "Quota full for …" with no survey.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SURVEY_MESSAGES } from '@crm/shared';
import { okJson, signInAsAdminAndWait } from './actions.ts';
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
} from './crm-support.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);

const quotaRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Quotas' }).getByRole('row').filter({ hasText: name });

describe('quotas', () => {
  it('adds a quota on the logic page; once an agent fills it, the lookup of a lead in it is refused with no survey', async () => {
    const { page, context } = t;
    const agentId = await createCrmAgent(t.baseUrl);
    const setup = await createCallCampaign(context.request, 'Quota Study');
    // A second Dhaka lead (the walk lead is the first), generated before the quota fills.
    const second = `+880138${String(Date.now()).slice(-7)}`;
    const table = encodeURIComponent(setup.campaign);
    await okJson(
      context.request.post(`/api/file/uploadCsv?tableName=${table}`, {
        headers: setup.headers,
        multipart: {
          file: {
            name: 'dhaka.csv',
            mimeType: 'text/csv',
            buffer: Buffer.from(
              `cell_number,data_date,respondent_name,region\n${second},2026-11-22,Second Dhaka,Dhaka\n`,
            ),
          },
        },
      }),
    );
    await okJson(
      context.request.post(`/dynamic/updateData?tableName=${table}&dataDate=2026-11-22&all=true`, {
        headers: setup.headers,
        data: {},
      }),
    );

    await signInAsAdminAndWait(page);
    await page.goto(`/logicManagement/${table}`);
    await page.getByRole('heading', { name: setup.campaign, level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Quotas' }).click();
    await page.getByText('No quotas: completed calls are not limited.').waitFor();
    const form = page.getByRole('form', { name: 'Add quota' });
    await form.getByRole('combobox', { name: /^Lead field/ }).selectOption('region');
    await form.getByLabel(/^Value/).fill('Dhaka');
    await form.getByLabel(/^Limit/).fill('1');
    const add = form.getByRole('button', { name: 'Add quota' });
    expect(inViewport(await boxOf(add))).toBe(true);
    await add.click();
    await quotaRow(page, 'region = Dhaka').getByText('0/1', { exact: true }).waitFor();
    expect(await quotaRow(page, 'region = Dhaka').getByText('Full').count()).toBe(0);

    // The agent completes the walk lead (Dhaka): Yes jumps to Q3, Gold Leaf ends the call as completed.
    const agent = await context.newPage();
    await signInAgentTo(agent, agentId, setup.campaign);
    await search(agent, LEADS.walk.typed);
    await survey(agent).getByRole('radio', { name: '1 Yes' }).check();
    await next(agent).click();
    await questionHeading(agent, 'Q3. Which brands do you smoke?').waitFor();
    await survey(agent).getByRole('checkbox', { name: '1 Gold Leaf' }).check();
    await next(agent).click();
    await saveEnd(agent);
    await expectReadyForNextNumber(agent, SURVEY_MESSAGES.ended);

    await page.reload();
    await page.getByRole('tab', { name: 'Quotas' }).click();
    await quotaRow(page, 'region = Dhaka').getByText('1/1', { exact: true }).waitFor();
    await quotaRow(page, 'region = Dhaka').getByText('Full', { exact: true }).waitFor();

    // The other Dhaka lead: refused with the quota, inside the window, and no question on screen.
    await search(agent, `0${second.slice(4)}`);
    const refusal = agent.getByRole('alert').filter({ hasText: 'Quota full for region = Dhaka' });
    await refusal.waitFor();
    expect(inViewport(await boxOf(refusal))).toBe(true);
    expect(await survey(agent).count()).toBe(0);
    expect(await agent.getByRole('heading', { name: /^Q\d+\./ }).count()).toBe(0);
    // A lead of another region still gets its survey.
    await search(agent, LEADS.keyboard.typed);
    await questionHeading(agent, 'Q1. Do you smoke?').waitFor();
  });
});
