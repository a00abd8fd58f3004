// Script payloads in every text field are shown as text, never run. Through the API (as an admin, the demo QC
// inspector and an agent) this file makes a campaign, an agent, a question (title, instruction, option), a lead, a
// QC record and a raised concern whose text is an <img onerror> and a <script> that would set window.__xss; then it
// opens each screen that shows them and checks the literal text is visible, no such element exists and
// window.__xss is still undefined.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type APIRequestContext, type Locator, type Page } from 'playwright-core';
import { bestScores, type TQcRecord, type TQuestion } from '@crm/shared';
import { adminHeaders, signInAsAdmin, signInAsAdminAndWait, signInAsAgent } from './actions.ts';
import { useBrowser } from './browser.ts';
import { QC } from './fixtures.ts';

const t = useBrowser();

const PAYLOAD = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';
const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
const CAMPAIGN = `XSS ${stamp} ${PAYLOAD}`;
const AGENT = { agentId: `XSS-${stamp}`, name: `${PAYLOAD} ${stamp}`, password: 'hostile-text-agent' };
const TITLE = `${PAYLOAD} title ${stamp}`;
const INSTRUCTION = `${PAYLOAD} instruction`;
const OPTION = `${PAYLOAD} option`;
const RESPONDENT = `${PAYLOAD} respondent`;
const SUGGESTION = `${PAYLOAD} suggestion ${stamp}`;
const COMMENT = `${PAYLOAD} comment ${stamp}`;
const CELL = { e164: `+88017${stamp}55`, local: `017${stamp}55` };
const CALL_DATE = '2021-08-17';
const DATA_DATE = '2021-08-17';

let api: APIRequestContext;
let record: TQcRecord;

async function ok<T>(response: Promise<Awaited<ReturnType<APIRequestContext['post']>>>): Promise<T> {
  const r = await response;
  expect(r.status(), await r.text()).toBe(200);
  return (await r.json()) as T;
}

const csvCell = (v: string) => `"${v.replace(/"/g, '""')}"`;

