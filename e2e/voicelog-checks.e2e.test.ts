// The automatic checks in the QC panel, in Chromium at 1366×768, as the demo QC inspector: two recordings made here
// from espeak-ng speech (a mono call with a 35 s hold, a stereo call where agent and customer talk over each other
// twice) are searched, analysed in the background and shown with their chips; in the player the hold and the
// overtalk are shaded in view and a click seeks the audio to their start; the Hold Process row's hint seeks there
// too; and the Call Records filter and sort by the checks.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { request, type APIRequestContext, type Locator, type Page } from 'playwright-core';
import { ANALYSIS_MESSAGES, ZRecordingAnalysisReply, type TRecordingAnalysisReply, type TTimeSpan } from '@crm/shared';
import { intersectSpans, speech, silence, Timeline, writeWav } from '@crm/server/test/audio-support';
import { signInAsAdmin } from './actions.ts';
import { useBrowser } from './browser.ts';
import { CAMPAIGN, QC } from './fixtures.ts';
import { vicidialRecordingName } from './recordings.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);

// A call date and a number of this file's own: no other test's recordings fall on them.
const CALL_DATE = '2021-10-19';
const NUMBER = '01755501919';
const RATE = 8000;
const HOLD_SEC = 35;

const holdCall = vicidialRecordingName({ date: CALL_DATE, time: '11:00:00', number: NUMBER, agentId: 'AG-1001' });
const stereoCall = vicidialRecordingName({ date: CALL_DATE, time: '11:30:00', number: NUMBER, agentId: 'AG-1001' });

/** Where the planted hold starts, and the planted overlaps of the stereo call and its true talk ratio. */
let holdStart = 0;
let overlaps: TTimeSpan[] = [];
let trueTalkRatio = 0;

let api: APIRequestContext;
let qcHeaders: Record<string, string>;

async function writeCalls(): Promise<void> {
  const folder = path.join(inject('recordingsDir'), CALL_DATE);
  await fs.mkdir(folder, { recursive: true });

  const mono = new Timeline(RATE, 1);
  await mono.add(0, silence(0.5), speech('Thank you for calling. Please hold while I check your account.'));
  holdStart = mono.end(0);
  await mono.add(
    0,
    silence(HOLD_SEC),
    speech('Thank you for holding. Your account is now up to date.'),
    silence(3),
    speech('Is there anything else I can help you with today?'),
    silence(1),
  );
  const monoCall = mono.build();
  await writeWav(path.join(folder, holdCall), monoCall.channels, RATE);

  // Agent on the left, customer on the right; the customer starts before the agent has finished, twice.
  const stereo = new Timeline(RATE, 2);
  await stereo.addAt(0, 0.5, speech('Good morning, this is the customer care desk. How may I help you today?'));
  await stereo.addAt(1, stereo.end(0) - 1.5, speech('Hello, I am calling about my broadband bill from last month.'));
  await stereo.addAt(
    0,
    stereo.end(1) + 0.8,
    speech('I can certainly help you with that. May I have your account number, please?'),
  );
  await stereo.addAt(1, stereo.end(0) - 1.5, speech('Yes, of course. It is four five six seven eight nine.'));
  await stereo.addAt(
    0,
    stereo.end(1) + 0.8,
    speech('Thank you. I have found your account, and the bill is corrected now.'),
  );
  await stereo.addAt(1, stereo.end(0) + 0.8, speech('Thank you very much. Goodbye.'));
  await stereo.add(0, silence(stereo.end(1) + 1 - stereo.end(0)));
  const stereoTimeline = stereo.build();
  const [agent = [], customer = []] = stereoTimeline.speech;
  overlaps = intersectSpans(agent, customer);
  const talk = (spans: TTimeSpan[]) => spans.reduce((sum, s) => sum + s.endSec - s.startSec, 0);
  trueTalkRatio = talk(agent) / (talk(agent) + talk(customer));
  await writeWav(path.join(folder, stereoCall), stereoTimeline.channels, RATE);
}

