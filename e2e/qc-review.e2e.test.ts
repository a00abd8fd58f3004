// The agent's QC Review in Chromium at 1366×768 (issue 37, docs/qc-records.md): an inspector scores calls and comments
// on a moment of the recording and on a criterion; the agent sees the grade, the lost criterion with its comment and
// the timeline comment with its moment, plays the call from it, acknowledges with a comment, and pages the list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type APIRequestContext, type Locator } from 'playwright-core';
import { bestScores, type TQcRecord } from '@crm/shared';
import { adminHeaders, okJson, signInAsAgent } from './actions.ts';
import { useBrowser } from './browser.ts';
import { CAMPAIGN, QC } from './fixtures.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';
import { vicidialRecordingName, writeRecording } from './recordings.ts';

const t = useBrowser(VIEWPORT);

const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
const AGENT_ID = `QRV-${stamp}`;
const AGENT_PASSWORD = 'quiet-river-pass';
// Eleven calls, one a day: a page of 10 and one more. The newest carries the recording and the comments.
const DATES = Array.from({ length: 11 }, (_, i) => `2021-08-${String(i + 1).padStart(2, '0')}`);
const NEWEST = DATES[DATES.length - 1]!;
const NUMBER = `018${stamp}`;
const RECORDING = vicidialRecordingName({ date: NEWEST, number: `${NUMBER}11`, agentId: AGENT_ID });
const AT_SECONDS = 4;

let api: APIRequestContext;
let newest: TQcRecord;
/** As the server stored them (numbers are normalised), oldest call first. */
const records: TQcRecord[] = [];

beforeAll(async () => {
  api = await request.newContext({ baseURL: t.baseUrl });
  await okJson(
    api.post('/api/ac/addAgent', {
      headers: await adminHeaders(api),
      data: { type: 'Physical', name: `Review Agent ${stamp}`, agentId: AGENT_ID, password: AGENT_PASSWORD },
    }),
  );
  const signIn = await okJson<{ jwtToken: string }>(
    api.post('/api/auth/signInSuperAdmin', { data: { username: QC.username, password: QC.password } }),
  );
  const qcHeaders = { Authorization: `Bearer ${signIn.jwtToken}` };
  for (const [i, callDate] of DATES.entries()) {
    // Greetings No (−5), CRM Need Improvement (10): 85, "Meet Expectation".
    newest = await okJson<TQcRecord>(
      api.post('/api/qcReport/add', {
        headers: qcHeaders,
        data: {
          callDate,
          agentId: AGENT_ID,
          campaignName: CAMPAIGN,
          consumerNumber: `${NUMBER}${String(i + 1).padStart(2, '0')}`,
          duration: 8,
          ...bestScores(),
          greetings: -5,
          crm: 10,
          suggestion: 'Greet first',
        },
      }),
    );
    records.push(newest);
  }
  await writeRecording(NEWEST, RECORDING, 8);
  await okJson(
    api.post('/api/qcReport/add-qc-report-file', {
      headers: qcHeaders,
      data: { qcReport: { id: newest.id }, fileName: RECORDING },
    }),
  );
  await okJson(
    api.post(`/api/qc-records/${newest.id}/comments`, {
      headers: qcHeaders,
      data: { atSeconds: AT_SECONDS, text: 'You talked over the customer here.' },
    }),
  );
  await okJson(
    api.post(`/api/qc-records/${newest.id}/comments`, {
      headers: qcHeaders,
      data: { criterionKey: 'greetings', text: 'Open with the greeting every time.' },
    }),
  );
});

afterAll(async () => {
  await api?.dispose();
});

async function expectInView(locator: Locator, what: string): Promise<void> {
  await locator.waitFor();
  expect(inViewport(await boxOf(locator)), `${what} in view`).toBe(true);
}

describe("the agent's QC Review", () => {
  it('shows grade, lost criteria and comments, plays from a comment, acknowledges and pages', async () => {
    const { page } = t;
    await signInAsAgent(page, { agentId: AGENT_ID, password: AGENT_PASSWORD, campaign: CAMPAIGN });
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto('/agent-performance');
    await page.getByRole('heading', { name: 'QC Review', level: 1 }).waitFor();

    const card = page.getByRole('group', {
      name: `Marks and comments of the call to ${newest.consumerNumber} on ${NEWEST}`,
    });
    await card.getByText('Grade: Meet Expectation').waitFor();
    const lost = card.getByRole('table', { name: /^Criteria where marks were lost/ });
    const greetings = lost.getByRole('row').filter({ hasText: 'Greetings' });
    await greetings.getByText('Open with the greeting every time.').waitFor();
    await greetings.getByText('-5 of 0').waitFor();
    await card.getByText(/^Dispute until \d{4}-\d\d-\d\d$/).waitFor();

    // The timeline comment with its moment; Play from here plays the record's recording from it.
    const timeline = card.getByRole('list', { name: 'Comments on the recording' });
    await timeline.getByText('0:04').waitFor();
    await timeline.getByText(/You talked over the customer here\./).waitFor();
    expect(await card.getByTestId('timeline-marker').count()).toBe(1);
    const play = timeline.getByRole('button', { name: 'Play from 0:04' });
    await expectInView(play, 'Play from here');
    await play.click();
    const audio = page
      .getByRole('group', { name: `Recording of the call to ${newest.consumerNumber} on ${NEWEST}` })
      .locator('audio');
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(AT_SECONDS);

    // Acknowledge by keyboard: the button, then the optional comment and Enter.
    const acknowledge = card.getByRole('button', { name: 'Acknowledge' });
    await expectInView(acknowledge, 'Acknowledge');
    await acknowledge.focus();
    await page.keyboard.press('Enter');
    const box = card.getByLabel('Acknowledgement comment (optional)');
    await box.waitFor();
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Understood, I will greet first.');
    await page.keyboard.press('Enter');
    await card.getByText(/^Acknowledged on \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/).waitFor();
    await card.getByText('“Understood, I will greet first.”').waitFor();
    expect(await card.getByRole('button', { name: 'Acknowledge' }).count()).toBe(0);

    // Eleven records: 10 on the first page, newest first; Next shows the oldest.
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await page.getByText('Showing 1 to 10 of 11 entries').waitFor();
    expect(await page.getByText(records[0]!.consumerNumber, { exact: true }).count()).toBe(0);
    await pager.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 11 to 11 of 11 entries').waitFor();
    await page.getByText(records[0]!.consumerNumber, { exact: true }).waitFor();
    await pager.getByRole('button', { name: 'First page' }).click();
    await page.getByText('Showing 1 to 10 of 11 entries').waitFor();

    // The date filter narrows to the calls between two days.
    await page.getByLabel('Calls from').fill(DATES[1]!);
    await page.getByLabel('Calls to').fill(DATES[2]!);
    await page.getByText('Showing 1 to 2 of 2 entries').waitFor();
  });
});
