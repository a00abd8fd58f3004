// Steps the CRM browser tests share: an agent, a campaign with a branching survey and generated leads, signing in
// to it, searching a number, and the survey's parts.
import { expect } from 'vitest';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import type { TLead, TQuestion } from '@crm/shared';
import { adminHeaders, signInAsAgent } from './actions.ts';

export const DATA_DATE = '2026-11-20';
export const AGENT_PASSWORD = 'crm-agent-pass';
export const AGENT_NAME = 'Shirin Akter';

/** Leads of every test's campaign: the first three generated, the last uploaded only. */
export const LEADS = {
  walk: { e164: '+8801712345678', typed: '017 1234-5678' },
  partial: { e164: '+8801812345679', typed: '8801812345679' },
  keyboard: { e164: '+8801912345670', typed: '01912345670' },
  fresh: { e164: '+8801512345671', typed: '01512345671' },
};
const CSV = [
  'cell_number,data_date,respondent_name,region,area,territory,brand,br_id,target_selector,data_status,Outlet name',
  `${LEADS.walk.e164},${DATA_DATE},Rahim Uddin,Dhaka,Mirpur 10,Mirpur,Gold Leaf,BR-1,Retailer,valid,Karim Store`,
  `${LEADS.partial.e164},${DATA_DATE},Fatema Begum,Chattogram,Agrabad,Double Mooring,Benson,BR-2,Retailer,valid,Fatema Traders`,
  `${LEADS.keyboard.e164},${DATA_DATE},Alam Mia,Sylhet,Zindabazar,Sylhet Sadar,Marlboro,BR-1,Consumer,valid,Alam Shop`,
].join('\r\n');

export type TCallCampaign = { campaign: string; questions: TQuestion[]; headers: Record<string, string> };