beforeAll(async () => {
  await writeCalls();
  api = await request.newContext({ baseURL: t.baseUrl });
  const signIn = await api.post('/api/auth/signInSuperAdmin', {
    data: { username: QC.username, password: QC.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  qcHeaders = { Authorization: `Bearer ${((await signIn.json()) as { jwtToken: string }).jwtToken}` };
}, 120_000);

afterAll(async () => {
  await api?.dispose();
});

/** The analysis as the API gives it, once it is done (the search indexes the folder and queues the jobs). */
async function analysisOf(fileName: string): Promise<TRecordingAnalysisReply> {
  await api.get('/api/voicelog/search', { headers: qcHeaders, params: { directory: CALL_DATE, msisdn: NUMBER } });
  let reply: TRecordingAnalysisReply | null = null;
  await expect
    .poll(
      async () => {
        const r = await api.get('/api/voicelog/analysis', {
          headers: qcHeaders,
          params: { fileName: `${CALL_DATE}/${fileName}` },
        });
        if (r.status() !== 200) return `${r.status()} ${await r.text()}`;
        reply = ZRecordingAnalysisReply.parse(await r.json());
        return reply.status;
      },
      { timeout: 60_000, interval: 1000 },
    )
    .toBe('done');
  if (reply === null) throw new Error('no analysis');
  return reply;
}

async function openPanel(page: Page) {
  await signInAsAdmin(page, QC.username, QC.password);
  await page.waitForURL('**/qcChecking');
  await page.getByRole('heading', { name: 'QC Panel', level: 1 }).waitFor();
}

async function search(page: Page) {
  await page.getByLabel('Campaign').selectOption(CAMPAIGN);
  await page.getByLabel('Consumer number').fill(NUMBER);
  await page.getByRole('textbox', { name: 'Call date' }).fill(CALL_DATE);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

const records = (page: Page) => page.getByRole('region', { name: 'Call Records' });
const recordRow = (page: Page, fileName: string) => records(page).getByRole('listitem').filter({ hasText: fileName });
const chipsIn = (scope: Locator) =>
  scope
    .getByRole('list', { name: /^Automatic checks/ })
    .first()
    .getByRole('listitem')
    .allInnerTexts();
const player = (page: Page) => page.getByRole('region', { name: 'Player' });

/** Chooses a recording and waits until the player knows its length; then pauses it, so a seek stays where it lands. */
async function playPaused(page: Page, fileName: string) {
  await records(page)
    .getByRole('button', { name: `Play ${fileName}` })
    .click();
  await expect.poll(() => player(page).getByLabel('Time').innerText(), { timeout: 15_000 }).toMatch(/\/ \d+:\d\d$/);
  await page.evaluate(() => document.querySelector('audio')?.pause());
}

const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')?.currentTime ?? -1);
const setAudioTime = (page: Page, seconds: number) =>
  page.evaluate((s) => {
    const audio = document.querySelector('audio');
    if (audio !== null) audio.currentTime = s;
  }, seconds);

const rounded = (seconds: number) => `${Math.round(seconds)} s`;

describe('the automatic checks in the QC panel', () => {
  it('shows a long hold in the chips and the waveform, and the hold and the Hold Process hint seek to it', async () => {
    const analysis = await analysisOf(holdCall);
    const [hold] = analysis.deadAir?.holds ?? [];
    if (hold === undefined) throw new Error(`no hold found in ${JSON.stringify(analysis.deadAir)}`);
    expect(hold.startSec).toBeCloseTo(holdStart, 0);
    expect(hold.endSec - hold.startSec).toBeGreaterThan(HOLD_SEC - 0.5);

    const { page } = t;
    await openPanel(page);
    await search(page);
    const row = recordRow(page, holdCall);
    await expect
      .poll(() => chipsIn(row), { timeout: 30_000 })
      .toContain(`Hold ${rounded(hold.endSec - hold.startSec)}`);
    const rowChips = await chipsIn(row);
    expect(rowChips).toEqual([
      `Dead air ${rounded(analysis.deadAir?.totalSec ?? 0)}`,
      `Longest silence ${rounded(analysis.deadAir?.longestSec ?? 0)}`,
      `Hold ${rounded(hold.endSec - hold.startSec)}`,
    ]);
    expect(rowChips.join(' ')).not.toContain(ANALYSIS_MESSAGES.pending);

    await playPaused(page, holdCall);
    expect(await chipsIn(player(page))).toEqual(rowChips);
    const waveform = player(page).getByRole('group', { name: 'Waveform' });
    const holdRegion = waveform.getByRole('button', {
      name: new RegExp(`^Hold ${rounded(hold.endSec - hold.startSec)} at \\d\\d:\\d\\d$`),
    });
    // The waveform spans the player; the hold and every shaded region are on screen.
    const waveBox = await boxOf(waveform);
    expect(waveBox.width).toBeGreaterThan(500);
    for (const region of await waveform.getByRole('button').all()) expect(inViewport(await boxOf(region))).toBe(true);
    const holdBox = await boxOf(holdRegion);
    expect(holdBox.x).toBeCloseTo(waveBox.x + (hold.startSec / analysis.durationSec) * waveBox.width, -1);

    await holdRegion.click();
    await expect.poll(() => audioTime(page)).toBeGreaterThan(hold.startSec - 0.5);
    expect(Math.abs((await audioTime(page)) - hold.startSec)).toBeLessThanOrEqual(0.5);

    // Elsewhere on the waveform: that point.
    await setAudioTime(page, 0);
    await waveform.click({ position: { x: waveBox.width * 0.95, y: waveBox.height / 2 } });
    await expect
      .poll(async () => Math.abs((await audioTime(page)) - analysis.durationSec * 0.95))
      .toBeLessThanOrEqual(0.5);

    // The hint under Hold Process seeks there too, and chooses no mark.
    await setAudioTime(page, 1);
    const holdRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Hold Process/ }) });
    const hint = holdRow.getByRole('button', {
      name: new RegExp(`^Hold of ${rounded(hold.endSec - hold.startSec)} at \\d\\d:\\d\\d$`),
    });
    await hint.click();
    await expect.poll(async () => Math.abs((await audioTime(page)) - hold.startSec)).toBeLessThanOrEqual(0.5);
    expect(
      await page
        .getByRole('radiogroup', { name: 'Marks 1: Hold Process' })
        .locator('input:checked')
        .getAttribute('value'),
    ).toBe('0');
    expect(await page.getByLabel('Marks 1 total').innerText()).toBe('100');

    // Up to the Hold Process row with the keyboard while it lies under the (taller) sticky player: it comes clear of it.
    const holdMarks = page.getByRole('radiogroup', { name: 'Marks 1: Hold Process' });
    const nextMarks = page.getByRole('radiogroup', { name: 'Marks 1: Taking Permission' });
    await nextMarks.getByText('Yes (10)', { exact: true }).click();
    const playerBox = await boxOf(player(page));
    const playerBottom = playerBox.y + playerBox.height;
    await page.evaluate((by) => window.scrollBy(0, by), (await boxOf(nextMarks)).y - playerBottom - 4);
    expect((await boxOf(holdMarks)).y).toBeLessThan(playerBottom);
    await page.keyboard.press('ArrowUp');
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest('[role="radiogroup"]')?.getAttribute('aria-label')),
      )
      .toBe('Marks 1: Hold Process');
    await expect.poll(async () => (await boxOf(holdMarks)).y).toBeGreaterThanOrEqual(playerBottom);
    expect(inViewport(await boxOf(hint))).toBe(true);
  });

  it('shows the talk ratio and the overtalk of a stereo call, each overtalk shaded in view and seeking to its start', async () => {
    const analysis = await analysisOf(stereoCall);
    expect(analysis.overtalk?.count).toBe(overlaps.length);
    expect(Math.abs((analysis.talkRatio ?? 0) - trueTalkRatio)).toBeLessThanOrEqual(0.05);

    const { page } = t;
    await openPanel(page);
    await search(page);
    const row = recordRow(page, stereoCall);
    await expect.poll(() => chipsIn(row), { timeout: 30_000 }).toContain(`Overtalk ${overlaps.length}×`);
    expect(await chipsIn(row)).toContain(`Agent talk ${Math.round((analysis.talkRatio ?? 0) * 100)} %`);

    await playPaused(page, stereoCall);
    const regions = player(page)
      .getByRole('group', { name: 'Waveform' })
      .getByRole('button', { name: /^Overtalk / });
    const found = analysis.overtalkSpans ?? [];
    await expect.poll(() => regions.count()).toBe(overlaps.length);
    expect(found).toHaveLength(overlaps.length);
    for (const [i, overtalk] of found.entries()) {
      // Found where it was planted (the detector's edges lag a planted clip's first sample by a few tenths).
      expect(Math.abs(overtalk.startSec - (overlaps[i]?.startSec ?? 0))).toBeLessThanOrEqual(1);
      const region = regions.nth(i);
      expect(inViewport(await boxOf(region))).toBe(true);
      await setAudioTime(page, 0);
      await region.click();
      await expect.poll(async () => Math.abs((await audioTime(page)) - overtalk.startSec)).toBeLessThanOrEqual(0.5);
    }
    // Keyboard: Enter on a focused region seeks too.
    await setAudioTime(page, 0);
    await regions.first().focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => Math.abs((await audioTime(page)) - (found[0]?.startSec ?? -1)))
      .toBeLessThanOrEqual(0.5);
  });

  it('filters the call records by the longest silence and sorts them by talk ratio', async () => {
    await analysisOf(holdCall);
    await analysisOf(stereoCall);
    const { page } = t;
    await openPanel(page);
    await search(page);
    await recordRow(page, stereoCall).waitFor();
    await recordRow(page, holdCall).waitFor();

    await records(page).getByRole('textbox', { name: 'Longest silence over (seconds)' }).fill('30');
    await expect
      .poll(() =>
        records(page)
          .getByRole('button', { name: /^Play / })
          .count(),
      )
      .toBe(1);
    await recordRow(page, holdCall).waitFor();

    await records(page).getByRole('textbox', { name: 'Longest silence over (seconds)' }).fill('');
    await records(page).getByRole('combobox', { name: 'Sort recordings' }).selectOption('talkRatio');
    // The stereo call has a talk ratio, the mono one none: it comes first.
    await expect
      .poll(() =>
        records(page)
          .getByRole('button', { name: /^Play / })
          .first()
          .getAttribute('aria-label'),
      )
      .toBe(`Play ${stereoCall}`);
    await records(page).getByRole('combobox', { name: 'Sort recordings' }).selectOption('time');
    await expect
      .poll(() =>
        records(page)
          .getByRole('button', { name: /^Play / })
          .first()
          .getAttribute('aria-label'),
      )
      .toBe(`Play ${holdCall}`);
  });
});
