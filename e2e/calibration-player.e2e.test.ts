// Calibration with the QC player, in Chromium at 1366×768: an inspector opens a session (set up through the API) and
// scores its first call with the keyboard only: the first criterion has the focus, the waveform shows, ] speeds the
// player up and Space plays; marks by keys, F6 to the comment, Ctrl+Enter and Enter submit; the next call opens at once
// with its first criterion focused under the banner. The player, the scorecard and Submit are in the viewport.
import { beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { MAX_PAGE_SIZE, type TCalibrationSessionSummary, type TUser } from '@crm/shared';
import { adminHeaders, okJson, signInAsAdmin } from './actions.ts';
import { useBrowser } from './browser.ts';
import { AKTER, KARIM } from './calibration-support.ts';
import { CAMPAIGN } from './fixtures.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';
import { vicidialRecordingName, writeRecording } from './recordings.ts';

const t = useBrowser(VIEWPORT);
const NAME = `E2E calibration player ${Date.now()}`;
// A call date of this file's own: no other test's recordings fall on it.
const CALL_DATE = '2021-09-09';
const NUMBERS = ['01712000401', '01712000402'];
const RECORDINGS = NUMBERS.map((number) => vicidialRecordingName({ date: CALL_DATE, number, agentId: 'AG-1001' }));

beforeAll(async () => {
  for (const name of RECORDINGS) await writeRecording(CALL_DATE, name, 40);
});

async function createSession(request: APIRequestContext): Promise<number> {
  const headers = await adminHeaders(request);
  const users = await okJson<{ response: { content: TUser[] } }>(
    request.get(`/api/users?page=0&size=${MAX_PAGE_SIZE}`, { headers }),
  );
  const idOf = (username: string) => users.response.content.find((u) => u.username === username)?.id;
  const session = await okJson<TCalibrationSessionSummary>(
    request.post('/api/calibration', {
      headers,
      data: {
        name: NAME,
        deadline: '2099-12-31',
        inspectorIds: [idOf(KARIM.username), idOf(AKTER.username)],
        calls: NUMBERS.map((consumerNumber, i) => ({
          campaignName: CAMPAIGN,
          consumerNumber,
          callDate: CALL_DATE,
          fileName: RECORDINGS[i],
        })),
      },
    }),
  );
  return session.id;
}

/** The key of the criterion holding the focus (null: the focus is on no criterion). */
const focusedCriterion = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-criterion]')?.dataset.criterion ?? null);

async function audioState(page: Page): Promise<{ paused: boolean; time: number; rate: number } | null> {
  return page.evaluate(() => {
    const audio = document.querySelector('section[aria-label="Player"] audio');
    return audio instanceof HTMLAudioElement
      ? { paused: audio.paused, time: audio.currentTime, rate: audio.playbackRate }
      : null;
  });
}

describe('calibration with the QC player', () => {
  it('scores a call by keyboard with the player, submits, and the next call opens on its first criterion', async () => {
    const { page, context } = t;
    const sessionId = await createSession(context.request);
    await signInAsAdmin(page, KARIM.username, KARIM.password);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    // Autoplay off, so Space is what starts the recording.
    await page.evaluate((user) => localStorage.setItem(`crm.qc-autoplay.${user}`, 'off'), KARIM.username);
    await page.goto(`/calibration/${sessionId}`);
    await page.getByRole('heading', { name: NAME }).waitFor();
    await page.getByText(/^Call 1: /).waitFor();

    // The keyboard starts on the first criterion of the first call.
    await expect.poll(() => focusedCriterion(page), { timeout: 15_000 }).toBe('greetings');

    // The QC panel's player: the waveform of the analysed recording, the speeds, the keys.
    const player = page.getByRole('region', { name: 'Player' });
    const waveform = player.getByRole('group', { name: 'Waveform' });
    await waveform.waitFor({ timeout: 30_000 });
    expect((await boxOf(waveform)).width).toBeGreaterThan(400);
    const speed = player.getByRole('radiogroup', { name: 'Playback speed' });
    await page.keyboard.press(']');
    await expect.poll(() => speed.locator('input:checked').getAttribute('value')).toBe('1.25');
    await expect.poll(async () => (await audioState(page))?.paused).toBe(true);
    await page.keyboard.press(' ');
    await expect.poll(async () => (await audioState(page))?.paused).toBe(false);
    await expect.poll(async () => (await audioState(page))?.time ?? 0).toBeGreaterThan(0);
    expect((await audioState(page))?.rate).toBe(1.25);
    await page.keyboard.press(' ');
    await expect.poll(async () => (await audioState(page))?.paused).toBe(true);

    // Marks by keys on the shared form: Greetings No (-5), then Liveliness Need Improvement (5).
    expect(await focusedCriterion(page)).toBe('greetings');
    await page.keyboard.press('2');
    expect(await focusedCriterion(page)).toBe('liveliness');
    await page.keyboard.press('2');
    await page.getByLabel('Total', { exact: true }).filter({ hasText: '90' }).waitFor();
    await page.keyboard.press('F6');
    const comment = page.getByRole('textbox', { name: 'Comment', exact: true });
    await expect.poll(() => comment.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.type('Greeting missed');

    // Geometry: the player, the scorecard (its total and a criterion) and Submit in the 1366×768 window.
    const scorecard = page.getByRole('region', { name: 'Scorecard' });
    const inView = {
      playPause: player.getByRole('button', { name: /^(Play|Pause)$/ }),
      waveform,
      speed,
      total: page.getByLabel('Total', { exact: true }),
      firstCriterion: scorecard.locator('[data-criterion="greetings"]'),
      comment,
      submit: page.getByRole('button', { name: /Submit scoring/ }),
    };
    for (const [name, locator] of Object.entries(inView))
      expect(inViewport(await boxOf(locator)), `${name} in the viewport`).toBe(true);

    // Ctrl+Enter, then Enter on the confirmation.
    await page.keyboard.press('Control+Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Confirm' }).waitFor();
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Confirm' }).evaluate((e) => e === document.activeElement))
      .toBe(true);
    await page.keyboard.press('Enter');

    const banner = page.getByRole('status', { name: 'Scoring saved' });
    await banner.filter({ hasText: 'Scoring submitted: call 1 (total 90' }).waitFor();
    expect(await banner.innerText()).toContain(`Next: call 2, `);
    await page.getByText(/^Call 2: /).waitFor();
    await expect.poll(() => focusedCriterion(page)).toBe('greetings');
    expect(await scorecard.evaluate((e) => e.contains(document.activeElement))).toBe(true);
    await page.getByTestId('calibration-progress').filter({ hasText: '1 of 2 scored' }).waitFor();
    // Call 2's recording is in the player now.
    await player.getByRole('group', { name: `Recording ${RECORDINGS[1]}` }).waitFor();
    expect(inViewport(await boxOf(banner))).toBe(true);
  });
});
