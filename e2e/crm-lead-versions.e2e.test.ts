// No silent overwrites, in Chromium: two agents in two browsers open the same lead; A saves, then B's save is refused
// with who saved it and when, B's answers stay on screen, and a new search lets B save. The QC panel's lead card then
// shows the lead's answer history to an admin.
import { beforeAll, describe, expect, it } from 'vitest';
import { request, type APIRequestContext, type BrowserContext, type Page } from 'playwright-core';
import { SURVEY_MESSAGES, type TLead, type TLeadAnswerHistoryEntry } from '@crm/shared';
import { adminHeaders, signInAsAdminAndWait, signInAsAgent } from './actions.ts';
import { useBrowser } from './browser.ts';
import { saveEnd } from './crm-support.ts';

const t = useBrowser();

const DATA_DATE = '2026-11-20';
const PASSWORD = 'versions-quiet-pass';
const LEAD = { e164: '+8801712349876', typed: '01712349876' };
const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const CAMPAIGN = `Versions Study ${stamp}`;
const AGENT_A = `VA-${stamp}`;
const AGENT_B = `VB-${stamp}`;
let headers: Record<string, string> = {};

/** A campaign of this file's own with two questions (Q1 Select, Q2 Textarea) and one generated lead; two agents. */
beforeAll(async () => {
  const api = await request.newContext({ baseURL: t.baseUrl });
  headers = await adminHeaders(api);
  const ok = async (response: ReturnType<APIRequestContext['post']>) => {
    const r = await response;
    expect(r.status(), await r.text()).toBe(200);
  };
  await ok(
    api.post('/cc/addCampaign', {
      headers,
      data: { campaignType: 'Outbound', campaignName: CAMPAIGN, campaignId: `VER-${stamp}`, callTarget: 10 },
    }),
  );
  await ok(
    api.post('/dt/addDataTables', {
      headers,
      data: { campaignName: CAMPAIGN, numberOfField: 1, columns: ['Outlet name'] },
    }),
  );
  await ok(
    api.post('/questions/add', {
      headers,
      data: [
        { campaignId: CAMPAIGN, title: 'Did you buy it?', type: 'Select Option', options: 'Yes, No' },
        { campaignId: CAMPAIGN, title: 'Notes', type: 'Textarea' },
      ],
    }),
  );
  const csv = `cell_number,data_date,respondent_name,Outlet name\r\n${LEAD.e164},${DATA_DATE},Rahim Uddin,Karim Store\r\n`;
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
  for (const [agentId, name] of [
    [AGENT_A, 'Agent Alpha'],
    [AGENT_B, 'Agent Beta'],
  ] as const) {
    await ok(api.post('/api/ac/addAgent', { headers, data: { type: 'Physical', name, agentId, password: PASSWORD } }));
  }
  await api.dispose();
});

const survey = (page: Page) => page.getByRole('region', { name: 'Survey' });
const next = (page: Page) => survey(page).getByRole('button', { name: 'Next', exact: true });

async function openLead(page: Page, agentId: string) {
  await signInAsAgent(page, { agentId, password: PASSWORD, campaign: CAMPAIGN });
  await page.waitForURL('**/CRM*');
  await searchLead(page);
}

