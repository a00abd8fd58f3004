// Calibration from the QC queue in Chromium at 1366×768: twelve recorded calls of a demo agent signed into the demo
// campaign on a day of this file's own wait in the queue; the admin's New session lists them under "From the queue"
// (the list scrolls inside; the dialog and Save stay in the window), adds the first and the last with Add (each fills
// a call row: campaign, number, date, its recording), and saves; the session's calls are those recordings.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { request, type APIRequestContext } from 'playwright-core';
import { createKysely } from '@crm/server/db/connect';
import type { Db } from '@crm/server/db/schema';
import { adminHeaders, okJson, signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';
import { fillSessionBasics } from './calibration-support.ts';
import { CAMPAIGN } from './fixtures.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';
import { signInForTheDay, vicidialRecordingName, writeRecording } from './recordings.ts';

const t = useBrowser(VIEWPORT);
const NAME = `E2E calibration from the queue ${Date.now()}`;
// A call date and numbers of this file's own: no other test's recordings or QC records fall on them.
const CALL_DATE = '2021-11-09';
const AGENT_ID = 'AG-1001';
const NUMBERS = Array.from({ length: 12 }, (_, i) => `017666024${String(i + 1).padStart(2, '0')}`);
const FILES = NUMBERS.map((number, i) =>
  vicidialRecordingName({ date: CALL_DATE, time: `10:${String(i).padStart(2, '0')}:00`, number, agentId: AGENT_ID }),
);
const e164 = (number: string) => `+880${number.slice(1)}`;

let db: Db;
let api: APIRequestContext;

beforeAll(async () => {
  db = createKysely(inject('databaseUrl'), 2);
  await signInForTheDay(db, AGENT_ID, CAMPAIGN, CALL_DATE);
  for (const file of FILES) await writeRecording(CALL_DATE, file, 40);
  // A search reads the day's folder into the recordings index (the scanner would, in its own time).
  api = await request.newContext({ baseURL: t.baseUrl });
  await okJson(
    api.get('/api/voicelog/search', {
      headers: await adminHeaders(api),
      params: { directory: CALL_DATE, msisdn: NUMBERS[0] ?? '' },
    }),
  );
}, 120_000);

afterAll(async () => {
  await api?.dispose();
  await db?.destroy();
});

describe('a calibration session from the QC queue', () => {
  it('lists the queue’s calls in New session, adds two as calls with their recordings, and saves them', async () => {
    const { page } = t;
    await signInAsAdminAndWait(page);
    await page.goto('/calibration');
    await page.getByRole('heading', { name: 'Calibration', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New session' }).click();
    const dialog = page.getByRole('dialog', { name: 'New calibration session' });
    await fillSessionBasics(page, dialog, NAME);

    await dialog.getByRole('tab', { name: 'From the queue' }).click();
    await dialog.getByLabel('Queue campaign').selectOption(CAMPAIGN);
    await dialog.getByRole('textbox', { name: 'Queue call date' }).fill(CALL_DATE);
    const list = dialog.getByRole('table', { name: 'Queue calls' });
    const queued = (i: number) => list.locator(`tr[data-queue-call="${FILES[i] ?? ''}"]`);
    const first = queued(0);
    await first.waitFor({ timeout: 15_000 });
    // The list may still hold the rows of the campaign's other dates until the date's own arrive: wait for those.
    await expect.poll(() => list.locator('tbody tr').count(), { timeout: 15_000 }).toBe(FILES.length);
    expect(await first.innerText()).toMatch(/10:00:00[\s\S]*AG-1001[\s\S]*0:40/);

    // At 1366×768 the dialog, the list's start and Save are inside the window, nothing wider than it; the long list
    // scrolls inside the dialog (its last call is below the list's bottom until scrolled to).
    const save = dialog.getByRole('button', { name: 'Save' });
    for (const shown of [dialog, first, save]) expect(inViewport(await boxOf(shown))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORT.width);
    const last = queued(FILES.length - 1);
    const saveBox = await boxOf(save);
    expect((await boxOf(last)).y).toBeGreaterThan(saveBox.y);

    for (const i of [0, FILES.length - 1]) {
      const add = queued(i).getByRole('button', { name: /^Add the call of / });
      await add.click();
      await expect.poll(() => add.innerText()).toBe('Added');
      expect(await add.isDisabled()).toBe(true);
      expect(inViewport(await boxOf(queued(i)))).toBe(true);
    }
    expect(await boxOf(save)).toEqual(saveBox);

    // Each call row is filled as adding by number would: campaign, number, date and that recording.
    await dialog.getByRole('tab', { name: 'Calls (2)' }).click();
    for (const [n, i] of [
      [1, 0],
      [2, FILES.length - 1],
    ] as const) {
      const row = dialog.locator(`[data-call-row="${n - 1}"]`);
      expect(await row.getByLabel(`Call ${n} campaign`).inputValue()).toBe(CAMPAIGN);
      expect(await row.getByLabel(`Call ${n} number`).inputValue()).toBe(e164(NUMBERS[i] ?? ''));
      expect(await row.getByLabel(`Call ${n} date`).inputValue()).toBe(CALL_DATE);
      await expect.poll(() => row.getByLabel(`Call ${n} recording`).inputValue(), { timeout: 15_000 }).toBe(FILES[i]);
      expect(await row.getByLabel(`Call ${n} recording`).locator('option:checked').innerText()).toContain(
        FILES[i] ?? '',
      );
    }

    expect(inViewport(await boxOf(save)), 'Save in view').toBe(true);
    await save.click();
    await page.waitForURL(/\/calibration\/\d+$/);
    const sessionId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: NAME }).waitFor();
    const calls = await db
      .selectFrom('calibrationCalls')
      .orderBy('position')
      .select(['campaignName', 'consumerNumber', 'callDate', 'fileName'])
      .where('sessionId', '=', sessionId)
      .execute();
    expect(calls).toEqual(
      [0, FILES.length - 1].map((i) => ({
        campaignName: CAMPAIGN,
        consumerNumber: e164(NUMBERS[i] ?? ''),
        callDate: CALL_DATE,
        fileName: FILES[i],
      })),
    );
  });
});