beforeAll(async () => {
  api = await request.newContext({ baseURL: t.baseUrl });
  const headers = await adminHeaders(api);
  await ok(
    api.post('/cc/addCampaign', {
      headers,
      data: { campaignType: 'Outbound', campaignName: CAMPAIGN, campaignId: `XSS-${stamp}`, callTarget: 10 },
    }),
  );
  await ok(
    api.post('/api/ac/addAgent', {
      headers,
      data: { type: 'Virtual', name: AGENT.name, agentId: AGENT.agentId, password: AGENT.password },
    }),
  );
  await ok<TQuestion[]>(
    api.post('/questions/add', {
      headers,
      data: [
        {
          campaignId: CAMPAIGN,
          title: TITLE,
          type: 'Select Option',
          options: `${OPTION}, Plain option`,
          instruction: INSTRUCTION,
          optionalValue: 'Respondent',
        },
      ],
    }),
  );
  const csv = `cell_number,data_date,respondent_name\r\n${CELL.e164},${DATA_DATE},${csvCell(RESPONDENT)}\r\n`;
  await ok(
    api.post(`/api/file/uploadCsv?tableName=${encodeURIComponent(CAMPAIGN)}`, {
      headers,
      multipart: { file: { name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    }),
  );
  await ok(
    api.post(`/dynamic/updateData?tableName=${encodeURIComponent(CAMPAIGN)}&dataDate=${DATA_DATE}&all=true`, {
      headers,
      data: {},
    }),
  );

  const qcSignIn = await ok<{ jwtToken: string }>(
    api.post('/api/auth/signInSuperAdmin', { data: { username: QC.username, password: QC.password } }),
  );
  const qcHeaders = { Authorization: `Bearer ${qcSignIn.jwtToken}` };
  record = await ok<TQcRecord>(
    api.post('/api/qcReport/add', {
      headers: qcHeaders,
      data: {
        callDate: CALL_DATE,
        agentId: AGENT.agentId,
        campaignName: CAMPAIGN,
        consumerNumber: CELL.local,
        duration: 40,
        ...bestScores(),
        fatalReason: PAYLOAD,
        easVoiceMatchedWithReport: 'yes',
        suggestion: SUGGESTION,
      },
    }),
  );
  const agentSignIn = await ok<{ jwtToken: string }>(
    api.post('/api/auth/signInAgent', {
      data: { username: AGENT.agentId, password: AGENT.password, shift: 'Morning', campaign: CAMPAIGN },
    }),
  );
  await ok(
    api.post('/api/qcReport/submit', {
      headers: { Authorization: `Bearer ${agentSignIn.jwtToken}` },
      data: { qcId: record.id, agreed: 'No', raiseConcern: true, comment: COMMENT },
    }),
  );
});

afterAll(async () => {
  await api?.dispose();
});

/** Nothing of the payload ran or became an element. */
async function expectInert(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(
    await page
      .locator('script:not([src])')
      .evaluateAll((scripts) => scripts.filter((s) => s.textContent?.includes('__xss')).length),
  ).toBe(0);
}

/** The text shows exactly as written somewhere inside `scope`. */
async function expectLiteral(scope: Locator | Page, text: string): Promise<void> {
  await scope.getByText(text, { exact: false }).first().waitFor();
}

async function searchList(page: Page, path: string, term: string): Promise<Locator> {
  await page.goto(path);
  await page.getByRole('textbox', { name: 'Search' }).fill(term);
  const row = page.getByRole('row').filter({ hasText: term });
  await row.first().waitFor();
  return row.first();
}

describe('script payloads are shown as text', () => {
  it('on the admin screens: campaigns (and the delete question), agents, questions, the full CRM view', async () => {
    const { page } = t;
    await signInAsAdminAndWait(page);

    const campaignRow = await searchList(page, '/campaign', `XSS ${stamp}`);
    await expectLiteral(campaignRow, CAMPAIGN);
    await expectInert(page);
    await campaignRow.getByRole('button', { name: `Delete ${CAMPAIGN}` }).click();
    const dialog = page.getByRole('dialog');
    await expectLiteral(dialog, CAMPAIGN);
    await expectInert(page);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    const agentRow = await searchList(page, '/agents', AGENT.agentId);
    await expectLiteral(agentRow, AGENT.name);
    await expectInert(page);

    const questionRow = await searchList(page, '/question', stamp);
    await expectLiteral(questionRow, TITLE);
    await expectInert(page);

    await page.goto(`/viewFullCRM?campaignName=${encodeURIComponent(CAMPAIGN)}`);
    await expectLiteral(page, TITLE);
    await expectLiteral(page, OPTION);
    await expectInert(page);
  });

  it("on the agent's survey: the campaign, the lead, the question, its instruction and options", async () => {
    const { page } = t;
    await signInAsAgent(page, {
      agentId: AGENT.agentId,
      password: AGENT.password,
      campaign: CAMPAIGN,
      shift: 'Morning',
    });
    await page.waitForURL('**/CRM*');
    await page.getByRole('heading', { name: CAMPAIGN, level: 1 }).waitFor();
    await page.getByLabel('Cell number').fill(CELL.local);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const survey = page.getByRole('region', { name: 'Survey' });
    await survey.getByRole('heading', { name: `Q1. ${TITLE}`, level: 2 }).waitFor();
    await expectLiteral(survey, INSTRUCTION);
    await expectLiteral(survey, OPTION);
    await expectLiteral(page.getByRole('region', { name: 'Lead details' }), RESPONDENT);
    await expectInert(page);

    await page.goto('/agent-performance');
    const row = page.getByRole('row').filter({ hasText: CELL.e164.slice(-8) });
    await row.first().waitFor();
    await expectLiteral(row.first(), SUGGESTION);
    await expectLiteral(row.first(), COMMENT);
    await expectInert(page);
  });

  it('on the QC screens: in-house records and raised flags', async () => {
    const { page } = t;
    await signInAsAdmin(page, QC.username, QC.password);
    await page.waitForURL('**/qcChecking');

    const recordRow = await searchList(page, '/viewQcReports', AGENT.agentId);
    await expectLiteral(recordRow, AGENT.name);
    await expectLiteral(recordRow, SUGGESTION);
    await expectInert(page);

    await page.goto('/flag-raised');
    await page.getByRole('heading', { name: 'Concerned List' }).waitFor();
    const flagRow = page.getByRole('row').filter({ hasText: COMMENT });
    await flagRow.first().waitFor();
    await expectLiteral(flagRow.first(), SUGGESTION);
    await expectInert(page);
  });
});
