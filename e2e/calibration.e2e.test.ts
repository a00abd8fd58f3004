// Calibration in Chromium at 1366×768: an admin creates a session of two calls for two demo inspectors; each scores
// blind (the other's marks show only after their own submission); the admin closes it, and the results show the marks
// side by side with the spread, the agreement and the leans, to the admin and to the inspectors; the action buttons
// are in view.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAsAdmin, signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';
import { AKTER, KARIM, fillSessionBasics } from './calibration-support.ts';
import { CAMPAIGN } from './fixtures.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';
import { vicidialRecordingName, writeRecording } from './recordings.ts';

const t = useBrowser(VIEWPORT);
const NAME = `E2E calibration ${Date.now()}`;
// A call date of this file's own: no other test's recordings fall on it.
const CALL_DATE = '2021-09-07';
const NUMBERS = ['01712000101', '01712000102'];
const RECORDING = vicidialRecordingName({ date: CALL_DATE, number: NUMBERS[0] ?? '', agentId: 'AG-1001' });

beforeAll(async () => {
  await writeRecording(CALL_DATE, RECORDING, 5);
});

async function signInInspector(
  page: Page,
  who: { username: string; password: string },
  sessionId: string,
): Promise<void> {
  await signInAsAdmin(page, who.username, who.password);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto(`/calibration/${sessionId}`);
  await page.getByRole('heading', { name: NAME }).waitFor();
}

/** Picks a criterion's choice on the shared scorecard form ('Need Improvement (5)'). */
async function pick(page: Page, criterion: string, choice: string): Promise<void> {
  await page.locator(`[data-criterion="${criterion}"]`).getByRole('radio', { name: choice }).click();
}

async function submit(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: /Submit scoring/ });
  expect(inViewport(await boxOf(button)), 'Submit scoring in view').toBe(true);
  await button.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
}

