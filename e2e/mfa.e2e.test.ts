// The second factor in Chromium at 1366×768, on a server of this file's own with MFA_REQUIRED=admins (the shared one
// runs without): the admin puts enrolment off while allowed, enrols (the key read off the screen, the code computed
// as an authenticator app does), signs out, signs in with a code, and then with a recovery code; Users then shows the
// admin's factor as set up.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { generateSync } from 'otplib';
import { createSeededDatabase, type SeededDatabase } from '@crm/server/test/seeded-database';
import { startServer, type RunningServer } from '@crm/server/process';
import { signInAsAdmin } from './actions.ts';
import { useBrowser } from './browser.ts';
import { ADMIN } from './fixtures.ts';
import { boxOf, inViewport, VIEWPORT } from './geometry.ts';

const t = useBrowser(VIEWPORT);
const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const GRACE_SIGN_INS = 2;
const PERIOD_S = 30;

let server: RunningServer | undefined;
let database: SeededDatabase | undefined;
let work = '';

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-e2e-mfa-'));
  // A database of its own on the cluster of the shared one: enrolling its admin touches no other file's sign-ins.
  const cluster = new URL(inject('databaseUrl'));
  cluster.pathname = '/postgres';
  const before = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = before ?? cluster.toString();
  try {
    database = await createSeededDatabase(`crm_e2e_mfa_${process.pid}`, ADMIN.password, work);
  } finally {
    if (before === undefined) delete process.env.TEST_DATABASE_URL;
  }
  server = await startServer({
    DATABASE_URL: database.url,
    DATA_DIR: path.join(work, 'data'),
    WEB_DIST,
    MFA_REQUIRED: 'admins',
    MFA_GRACE_SIGNINS: String(GRACE_SIGN_INS),
    LOGIN_RATE_LIMIT: '1000',
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    DIALER: undefined,
  });
  // Every context of this file opens this server.
  t.baseUrl = server.url;
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  if (work !== '') await fs.rm(work, { recursive: true, force: true });
});

/** What the authenticator app would know: the key, and the last 30 s step whose code was used (each works once). */
const app = { secret: '', lastStep: -1, recoveryCodes: [] as string[] };

const stepNow = () => Math.floor(Date.now() / 1000 / PERIOD_S);

/**
 * A code the server takes now: of the current step, or of the next (it accepts ±1 step) when the current one's was
 * used. Only when the next step's code was used too does it wait, watching the clock (at most one step), for the step
 * to change.
 */
async function nextCode(): Promise<string> {
  await expect
    .poll(() => app.lastStep + 1 <= stepNow() + 1, { timeout: (PERIOD_S + 5) * 1000, interval: 250 })
    .toBe(true);
  const step = Math.max(app.lastStep + 1, stepNow());
  app.lastStep = step;
  return generateSync({ secret: app.secret, epoch: step * PERIOD_S, period: PERIOD_S });
}

async function expectInView(...locators: Locator[]): Promise<void> {
  for (const locator of locators) expect(inViewport(await boxOf(locator)), String(locator)).toBe(true);
}

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-name').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
}

const skipButton = (page: Page) => page.getByRole('button', { name: /^Skip for now/ });

describe('second factor at 1366×768', () => {
  it('lets the admin put enrolment off while allowed, one sign-in fewer each time', async () => {
    const { page } = t;
    await signInAsAdmin(page, ADMIN.username, ADMIN.password);
    await expect.poll(() => skipButton(page).innerText()).toBe(`Skip for now (${GRACE_SIGN_INS} left)`);
    await expectInView(
      page.getByRole('img', { name: 'QR code for the authenticator app' }),
      page.getByLabel('Code from your authenticator app'),
      skipButton(page),
    );
    await skipButton(page).click();
    await page.waitForURL('**/dashboard');

    await signOut(page);
    await signInAsAdmin(page, ADMIN.username, ADMIN.password);
    await expect.poll(() => skipButton(page).innerText()).toBe(`Skip for now (${GRACE_SIGN_INS - 1} left)`);
  });

  it('enrols: the key off the screen, a code of it, then the ten recovery codes once, downloadable', async () => {
    const { page } = t;
    await signInAsAdmin(page, ADMIN.username, ADMIN.password);
    const secret = page.getByTestId('mfa-secret');
    app.secret = (await secret.innerText()).replace(/\s/g, '');
    expect(app.secret).toMatch(/^[A-Z2-7]{16,}$/);
    const field = page.getByLabel('Code from your authenticator app');
    const confirm = page.getByRole('button', { name: 'Confirm and sign in' });
    await expectInView(page.getByRole('img', { name: 'QR code for the authenticator app' }), secret, field, confirm);
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);

    await field.fill(await nextCode());
    await field.press('Enter');
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    app.recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
    expect(app.recoveryCodes).toHaveLength(10);
    expect(new Set(app.recoveryCodes).size).toBe(10);
    const saved = page.getByRole('button', { name: 'I have saved them' });
    await expectInView(list, page.getByRole('button', { name: 'Download .txt' }), saved);
    // No session yet: the codes cannot be passed by unseen.
    expect(new URL(page.url()).pathname).toBe('/login');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('recovery-codes-admin.txt');
    const text = await fs.readFile(await download.path(), 'utf8');
    for (const code of app.recoveryCodes) expect(text).toContain(code);

    await saved.click();
    await page.waitForURL('**/dashboard');
  });

  it('signs in with the code of the authenticator app; a wrong code is refused in place', async () => {
    const { page } = t;
    await signInAsAdmin(page, ADMIN.username, ADMIN.password);
    const field = page.getByLabel('Code from your authenticator app');
    const verify = page.getByRole('button', { name: 'Verify and sign in' });
    await field.waitFor();
    await expectInView(field, verify, page.getByRole('button', { name: 'Use a recovery code' }));
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);

    const right = await nextCode();
    const wrong = right === '000000' ? '111111' : '000000';
    await field.fill(wrong);
    await field.press('Enter');
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.inputValue()).toBe(wrong);
    expect(new URL(page.url()).pathname).toBe('/login');

    await field.fill(right);
    await field.press('Enter');
    await page.waitForURL('**/dashboard');
    await signOut(page);
  });

  it('signs in with a recovery code and says how many are left', async () => {
    const { page } = t;
    await signInAsAdmin(page, ADMIN.username, ADMIN.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    const field = page.getByRole('textbox', { name: 'Recovery code' });
    await expectInView(field, page.getByRole('button', { name: 'Verify and sign in' }));
    const [code] = app.recoveryCodes;
    if (code === undefined) throw new Error('the enrolment test keeps the recovery codes');
    await field.fill(code);
    await field.press('Enter');
    await page.waitForURL('**/dashboard');
    await page.getByText('Signed in with a recovery code: 9 recovery codes left.').waitFor();

    // Users: the admin's own row says the factor is set up, and offers no reset of it.
    await page.goto('/users');
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: ADMIN.username, exact: true }) });
    await row.getByText('Set up', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: `Reset second factor of ${ADMIN.username}` }).count()).toBe(0);
  });
});
