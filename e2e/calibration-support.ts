// The calibration browser tests' shared steps: the admin's New session form filled with a name, a far deadline and the
// two demo calibration inspectors (the form stays open for the calls).
import type { Locator, Page } from 'playwright-core';
import { DEMO_CALIBRATION_INSPECTORS } from '@crm/server/demo/agents';

export const [KARIM, AKTER] = DEMO_CALIBRATION_INSPECTORS;

/** Fills the open New session dialog's name, deadline and inspectors (Karim and Akter); returns with their list closed. */
export async function fillSessionBasics(page: Page, dialog: Locator, name: string): Promise<void> {
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Deadline/).fill('2099-12-31');
  const inspectors = dialog.getByLabel(/^Inspectors/);
  for (const who of [KARIM, AKTER]) {
    await inspectors.click();
    await inspectors.fill(who.name.split(' ')[0] ?? '');
    await page.getByRole('option', { name: new RegExp(who.name) }).click();
  }
  // Leaving the field closes its list.
  await dialog.getByLabel(/^Name/).click();
}
