// The QC panel in Chromium at 1366×768, as the demo QC inspector: a generated demo lead's call found by campaign,
// number and date, its recording played and ticked, both columns scored and submitted (checked through the API:
// server totals, grades, the linked recording); the tick before a recording has loaded and after another is chosen;
// the search's required fields; the correction of a lead answer; the player, totals and Submit in view with the last
// criterion row focused; and the keyboard (Space, ←/→, [ ], 1/2/3) on a real recording.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import { sql } from 'kysely';
import {
  GENERATED_FOR_D,
  QC_MESSAGES,
  type TLead,
  type TPaged,
  type TQcClientRecord,
  type TQcRecord,
} from '@crm/shared';
import { createKysely } from '@crm/server/db/connect';
import type { Db } from '@crm/server/db/schema';
import { signInAsAdmin } from './actions.ts';
import { useBrowser } from './browser.ts';
import { CAMPAIGN, QC } from './fixtures.ts';
import { vicidialRecordingName, writeRecording } from './recordings.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);

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
/** Half-minute recordings of both leads on a day of their own, for the keyboard. */
const KEYS_DATE = '2021-10-15';
let longRecording = '';
let nextCallRecording = '';

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
  const signIn = await api.post('/api/auth/signInSuperAdmin', {
    data: { username: QC.username, password: QC.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  qcHeaders = { Authorization: `Bearer ${((await signIn.json()) as { jwtToken: string }).jwtToken}` };

  firstRecording = vicidialRecordingName({
    date: CALL_DATE,
    time: '10:15:00',
    number: scored.local,
    agentId: AGENT.agentId,
  });
  secondRecording = vicidialRecordingName({
    date: CALL_DATE,
    time: '10:40:00',
    number: scored.local,
    agentId: OTHER_AGENT_ID,
  });
  await writeRecording(CALL_DATE, firstRecording, 4);
  await writeRecording(CALL_DATE, secondRecording, 3);
  longRecording = vicidialRecordingName({
    date: KEYS_DATE,
    time: '09:00:00',
    number: scored.local,
    agentId: AGENT.agentId,
  });
  nextCallRecording = vicidialRecordingName({
    date: KEYS_DATE,
    time: '09:30:00',
    number: corrected.local,
    agentId: AGENT.agentId,
  });
  await writeRecording(KEYS_DATE, longRecording, 30);
  await writeRecording(KEYS_DATE, nextCallRecording, 30);
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

const callDate = (page: Page) => page.getByRole('textbox', { name: 'Call date' });

async function search(page: Page, number: string, date = CALL_DATE) {
  await page.getByLabel('Campaign').selectOption(CAMPAIGN);
  await page.getByLabel('Consumer number').fill(number);
  await callDate(page).fill(date);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

const notification = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const tick = (page: Page) => page.getByRole('button', { name: 'Successful call', exact: true });
const records = (page: Page) => page.getByRole('region', { name: 'Call Records' });

/** Chooses a recording and waits until the player knows its length. */
async function play(page: Page, fileName: string, seconds: number) {
  await records(page)
    .getByRole('button', { name: `Play ${fileName}` })
    .click();
  const player = page.getByRole('group', { name: `Recording ${fileName}` });
  await expect
    .poll(() => player.getByLabel('Time').innerText(), { timeout: 15_000 })
    .toMatch(new RegExp(`/ 0:${String(seconds).padStart(2, '0')}$`));
}

/** The <audio> of the scoring player: whether it plays, where, and how fast. */
async function audioState(page: Page): Promise<{ paused: boolean; time: number; rate: number }> {
  const state = await page.evaluate(() => {
    const audio = document.querySelector('audio');
    return audio === null ? null : { paused: audio.paused, time: audio.currentTime, rate: audio.playbackRate };
  });
  if (state === null) throw new Error('no recording is loaded');
  return state;
}

const speedChosen = (page: Page) =>
  page.getByRole('radiogroup', { name: 'Playback speed' }).locator('input:checked').getAttribute('value');
const marksChosen = (page: Page, group: string) =>
  page.getByRole('radiogroup', { name: group }).locator('input:checked').getAttribute('value');
const focusedGroup = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[role="radiogroup"]')?.getAttribute('aria-label') ?? null);

async function chooseMark(page: Page, column: 'Marks 1' | 'Marks 2', criterion: string, choice: string) {
  // A segmented control: its radio input is hidden behind the visible label.
  await page
    .getByRole('radiogroup', { name: `${column}: ${criterion}` })
    .getByText(choice, { exact: true })
    .click();
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
    await answers
      .getByRole('row')
      .filter({ hasText: 'Am I speaking with the right person?' })
      .filter({ hasText: scored.answers.Q2 ?? '' })
      .waitFor();
    await records(page)
      .getByRole('listitem')
      .filter({ hasText: firstRecording })
      .filter({ hasText: 'Duration: 4 seconds' })
      .waitFor();
    await records(page)
      .getByRole('listitem')
      .filter({ hasText: secondRecording })
      .filter({ hasText: 'Duration: 3 seconds' })
      .waitFor();

    await play(page, firstRecording, 4);
    // The recording's agent is the one scored.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Agent' }).inputValue())
      .toBe(`${AGENT.name} (${AGENT.agentId})`);
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
    expect(await callDate(page).inputValue()).toBe(CALL_DATE);
    expect(await page.getByRole('region', { name: 'QC Rating' }).count()).toBe(0);

    const [inHouse] = await listRecords<TQcRecord>('/api/qcReport/getqcreportbyqcinspector', scored.e164);
    const [client] = await listRecords<TQcClientRecord>(
      '/api/qcReport/getQcRecordsClientViewByQcInspector',
      scored.e164,
    );
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
    await records(page)
      .getByRole('button', { name: `Play ${firstRecording}` })
      .waitFor();
    expect(await tick(page).getAttribute('aria-pressed')).toBe('false');
    await tick(page).click();
    await notification(page, QC_MESSAGES.durationNotAvailable).waitFor();

    await play(page, firstRecording, 4);
    await tick(page).click();
    await notification(page, QC_MESSAGES.successfulCall).waitFor();
    expect(await tick(page).getAttribute('aria-pressed')).toBe('true');

    // Another recording: grey again until it loads, and it is its length that counts.
    await records(page)
      .getByRole('button', { name: `Play ${secondRecording}` })
      .click();
    expect(await tick(page).getAttribute('aria-pressed')).toBe('false');
    await play(page, secondRecording, 3);
    await tick(page).click();
    await page.getByText('Successful call: 3 seconds, linked to both records when you submit.').waitFor();
    await page.getByText(`The recording ${secondRecording} (3 seconds) is linked to both records.`).waitFor();
  });

  it('asks for every search field', async () => {
    const { page } = t;
    await openPanel(page);
    await callDate(page).fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: QC_MESSAGES.searchRequired }).waitFor();
    for (const problem of ['Choose a campaign', 'Enter the consumer number', 'Choose the call date'])
      await page.getByText(problem, { exact: true }).waitFor();
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
    await answers
      .getByRole('row')
      .filter({ hasText: 'Am I speaking with the right person?' })
      .filter({ hasText: after })
      .waitFor();

    const r = await api.get('/api/ap/getByNumber', {
      headers: qcHeaders,
      params: { tableName: CAMPAIGN, cellNumber: corrected.local },
    });
    const lead = (await r.json()) as TLead;
    expect(lead.Q2).toBe(after);
    // Every other answer is as it was.
    for (const [qno, value] of Object.entries(corrected.answers)) if (qno !== 'Q2') expect(lead[qno]).toBe(value);
  });
  it('keeps the player, both totals and Submit in view while the last criterion row has the focus (1366×768)', async () => {
    const { page } = t;
    await openPanel(page);
    await search(page, scored.local, KEYS_DATE);
    await play(page, longRecording, 30);

    // From the first row to the last with the keyboard only: Tab goes Marks 1, Marks 2, then the next row.
    await page.getByRole('radiogroup', { name: 'Marks 1: Greetings' }).getByText('Yes (0)', { exact: true }).click();
    for (let i = 0; i < 27; i++) await page.keyboard.press('Tab');
    expect(await focusedGroup(page)).toBe('Marks 2: Fatal');

    const playerSection = page.getByRole('region', { name: 'Player' });
    const scoreBar = page.getByRole('region', { name: 'Score' });
    const row = page.getByRole('radiogroup', { name: 'Marks 2: Fatal' });
    const inView = {
      playPause: playerSection.getByRole('button', { name: /^(Play|Pause)$/ }),
      speed: page.getByRole('radiogroup', { name: 'Playback speed' }),
      marks1Total: page.getByLabel('Marks 1 total'),
      marks1Grade: page.getByLabel('Marks 1 grade'),
      marks2Total: page.getByLabel('Marks 2 total'),
      marks2Grade: page.getByLabel('Marks 2 grade'),
      submit: page.getByRole('button', { name: 'Submit', exact: true }),
      focusedRow: row,
    };
    for (const [name, locator] of Object.entries(inView)) {
      await expect
        .poll(async () => inViewport(await boxOf(locator)), { message: `${name} in the viewport` })
        .toBe(true);
    }
    // The focused row is clear of the sticky player above and the sticky bar below, and nothing covers it.
    const rowBox = await boxOf(row);
    const playerBox = await boxOf(playerSection);
    const barBox = await boxOf(scoreBar);
    expect(rowBox.y).toBeGreaterThanOrEqual(playerBox.y + playerBox.height);
    expect(rowBox.y + rowBox.height).toBeLessThanOrEqual(barBox.y);
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="radiogroup"]')?.getAttribute('aria-label'),
      {
        x: rowBox.x + rowBox.width / 2,
        y: rowBox.y + rowBox.height / 2,
      },
    );
    expect(hit).toBe('Marks 2: Fatal');
    // The two columns side by side, nothing off-screen sideways.
    expect((await boxOf(page.getByRole('region', { name: 'Lead' }))).x + 300).toBeLessThan(
      (await boxOf(page.getByRole('region', { name: 'QC Rating' }))).x,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Reading the lead to its end, the player and the bar stay.
    await page.mouse.move(400, 400);
    await page.mouse.wheel(0, 5000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    for (const locator of [inView.playPause, inView.marks1Total, inView.marks2Total, inView.submit])
      expect(inViewport(await boxOf(locator))).toBe(true);
  });

  it('plays, pauses, seeks and changes speed with the keyboard, scores the focused row with 1/2/3, and keeps the speed for the next call', async () => {
    const { page } = t;
    await openPanel(page);
    await search(page, scored.local, KEYS_DATE);
    await play(page, longRecording, 30);
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);

    // Space: pause, play, pause (the focus is on the recording's Play button, which Space does not press again).
    await page.keyboard.press('Space');
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Play', exact: true }).waitFor();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);

    // ←/→: 5 seconds.
    const start = (await audioState(page)).time;
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await audioState(page)).time).toBeCloseTo(start + 10, 1);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await audioState(page)).time).toBeCloseTo(start + 5, 1);

    // [ and ]: the speed buttons and the recording follow.
    expect(await speedChosen(page)).toBe('1');
    await page.keyboard.press(']');
    await page.keyboard.press(']');
    await expect.poll(() => speedChosen(page)).toBe('1.5');
    expect((await audioState(page)).rate).toBe(1.5);
    await page.keyboard.press('[');
    await expect.poll(() => speedChosen(page)).toBe('1.25');
    expect((await audioState(page)).rate).toBe(1.25);

    // 1/2/3 on the focused row; ↓ to the next row; ←/→ there seek, never change the marks.
    await page.getByRole('radiogroup', { name: 'Marks 1: Pace' }).getByText('Yes (10)', { exact: true }).click();
    await page.keyboard.press('3');
    await expect.poll(() => page.getByLabel('Marks 1 total').innerText()).toBe('90');
    await page.keyboard.press('2');
    await expect.poll(() => page.getByLabel('Marks 1 total').innerText()).toBe('95');
    expect(await marksChosen(page, 'Marks 1: Pace')).toBe('5');
    await page.keyboard.press('ArrowDown');
    expect(await focusedGroup(page)).toBe('Marks 1: Pitch');
    await page.keyboard.press('3');
    await expect.poll(() => page.getByLabel('Marks 1 total').innerText()).toBe('85');
    await page.keyboard.press('ArrowRight');
    expect(await marksChosen(page, 'Marks 1: Pitch')).toBe('0');
    expect(await page.getByLabel('Marks 2 total').innerText()).toBe('100');

    // Typing in a text field types: no marks, no speed, no play.
    const suggestion = page.getByLabel('Marks 1 suggestion');
    await suggestion.click();
    await suggestion.pressSequentially('3 ] [ 1');
    expect(await suggestion.inputValue()).toBe('3 ] [ 1');
    expect(await page.getByLabel('Marks 1 total').innerText()).toBe('85');
    expect(await speedChosen(page)).toBe('1.25');
    expect((await audioState(page)).paused).toBe(true);

    // Another call plays at the speed chosen, and so does the panel after a reload.
    await search(page, corrected.local, KEYS_DATE);
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await play(page, nextCallRecording, 30);
    expect(await speedChosen(page)).toBe('1.25');
    await expect.poll(async () => (await audioState(page)).rate).toBe(1.25);
    await page.reload();
    await page.getByRole('heading', { name: 'QC Panel', level: 1 }).waitFor();
    await search(page, corrected.local, KEYS_DATE);
    await play(page, nextCallRecording, 30);
    expect(await speedChosen(page)).toBe('1.25');
    await expect.poll(async () => (await audioState(page)).rate).toBe(1.25);
  });
});