async function searchLead(page: Page) {
  await page.getByLabel('Cell number').fill(LEAD.typed);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** Answers both questions; the last Next ends the survey (not completed), and Not interested (key 2) saves it. */
async function answerAndEnd(page: Page, choice: '1 Yes' | '2 No', notes: string) {
  await survey(page).getByRole('heading', { name: 'Q1. Did you buy it?', level: 2 }).waitFor();
  await survey(page).getByRole('radio', { name: choice }).check();
  await next(page).click();
  await survey(page).getByLabel('Answer to Q2').fill(notes);
  await next(page).click();
  await saveEnd(page, '2');
}

async function storedLead(api: APIRequestContext): Promise<TLead> {
  const r = await api.get('/api/ap/getByNumber', { headers, params: { tableName: CAMPAIGN, cellNumber: LEAD.e164 } });
  expect(r.status()).toBe(200);
  return (await r.json()) as TLead;
}

describe('two agents saving the same lead', () => {
  it("refuses the second save with who saved it and when, keeps B's answers on screen, and saves them after a new search", async () => {
    const pageA = t.page;
    const browser = t.context.browser();
    if (browser === null) throw new Error('no browser');
    const contextB: BrowserContext = await browser.newContext({
      baseURL: t.baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    contextB.setDefaultTimeout(15_000);
    try {
      const pageB = await contextB.newPage();
      await openLead(pageA, AGENT_A);
      await openLead(pageB, AGENT_B);
      await survey(pageA).getByRole('heading', { name: 'Q1. Did you buy it?', level: 2 }).waitFor();
      await survey(pageB).getByRole('heading', { name: 'Q1. Did you buy it?', level: 2 }).waitFor();

      await answerAndEnd(pageA, '1 Yes', 'A: bought two packs');
      await pageA.getByRole('status').filter({ hasText: SURVEY_MESSAGES.ended }).waitFor();

      await answerAndEnd(pageB, '2 No', 'B: not interested');
      const refusal = pageB.getByRole('alert').filter({ hasText: 'The answers were not saved' });
      await refusal.waitFor();
      expect(await refusal.innerText()).toMatch(
        new RegExp(
          `This lead was saved by ${AGENT_A} at (\\d{4}-\\d{2}-\\d{2} )?\\d{2}:\\d{2}\\. Search the number again to see their answers\\.`,
        ),
      );
      // B's answers are still on screen: the notes typed, and Q1's No among the answers so far.
      expect(await survey(pageB).getByLabel('Answer to Q2').inputValue()).toBe('B: not interested');
      expect(
        await survey(pageB).getByRole('list', { name: 'Answers so far' }).getByRole('listitem').allInnerTexts(),
      ).toEqual(['Q1. Did you buy it? — No']);
      expect(await pageB.getByRole('button', { name: 'Retry save' }).count()).toBe(0);

      // The lead holds A's answers, and its history A's one save.
      const api = await request.newContext({ baseURL: t.baseUrl });
      try {
        const stored = await storedLead(api);
        expect(stored).toMatchObject({ Q1: 'Yes', Q2: 'A: bought two packs', version: 1 });
        const history = await api.get(`/api/ap/answerHistory/${String(stored.id)}`, { headers });
        expect(((await history.json()) as TLeadAnswerHistoryEntry[]).map((h) => h.agentId)).toEqual([AGENT_A]);

        // Searched again (after saying the answers may go), B works from A's save and B's save is taken.
        await searchLead(pageB);
        await pageB.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
        await answerAndEnd(pageB, '2 No', 'B: changed their mind');
        await pageB.getByRole('status').filter({ hasText: SURVEY_MESSAGES.ended }).waitFor();
        expect(await storedLead(api)).toMatchObject({ Q1: 'No', Q2: 'B: changed their mind', version: 2 });
      } finally {
        await api.dispose();
      }
    } finally {
      await contextB.close();
    }
  });

  // After the test above: its three saves (one refused) are this lead's history.
  it("shows an admin the lead's answer history on the QC panel's lead card", async () => {
    const { page } = t;
    await signInAsAdminAndWait(page);
    await page.goto('/qcChecking');
    await page.getByLabel('Campaign').selectOption(CAMPAIGN);
    await page.getByLabel('Consumer number').fill(LEAD.typed);
    await page.getByLabel('Call date').fill(DATA_DATE);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const history = page.getByRole('region', { name: 'Answer history' });
    // Each save's first cell names its time and its agent.
    await history.getByRole('row').filter({ hasText: AGENT_A }).waitFor();
    const rows = history.getByRole('row');
    // Newest first: B's save after the new search, then A's (the refused save left none).
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(1).innerText()).toContain(AGENT_B);
    expect(await rows.nth(1).innerText()).toContain('Q1: No · Q2: B: changed their mind');
    expect(await rows.nth(2).innerText()).toContain(AGENT_A);
    expect(await rows.nth(2).innerText()).toContain('Q1: Yes · Q2: A: bought two packs');
  });
});