describe('calibration sessions', () => {
  it('runs a session: created by the admin, scored blind by two inspectors, closed, results shown', async () => {
    const { page, context } = t;
    await signInAsAdminAndWait(page);
    await page.goto('/calibration');
    await page.getByRole('heading', { name: 'Calibration', level: 1 }).waitFor();
    const create = page.getByRole('button', { name: 'New session' });
    expect(inViewport(await boxOf(create))).toBe(true);
    await create.click();

    const dialog = page.getByRole('dialog', { name: 'New calibration session' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Name is required').waitFor();
    await fillSessionBasics(page, dialog, NAME);
    await dialog.getByRole('button', { name: 'Add call' }).click();
    for (const [i, number] of NUMBERS.entries()) {
      const row = dialog.locator(`[data-call-row="${i}"]`);
      await row.getByLabel(`Call ${i + 1} campaign`).selectOption(CAMPAIGN);
      await row.getByLabel(`Call ${i + 1} number`).fill(number);
      await row.getByLabel(`Call ${i + 1} date`).fill(CALL_DATE);
    }
    // Call 1's recording, found by the voice log search of its number and date.
    await dialog.getByLabel('Call 1 recording').selectOption(RECORDING);
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(inViewport(await boxOf(save)), 'Save in view').toBe(true);
    await save.click();
    await page.waitForURL(/\/calibration\/\d+$/);
    const sessionId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByRole('heading', { name: NAME }).waitFor();
    await page.getByTestId('calibration-progress').filter({ hasText: '0 of 4 scorings submitted' }).waitFor();

    // Karim scores both calls: liveliness Need Improvement on call 1.
    const karim = await context.newPage();
    await signInInspector(karim, KARIM, sessionId);
    await karim.getByTestId('calibration-progress').filter({ hasText: '0 of 2 scored' }).waitFor();
    // The recording plays beside the scorecard, and Submit stays in view below both.
    expect(inViewport(await boxOf(karim.getByLabel(`Recording ${RECORDING}`)))).toBe(true);
    await pick(karim, 'liveliness', 'Need Improvement (5)');
    await karim.getByLabel('Total', { exact: true }).filter({ hasText: '95' }).waitFor();
    await submit(karim);
    await karim.getByTestId('calibration-progress').filter({ hasText: '1 of 2 scored' }).waitFor();
    // Call 2 opens by itself after the Submit.
    await karim.getByText(/^Call 2: /).waitFor();
    await submit(karim);
    await karim.getByTestId('calibration-progress').filter({ hasText: '2 of 2 scored' }).waitFor();
    // The results stay closed to an inspector while the session is open.
    const early = await karim.evaluate(async (id) => {
      const stored = JSON.parse(sessionStorage.getItem('auth-user') ?? '{}') as { jwtToken?: string };
      return (
        await fetch(`/api/calibration/${id}/results`, { headers: { Authorization: `Bearer ${stored.jwtToken ?? ''}` } })
      ).status;
    }, sessionId);
    expect(early).toBe(403);

    // Akter does not see Karim's marks before submitting; after, the difference shows.
    const akter = await context.newPage();
    await signInInspector(akter, AKTER, sessionId);
    await akter.getByText('1 of 2 inspectors scored').first().waitFor();
    expect(await akter.getByText(/^Others: /).count()).toBe(0);
    await submit(akter);
    // Call 2 opens; back on call 1, Karim's differing answer shows.
    await akter.getByText(/^Call 2: /).waitFor();
    await akter.getByRole('button', { name: /Call 1/ }).click();
    await akter.locator('[data-criterion="liveliness"]').getByText(`Others: ${KARIM.name}: Need Improvement`).waitFor();
    await akter.getByRole('button', { name: /Call 2/ }).click();
    await submit(akter);
    await akter.getByTestId('calibration-progress').filter({ hasText: '2 of 2 scored' }).waitFor();

    // The admin closes the session; the results show.
    await page.reload();
    const close = page.getByRole('button', { name: 'Close session' });
    expect(inViewport(await boxOf(close)), 'Close session in view').toBe(true);
    await close.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Closed', { exact: true }).waitFor();
    const marks = page.getByRole('table', { name: 'Marks side by side' });
    await marks.waitFor();
    const liveliness = marks.locator('tr[data-criterion="liveliness"]');
    expect(await liveliness.getAttribute('data-spread')).toBe('5');
    expect(await marks.locator('tr[data-criterion="greetings"]').getAttribute('data-spread')).toBe('0');
    // The Total row has its median and spread too: totals 95 and 100.
    const total = marks.locator('tr[data-criterion="total"]');
    expect(await total.getAttribute('data-spread')).toBe('5');
    expect((await total.locator('td').allInnerTexts()).slice(-3, -1)).toEqual(['97.5', '5']);
    expect(inViewport(await boxOf(page.getByRole('button', { name: 'Record expert marks' })))).toBe(true);

    // Expert marks for call 1: liveliness Need Improvement (Karim's reading).
    await page.getByRole('button', { name: 'Record expert marks' }).click();
    const expert = page.getByRole('dialog', { name: /Expert marks/ });
    await expert.locator('[data-criterion="liveliness"]').locator('label', { hasText: 'NI 5' }).click();
    const saveExpert = expert.getByRole('button', { name: 'Save expert marks' });
    expect(inViewport(await boxOf(saveExpert))).toBe(true);
    await saveExpert.click();
    await page.getByRole('button', { name: 'Change expert marks' }).waitFor();

    await page.getByRole('tab', { name: 'Agreement' }).click();
    const agreement = page.getByRole('table', { name: 'Agreement per criterion' });
    expect(await agreement.locator('tr[data-criterion="liveliness"]').innerText()).toContain('50%');
    await page.getByRole('tab', { name: 'Inspectors' }).click();
    await page.getByRole('table', { name: 'Lean per inspector' }).waitFor();
    // Beside it, each inspector's lean per criterion, in view.
    const byCriterion = page.getByRole('table', { name: 'Lean per criterion' });
    await byCriterion.waitFor();
    const [perInspector, perCriterion] = [
      await boxOf(page.getByRole('table', { name: 'Lean per inspector' })),
      await boxOf(byCriterion),
    ];
    expect(perCriterion.x).toBeGreaterThanOrEqual(perInspector.x + perInspector.width);
    expect(inViewport(perCriterion)).toBe(true);
    expect(await byCriterion.locator('tr[data-criterion="liveliness"] td').count()).toBe(2);

    // Akter, whose liveliness differs from the expert marks, sees where.
    await akter.reload();
    await akter.getByRole('table', { name: 'Marks side by side' }).waitFor();
    expect(await akter.locator('[data-expert-miss]').count()).toBe(1);
    await akter.getByRole('tab', { name: 'Inspectors' }).click();
    await akter.getByText('Call 1 Liveliness: you 10, expert 5').waitFor();
  });
});
