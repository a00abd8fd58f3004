// The Users screen: an admin creates a QC inspector, who signs in; once disabled, the inspector is shut out.
import { describe, expect, it } from 'vitest';
import { MESSAGES, PASSWORD_MESSAGES } from '@crm/shared';
import { sessionToken, signInAsAdmin } from './actions.ts';
import { useBrowser } from './browser.ts';
import { expectErrorUnder } from './field-errors.ts';
import { ADMIN } from './fixtures.ts';

const t = useBrowser();

describe('QC inspector accounts', () => {
  it('creates a QC inspector who can sign in, then disables it: the open session ends and sign-in is refused', async () => {
    const { page, context } = t;
    const username = `qc.e2e${Date.now()}`;
    const password = 'e2e-qc-password';

    await signInAsAdmin(page, ADMIN.username, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Add QC inspector' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add QC inspector' });
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel(/^Name/).fill('Rumana Afroz');
    await dialog.getByLabel(/^Password/).fill('short');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Password must be at least 8 characters').waitFor();
    // A password the server refuses by a rule (docs/trust.md, Passwords): its words under the field.
    await dialog.getByLabel(/^Password/).fill('iloveyou1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectErrorUnder(page, dialog.getByLabel(/^Password/), PASSWORD_MESSAGES.tooCommon);
    await dialog.getByLabel(/^Password/).fill(password);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `QC inspector "${username}" added.` })
      .waitFor();

    await page.getByLabel('Search', { exact: true }).fill(username);
    const row = page.getByRole('table', { name: 'User List' }).getByRole('row').filter({ hasText: username });
    await row.getByText('Active').waitFor();
    expect(await row.innerText()).toContain('QC inspector');

    // The inspector signs in in a second tab (its own session storage).
    const inspector = await context.newPage();
    await signInAsAdmin(inspector, username, password);
    await inspector.waitForURL('**/qcChecking');
    const oldToken = await sessionToken(inspector);

    await row.getByRole('button', { name: `Disable ${username}` }).click();
    await row.getByText('Disabled').waitFor();

    const status = await inspector.evaluate(
      async (token) => (await fetch('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })).status,
      oldToken,
    );
    expect(status).toBe(401);
    // Signing in afresh (this screen makes no API call of its own to notice the ended session).
    await inspector.evaluate(() => sessionStorage.clear());
    await signInAsAdmin(inspector, username, password);
    // Refused as a wrong password would be: the reply does not confirm the password (docs/trust.md).
    await expect
      .poll(() => inspector.getByRole('alert').first().innerText())
      .toContain(MESSAGES.login.wrongCredentials);
    expect(new URL(inspector.url()).pathname).toBe('/login');

    await row.getByRole('button', { name: `Enable ${username}` }).click();
    await row.getByText('Active').waitFor();
  });
});
