// The QC panel in Chromium, as the demo QC inspector: a generated demo lead's call found by campaign, number and date,
// its recording played and ticked, both columns scored and submitted (checked through the API: server totals, grades,
// the linked recording); the tick before a recording has loaded and after another is chosen; the search's required
// fields; and the correction of a lead answer.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import { sql } from 'kysely';
import { GENERATED_FOR_D, QC_MESSAGES, type TLead, type TPaged, type TQcClientReport, type TQcReport } from '@crm/shared';
import { createKysely } from '../apps/server/src/db/database.ts';
import type { Db } from '../apps/server/src/db/schema.ts';
import { signInAsAdmin } from './actions.ts';
import { useBrowser } from './browser.ts';
import { CAMPAIGN, QC } from './fixtures.ts';
import { vicidialRecordingName, writeRecording } from './recordings.ts';

const t = useBrowser();

// A call date of this file's own: no other test's recordings or QC records fall on it.
const CALL_DATE = '2021-10-14';
const AGENT = { agentId: 'AG-1001', name: 'Karim Hossain' };
const OTHER_AGENT_ID = 'AG-1002';

type TDemoLead = { e164: string; local: string; answers: Record<string, string> };

let db: Db;
let api: APIRequestContext;
let qcHeaders: Record<string, string>;
/** The scored call's lead, and another whose answer is corrected. */
let scored: TDemoLead;
let corrected: TDemoLead;
let firstRecording = '';
let secondRecording = '';

/** Called, answered generated leads of the demo campaign, newest first; `skip` keeps clear of the ones other files pick first. */
async function demoLeads(count: number, skip: number): Promise<TDemoLead[]> {
  const rows = await db
    .selectFrom('leads')
    .innerJoin('campaigns', 'campaigns.id', 'leads.campaignId')
    .select(['leads.cellNumber', 'leads.answers'])
    .where('campaigns.campaignName', '=', CAMPAIGN)
    .where('leads.forD', '=', GENERATED_FOR_D)
    .where('leads.isCalled', '=', 1)
    .where(sql<boolean>`leads.answers ? 'Q2'`)
    .orderBy('leads.id', 'desc')
    .offset(skip)
    .limit(count)
    .execute();
  if (rows.length < count) throw new Error(`The demo data has too few called leads of ${CAMPAIGN}`);
  return rows.map((r) => ({ e164: r.cellNumber, local: r.cellNumber.replace(/^\+880/, '0'), answers: r.answers }));
}