/** An agent of the calling file's own (test files share the database), so the Agent optional value has a known name. */
export async function createCrmAgent(baseUrl: string): Promise<string> {
  const context = await request.newContext({ baseURL: baseUrl });
  const agentId = `CRM-${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const added = await context.post('/api/ac/addAgent', {
    headers: await adminHeaders(context),
    data: { type: 'Physical', name: AGENT_NAME, agentId, password: AGENT_PASSWORD },
  });
  expect(added.status(), await added.text()).toBe(200);
  await context.dispose();
  return agentId;
}

/**
 * A fresh campaign (test files share the database) with a data table, five questions and two rules:
 * Q1 Select (Yes → Q3, a jump over Q2), Q2 Text Input, Q3 Multi Select (Gold Leaf → end, a completed call),
 * Q4 Plain Text, Q5 Textarea; three generated leads and one only uploaded.
 */
export async function createCallCampaign(request: APIRequestContext, label: string): Promise<TCallCampaign> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const campaign = `${label} ${stamp}`;
  const headers = await adminHeaders(request);
  const ok = async (response: ReturnType<APIRequestContext['post']>) => {
    const r = await response;
    expect(r.status(), await r.text()).toBe(200);
    return r;
  };
  await ok(
    request.post('/cc/addCampaign', {
      headers,
      data: { campaignType: 'Outbound', campaignName: campaign, campaignId: `CRM-${stamp}`, callTarget: 40 },
    }),
  );
  await ok(
    request.post('/dt/addDataTables', {
      headers,
      data: { campaignName: campaign, numberOfField: 1, columns: ['Outlet name'] },
    }),
  );
  const added = await ok(
    request.post('/questions/add', {
      headers,
      data: [
        {
          campaignId: campaign,
          title: 'Do you smoke?',
          type: 'Select Option',
          options: 'Yes, No, Maybe',
          optionalValue: 'Respondent',
          instruction: 'Greet the respondent by name first.',
        },
        { campaignId: campaign, title: 'Why not?', type: 'Text Input' },
        {
          campaignId: campaign,
          title: 'Which brands do you smoke?',
          type: 'Multi Select Option',
          options: 'Gold Leaf, Benson, Marlboro',
        },
        { campaignId: campaign, title: 'Tell them who is calling.', type: 'Plain Text', optionalValue: 'Agent' },
        { campaignId: campaign, title: 'Anything else?', type: 'Textarea' },
      ],
    }),
  );
  const questions = (await added.json()) as TQuestion[];
  const [q1, , q3] = questions;
  if (q1 === undefined || q3 === undefined) throw new Error('five questions expected');
  await ok(
    request.post('/api/logic/setLogics', {
      headers,
      data: [{ questionId: q1.id, optionTitle: 'Yes', questionNoToShow: q3.id, isCompletedCall: null }],
    }),
  );
  await ok(
    request.post('/api/logic/setLogics', {
      headers,
      data: [{ questionId: q3.id, optionTitle: 'Gold Leaf', questionNoToShow: null, isCompletedCall: 1 }],
    }),
  );
  await ok(
    request.post(`/api/file/uploadCsv?tableName=${encodeURIComponent(campaign)}`, {
      headers,
      multipart: { file: { name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) } },
    }),
  );
  // The fresh lead comes in a second upload on another date, so generating the first date leaves it fresh.
  await ok(
    request.post(`/api/file/uploadCsv?tableName=${encodeURIComponent(campaign)}`, {
      headers,
      multipart: {
        file: {
          name: 'fresh.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(`cell_number,data_date,respondent_name\n${LEADS.fresh.e164},2026-11-21,Nasrin\n`),
        },
      },
    }),
  );
  await ok(
    request.post(`/dynamic/updateData?tableName=${encodeURIComponent(campaign)}&dataDate=${DATA_DATE}&all=true`, {
      headers,
      data: {},
    }),
  );
  return { campaign, questions, headers };
}

/** The lead as the server stores it now (the admin's lookup). */
export async function storedLead(request: APIRequestContext, setup: TCallCampaign, cellNumber: string): Promise<TLead> {
  const r = await request.get('/api/ap/getByNumber', {
    headers: setup.headers,
    params: { tableName: setup.campaign, cellNumber },
  });
  expect(r.status()).toBe(200);
  return (await r.json()) as TLead;
}

export async function signInAgentTo(page: Page, agentId: string, campaign: string) {
  await signInAsAgent(page, { agentId, password: AGENT_PASSWORD, campaign });
  await page.waitForURL('**/CRM*');
  await page.getByRole('heading', { name: campaign, level: 1 }).waitFor();
}

export async function search(page: Page, cellNumber: string) {
  await page.getByLabel('Cell number').fill(cellNumber);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

export const survey = (page: Page) => page.getByRole('region', { name: 'Survey' });
export const questionHeading = (page: Page, name: string) => survey(page).getByRole('heading', { name, level: 2 });
export const next = (page: Page) => survey(page).getByRole('button', { name: 'Next', exact: true });
export const back = (page: Page) => survey(page).getByRole('button', { name: 'Back', exact: true });
export const endOfCall = (page: Page) => page.getByRole('region', { name: 'End of call' });

/**
 * The disposition step by keyboard: a number key chooses (none: the one chosen for the agent, a completed survey's
 * Completed), Enter saves.
 */
export async function saveEnd(page: Page, key?: string) {
  await endOfCall(page).waitFor();
  // The step puts the focus on its choice: keys go there.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[aria-label="End of call"]') !== null))
    .toBe(true);
  if (key !== undefined) await page.keyboard.press(key);
  await page.keyboard.press('Enter');
}

/** Partial Call's step: the callback disposition chosen for the agent, "in 1 h" (H), Enter. */
export async function parkWithCallback(page: Page) {
  await saveEnd(page, 'h');
}

export async function expectReadyForNextNumber(page: Page, message: string) {
  await page.getByRole('status').filter({ hasText: message }).waitFor();
  await expect
    .poll(() =>
      page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? ''),
    )
    .toContain('Cell number');
  expect(await page.getByLabel('Cell number').inputValue()).toBe('');
  expect(await survey(page).count()).toBe(0);
}

/** Fatema's call to Q3: Maybe, then "Too expensive"; waits (unless told not to) until the server keeps it as a draft. */
export async function callToQ3(page: Page, { waitForDraft = true }: { waitForDraft?: boolean } = {}) {
  await search(page, LEADS.partial.typed);
  await survey(page).getByRole('radio', { name: '3 Maybe' }).check();
  await next(page).click();
  await questionHeading(page, 'Q2. Why not?').waitFor();
  await survey(page).getByLabel('Answer to Q2').fill('Too expensive');
  await next(page).click();
  await questionHeading(page, 'Q3. Which brands do you smoke?').waitFor();
  if (waitForDraft) await survey(page).getByRole('status').filter({ hasText: 'Answers kept as a draft' }).waitFor();
}
