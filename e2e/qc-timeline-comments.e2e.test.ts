// A comment on the timeline in Chromium at 1366×768 (issue 37, docs/qc-records.md): the inspector plays a call on the
// QC panel, presses M at the playing moment, types the comment and Enter (the box and the marker on the waveform in
// view), submits with Ctrl+Enter; the agent signs in, finds the marker on their QC Review as a button "Play from m:ss:
// …", reaches it by keyboard and plays the call from that moment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type APIRequestContext, type Locator, type Page } from 'playwright-core';
import { adminHeaders, okJson, signInAsAdmin, signInAsAgent } from './actions.ts';
import { useBrowser } from './browser.ts';
import { CAMPAIGN, QC } from './fixtures.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';
import { vicidialRecordingName, writeRecording } from './recordings.ts';

const t = useBrowser(VIEWPORT);

const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
const AGENT_ID = `TLC-${stamp}`;
const AGENT_PASSWORD = 'quiet-harbour-pass';
// A call date of this file's own: no other test's recordings fall on it.
const CALL_DATE = '2021-07-14';
const NUMBER = `019${stamp}37`;
const SECONDS = 40;
const RECORDING = vicidialRecordingName({ date: CALL_DATE, time: '10:20:00', number: NUMBER, agentId: AGENT_ID });
const TEXT = 'You talked over the customer here.';

let api: APIRequestContext;

beforeAll(async () => {
  api = await request.newContext({ baseURL: t.baseUrl });
  await okJson(
    api.post('/api/ac/addAgent', {
      headers: await adminHeaders(api),
      data: { type: 'Physical', name: `Timeline Agent ${stamp}`, agentId: AGENT_ID, password: AGENT_PASSWORD },
    }),
  );
  await writeRecording(CALL_DATE, RECORDING, SECONDS);
}, 60_000);

afterAll(async () => {
  await api?.dispose();
});

async function expectInView(locator: Locator, what: string): Promise<void> {
  await locator.waitFor();
  expect(inViewport(await boxOf(locator)), `${what} in view`).toBe(true);
}

/** The scoring player's <audio>: where it is and whether it plays. */
const audioOf = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector('section[aria-label="Player"] audio');
    return audio instanceof HTMLAudioElement ? { time: audio.currentTime, paused: audio.paused } : null;
  });

describe('a comment on the timeline', () => {
  it('is added by keyboard while the call plays, submitted, and played from by the agent', async () => {
    const { page, context } = t;
    await signInAsAdmin(page, QC.username, QC.password);
    await page.waitForURL('**/qcChecking');
    await page.getByRole('heading', { name: 'QC Panel', level: 1 }).waitFor();
    await page.getByLabel('Campaign').selectOption(CAMPAIGN);
    await page.getByLabel('Consumer number').fill(NUMBER);
    await page.getByRole('textbox', { name: 'Call date' }).fill(CALL_DATE);
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    const records = page.getByRole('region', { name: 'Call Records' });
    await records.getByRole('button', { name: `Play ${RECORDING}` }).click({ timeout: 30_000 });
    const player = page.getByRole('region', { name: 'Player' });
    // Playing, and past the first seconds (so the moment is not the start).
    await page.getByRole('button', { name: 'Pause' }).waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await audioOf(page))?.time ?? 0, { timeout: 20_000 }).toBeGreaterThan(2);
    await expect.poll(() => page.getByRole('combobox', { name: 'Agent' }).inputValue()).toContain(AGENT_ID);

    // M on the page (the focus on the first criterion, as a search leaves it): the box at the playing moment.
    await page
      .getByRole('radiogroup', { name: /^Marks 1: / })
      .first()
      .locator('input')
      .first()
      .focus();
    await page.keyboard.press('m');
    const box = player.getByRole('textbox', { name: /^Comment at \d+:\d\d$/ });
    await expectInView(box, 'The comment box');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    const label = (await box.getAttribute('aria-label')) ?? '';
    const clock = label.replace('Comment at ', '');
    const [minutes = 0, seconds = 0] = clock.split(':').map(Number);
    const moment = minutes * 60 + seconds;
    expect(moment).toBeGreaterThanOrEqual(2);
    await page.keyboard.type(TEXT);
    await page.keyboard.press('Enter');
    // Still playing: the comment did not stop the call.
    expect((await audioOf(page))?.paused).toBe(false);

    // The marker on the waveform (once the recording is analysed) and the line of the list.
    const marker = player
      .getByRole('group', { name: 'Waveform' })
      .getByRole('button', { name: `Comment at ${clock}: ${TEXT}` });
    await marker.waitFor({ timeout: 60_000 });
    await expectInView(marker, 'The marker on the waveform');
    await page.getByRole('list', { name: 'Comments on the recording' }).getByText(TEXT).waitFor();

    // Successful call (the recording linked), then Ctrl+Enter submits and posts the comment to the in-house record.
    await page.getByRole('button', { name: 'Successful call', exact: true }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Successful call', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.keyboard.press('Control+Enter');
    const saved = page.getByRole('list', { name: 'Comments saved on the record' });
    await saved.getByText(TEXT).waitFor({ timeout: 30_000 });
    await saved.getByText(clock, { exact: true }).waitFor();

    // The agent, in a tab of their own: the marker on their QC Review plays the call from the moment.
    const agent = await context.newPage();
    await signInAsAgent(agent, { agentId: AGENT_ID, password: AGENT_PASSWORD, campaign: CAMPAIGN });
    await agent.waitForURL((u) => !u.pathname.startsWith('/login'));
    await agent.goto('/agent-performance');
    await agent.getByRole('heading', { name: 'QC Review', level: 1 }).waitFor();
    const card = agent.getByRole('group', {
      name: new RegExp(`^Marks and comments of the call to .+ on ${CALL_DATE}$`),
    });
    const play = card.getByRole('button', { name: `Play from ${clock}: ${TEXT}` });
    await expectInView(play, "The marker on the agent's review");
    // Reached by keyboard: focused, then Enter.
    await play.focus();
    expect(await play.evaluate((el) => el.tagName === 'BUTTON' && el === document.activeElement)).toBe(true);
    await agent.keyboard.press('Enter');
    const audio = agent.getByRole('group', { name: /^Recording of the call to / }).locator('audio');
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(moment);
    await agent.close();
  }, 180_000);
});