beforeAll(async () => {
  db = createKysely(inject('databaseUrl'), 2);
  [scored, corrected] = (await demoLeads(2, 40)) as [TDemoLead, TDemoLead];
  api = await request.newContext({ baseURL: t.baseUrl });
  const signIn = await api.post('/api/auth/signInSuperAdmin', { data: { username: QC.username, password: QC.password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  qcHeaders = { Authorization: `Bearer ${((await signIn.json()) as { jwtToken: string }).jwtToken}` };

  firstRecording = vicidialRecordingName({ date: CALL_DATE, time: '10:15:00', number: scored.local, agentId: AGENT.agentId });
  secondRecording = vicidialRecordingName({ date: CALL_DATE, time: '10:40:00', number: scored.local, agentId: OTHER_AGENT_ID });
  await writeRecording(CALL_DATE, firstRecording, 4);
  await writeRecording(CALL_DATE, secondRecording, 3);
});

afterAll(async () => {
  await api?.dispose();
  await db?.destroy();
});

async function openPanel(page: Page) {
  await signInAsAdmin(page, QC.username, QC.password);
  await page.waitForURL('**/qcChecking');
  await page.getByRole('heading', { name: 'QC Panel', level: 1 }).waitFor();
}

async function search(page: Page, number: string, date = CALL_DATE) {
  await page.getByLabel('Campaign').selectOption(CAMPAIGN);
  await page.getByLabel('Consumer number').fill(number);
  await page.getByLabel('Call date').fill(date);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

const notification = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const tick = (page: Page) => page.getByRole('button', { name: 'Successful call', exact: true });
const records = (page: Page) => page.getByRole('region', { name: 'Call Records' });

/** Chooses a recording and waits until the player knows its length. */
async function play(page: Page, fileName: string, seconds: number) {
  await records(page).getByRole('button', { name: `Play ${fileName}` }).click();
  const player = page.getByRole('group', { name: `Recording ${fileName}` });
  await expect.poll(() => player.getByLabel('Time').innerText(), { timeout: 15_000 }).toMatch(new RegExp(`/ 0:0${seconds}$`));
}

async function chooseMark(page: Page, column: 'Marks 1' | 'Marks 2', criterion: string, choice: string) {
  // A segmented control: its radio input is hidden behind the visible label.
  await page.getByRole('radiogroup', { name: `${column}: ${criterion}` }).getByText(choice, { exact: true }).click();
}

async function listRecords<T>(path: string, number: string): Promise<T[]> {
  const r = await api.get(path, { headers: qcHeaders, params: { username: QC.username, date: CALL_DATE, size: 100 } });
  expect(r.status(), await r.text()).toBe(200);
  const page = (await r.json()) as TPaged<T & { consumerNumber: string }>;
  return page.response.content.filter((record) => record.consumerNumber === number);
}

describe('the QC panel', () => {
  it('finds the call, plays and ticks it, and stores both scored records with the recording linked', async () => {
    const { page } = t;
    await openPanel(page);
    await search(page, scored.local);

    // The lead's answers titled by their questions, and both recordings with their server-read lengths.
    const answers = page.getByRole('region', { name: 'Customer Response' });
    await answers.getByRole('row').filter({ hasText: 'Am I speaking with the right person?' }).filter({ hasText: scored.answers.Q2 ?? '' }).waitFor();
    await records(page).getByRole('listitem').filter({ hasText: firstRecording }).filter({ hasText: 'Duration: 4 seconds' }).waitFor();
    await records(page).getByRole('listitem').filter({ hasText: secondRecording }).filter({ hasText: 'Duration: 3 seconds' }).waitFor();

    await play(page, firstRecording, 4);
    // The recording's agent is the one scored.
    await expect.poll(() => page.getByRole('combobox', { name: 'Agent' }).inputValue()).toBe(`${AGENT.name} (${AGENT.agentId})`);
    await tick(page).click();
    await notification(page, QC_MESSAGES.successfulCall).waitFor();
    expect(await tick(page).getAttribute('aria-pressed')).toBe('true');

    await chooseMark(page, 'Marks 1', 'Pace', 'No (0)');
    await chooseMark(page, 'Marks 2', 'CRM', 'Need Improvement (10)');
    await chooseMark(page, 'Marks 2', 'Greetings', 'No (-5)');
    expect(await page.getByLabel('Marks 1 total').innerText()).toBe('90');
    expect(await page.getByLabel('Marks 2 total').innerText()).toBe('85');
    expect(await page.getByLabel('Marks 2 grade').textContent()).toBe('Meet Expectation');
    await page.getByLabel('Marks 1 suggestion').fill('Keep a steady pace.');
    await page.getByLabel('Marks 2 EAS voice matched with report').selectOption('Yes');

    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await notification(page, QC_MESSAGES.fileStored).waitFor();
    await notification(page, QC_MESSAGES.reportSubmitted).waitFor();
    // Ready for the next call: the number cleared and focused, the campaign and date kept.
    expect(await page.getByLabel('Consumer number').inputValue()).toBe('');
    expect(await page.getByLabel('Call date').inputValue()).toBe(CALL_DATE);
    expect(await page.getByRole('region', { name: 'QC Rating' }).count()).toBe(0);

    const [inHouse] = await listRecords<TQcReport>('/api/qcReport/getqcreportbyqcinspector', scored.e164);
    const [client] = await listRecords<TQcClientReport>('/api/qcReport/getQcRecordsClientViewByQcInspector', scored.e164);
    expect(inHouse).toMatchObject({
      callDate: CALL_DATE,
      campaignName: CAMPAIGN,
      agentId: AGENT.agentId,
      agentName: AGENT.name,
      qcInspector: QC.username,
      duration: 4,
      pace: 0,
      total: 90,
      agentGrade: 'Exceed Expectation',
      suggestion: 'Keep a steady pace.',
      fileName: firstRecording,
    });
    expect(client).toMatchObject({
      callDate: CALL_DATE,
      agentId: AGENT.agentId,
      duration: 4,
      crmMarks: 10,
      greetingsMarks: -5,
      total: 85,
      agentGrade: 'Meet Expectation',
      easVoiceMatchedWithReportMarks: 'Yes',
      fileName: firstRecording,
    });
    await expect.poll(() => page.getByText(`In-house record #${inHouse?.id}: 90, Exceed Expectation.`).count()).toBe(1);
  });

  it('says the duration is not available before a recording has loaded, and starts over for another recording', async () => {
    const { page } = t;
    await openPanel(page);
    await search(page, scored.local);
    await records(page).getByRole('button', { name: `Play ${firstRecording}` }).waitFor();
    expect(await tick(page).getAttribute('aria-pressed')).toBe('false');
    await tick(page).click();
    await notification(page, QC_MESSAGES.durationNotAvailable).waitFor();

    await play(page, firstRecording, 4);
    await tick(page).click();
    await notification(page, QC_MESSAGES.successfulCall).waitFor();
    expect(await tick(page).getAttribute('aria-pressed')).toBe('true');

    // Another recording: grey again until it loads, and it is its length that counts.
    await records(page).getByRole('button', { name: `Play ${secondRecording}` }).click();
    expect(await tick(page).getAttribute('aria-pressed')).toBe('false');
    await play(page, secondRecording, 3);
    await tick(page).click();
    await page.getByText(`Successful call: ${secondRecording}, 3 seconds.`).waitFor();
    await page.getByText(`The recording ${secondRecording} (3 seconds) is linked to both records.`).waitFor();
  });

  it('asks for every search field', async () => {
    const { page } = t;
    await openPanel(page);
    await page.getByLabel('Call date').fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: QC_MESSAGES.searchRequired }).waitFor();
    for (const problem of ['Choose a campaign', 'Enter the consumer number', 'Choose the call date']) await page.getByText(problem, { exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Call Records' }).count()).toBe(0);
  });

  it('corrects a lead answer and saves only that answer', async () => {
    const { page } = t;
    const before = corrected.answers.Q2;
    const after = before === 'Yes' ? 'No' : 'Yes';
    await openPanel(page);
    await search(page, corrected.local);
    const answers = page.getByRole('region', { name: 'Customer Response' });
    await answers.getByRole('button', { name: 'Edit answers' }).click();
    await answers.getByLabel('Answer to Q2').selectOption(after);
    await answers.getByRole('button', { name: 'Save answers' }).click();
    await notification(page, QC_MESSAGES.leadUpdated).waitFor();
    await answers.getByRole('row').filter({ hasText: 'Am I speaking with the right person?' }).filter({ hasText: after }).waitFor();

    const r = await api.get('/api/ap/getByNumber', { headers: qcHeaders, params: { tableName: CAMPAIGN, cellNumber: corrected.local } });
    const lead = (await r.json()) as TLead;
    expect(lead.Q2).toBe(after);
    // Every other answer is as it was.
    for (const [qno, value] of Object.entries(corrected.answers)) if (qno !== 'Q2') expect(lead[qno]).toBe(value);
  });
});
