// The Do Not Call screen in Chromium at 1366×768, as the admin: adds a number to the system list, uploads a file to a
// campaign's list (a refused file first, with its per-row report), searches, removes with a confirm; the controls
// fit the window.
import { describe, expect, it } from 'vitest';
import { signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';
import { CAMPAIGN } from './fixtures.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);

/** Bangladeshi mobile numbers of this run alone. */
const stamp = String(Date.now()).slice(-6);
const SYSTEM_NUMBER = `01610${stamp}`;
const UPLOADED = [`01620${stamp}`, `01630${stamp}`];
const e164 = (local: string) => `+88${local}`;

describe('the do-not-call lists', () => {
  it('adds, uploads, searches and removes numbers; everything fits 1366×768', async () => {
    const { page } = t;
    await signInAsAdminAndWait(page);
    await page.goto('/dnc');
    await page.getByRole('heading', { name: 'Do Not Call', level: 1 }).waitFor();

    for (const control of [
      page.getByRole('button', { name: 'Add number' }),
      page.getByRole('button', { name: 'Upload CSV' }),
      page.getByLabel('List', { exact: true }),
      page.getByLabel('Search', { exact: true }),
    ]) {
      expect(inViewport(await boxOf(control)), String(control)).toBe(true);
    }
    await page
      .getByLabel('Counts per list')
      .getByText(/^System list: \d/)
      .waitFor();

    // Add one number to the system list.
    await page.getByRole('button', { name: 'Add number' }).click();
    const add = page.getByRole('dialog', { name: 'Add number' });
    await add.getByLabel(/^Phone number/).fill('12345');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText('"12345" is not a phone number.').waitFor();
    await add.getByLabel(/^Phone number/).fill(SYSTEM_NUMBER);
    await add.getByLabel('Reason').fill('Asked by letter');
    expect(inViewport(await boxOf(add.getByRole('button', { name: 'Save' })))).toBe(true);
    await add.getByRole('button', { name: 'Save' }).click();
    await add.waitFor({ state: 'hidden' });
    const table = page.getByRole('table', { name: 'Do-not-call numbers' });
    const systemRow = table.getByRole('row').filter({ hasText: e164(SYSTEM_NUMBER) });
    await systemRow.waitFor();
    expect(await systemRow.innerText()).toContain('System list');
    expect(await systemRow.innerText()).toContain('Asked by letter');

    // Upload to the campaign's list: a bad row refuses the whole file, then a good file goes in.
    await page.getByRole('button', { name: 'Upload CSV' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload CSV' });
    await upload.getByLabel('List', { exact: true }).selectOption({ label: CAMPAIGN });
    await upload
      .getByLabel('CSV file')
      .setInputFiles({ name: 'dnc.csv', mimeType: 'text/csv', buffer: Buffer.from(`number\n${UPLOADED[0]}\n99\n`) });
    await upload.getByRole('button', { name: 'Save' }).click();
    const report = upload.getByRole('table', { name: 'Upload errors' });
    await report.waitFor();
    expect(await report.getByRole('row').allInnerTexts()).toEqual([
      'Row\tColumn\tReason',
      '3\tnumber\t"99" is not a phone number',
    ]);
    expect(inViewport(await boxOf(upload.getByRole('button', { name: 'Save' })))).toBe(true);
    await upload.getByLabel('CSV file').setInputFiles({
      name: 'dnc.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`number\n${UPLOADED.join('\n')}\n${SYSTEM_NUMBER}\n`),
    });
    await upload.getByRole('button', { name: 'Save' }).click();
    await page.getByText('File uploaded: 3 added, 0 already listed.').waitFor();
    await upload.waitFor({ state: 'hidden' });

    // Search finds the number in another format; the filter narrows to one list.
    await page.getByLabel('Search', { exact: true }).fill(`+880 ${SYSTEM_NUMBER.slice(1)}`);
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    await page.getByLabel('List', { exact: true }).selectOption({ label: CAMPAIGN });
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(await table.getByRole('row').nth(1).innerText()).toContain(CAMPAIGN);

    // Remove, with a confirm.
    await page.getByLabel('List', { exact: true }).selectOption({ label: 'System list' });
    await table.getByRole('button', { name: `Remove ${e164(SYSTEM_NUMBER)}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`${e164(SYSTEM_NUMBER)} removed from System list.`).waitFor();
    await expect
      .poll(() =>
        table
          .getByRole('row')
          .filter({ hasText: e164(SYSTEM_NUMBER) })
          .count(),
      )
      .toBe(0);
  }, 120_000);
});
