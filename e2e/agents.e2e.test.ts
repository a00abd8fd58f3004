// The Agents screens as an admin uses them: add, edit, delete, and bulk upload with its per-row report.
import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AGENT_MESSAGES, deleteConfirmation } from '@crm/shared';
import { signInAsAdmin } from './actions.ts';
import { useBrowser } from './browser.ts';
import { errorOf, expectErrorUnder } from './field-errors.ts';
import { ADMIN } from './fixtures.ts';

const t = useBrowser({ width: 1366, height: 768 });
const run = `${Date.now()}`;

async function openAgents(page: Page) {
  await signInAsAdmin(page, ADMIN.username, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto('/agents');
  await page.getByRole('heading', { name: 'Agents', level: 1 }).waitFor();
}

/** Types into the list's search box; other test files add agents too, so tests look at their own rows only. */
async function search(page: Page, term: string) {
  await page.getByLabel('Search', { exact: true }).fill(term);
}

function table(page: Page) {
  return page.getByRole('table', { name: 'Agent List' });
}

async function expectNotification(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

describe('agents', () => {
  it('adds an agent, refuses a duplicate agent ID, edits the agent, and deletes it', async () => {
    const { page } = t;
    const agentId = `E2E-${run}-1`;
    await openAgents(page);

    await page.getByRole('button', { name: 'Add Agent' }).click();
    const add = page.getByRole('dialog', { name: 'Add Agent' });
    await add.getByLabel('Agent ID').waitFor();
    // Under load a click during the modal's opening transition can land before the form is live: click again until it answers.
    await expect
      .poll(
        async () => {
          await add.getByRole('button', { name: 'Save' }).click();
          return add.getByText('Agent ID is required').isVisible();
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    await add.getByLabel('Category').selectOption('Virtual');
    await add.getByLabel(/^Name/).fill('Shirin Akter');
    await add.getByLabel('Agent ID').fill(agentId);
    await add.getByLabel(/^Password/).fill('e2e-agent-pass');
    await add.getByLabel('Cell number').fill('01711999001');
    await add.getByLabel('Joining date').fill('2024-05-01');
    await add.getByRole('button', { name: 'Save' }).click();
    await expectNotification(page, AGENT_MESSAGES.added);
    await add.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Add Agent' }).click();
    await add.getByLabel('Category').selectOption('Physical');
    await add.getByLabel(/^Name/).fill('Someone Else');
    await add.getByLabel('Agent ID').fill(agentId.toLowerCase());
    await add.getByLabel(/^Password/).fill('e2e-agent-pass');
    await add.getByRole('button', { name: 'Save' }).click();
    await expectNotification(page, AGENT_MESSAGES.addFailed);
    // The 409 shows in the notification and under the Agent ID field, at 1366×768 without scrolling.
    const taken = `An agent with ID "${agentId.toLowerCase()}" already exists`;
    await page.getByRole('alert').filter({ hasText: taken }).first().waitFor();
    await expectErrorUnder(page, add.getByLabel('Agent ID'), taken);
    expect(await errorOf(add.getByLabel(/^Name/))).toBe('');
    await add.getByLabel('Agent ID').fill(`${agentId}-b`);
    expect(await errorOf(add.getByLabel('Agent ID'))).toBe('');
    await add.getByRole('button', { name: 'Cancel' }).click();

    await search(page, agentId);
    const row = table(page).getByRole('row').filter({ hasText: agentId });
    await row.getByText('Shirin Akter').waitFor();
    // Badges are upper-cased by CSS, which innerText reflects.
    expect(await row.innerText()).toMatch(/Virtual[\s\S]*Active/i);

    await row.getByRole('link', { name: 'Edit Shirin Akter' }).click();
    await page.waitForURL('**/editAgent/*');
    const form = page.getByRole('form', { name: 'Edit Agent' });
    expect(await form.getByLabel('Joining date').inputValue()).toBe('2024-05-01');
    await form.getByLabel(/^Name/).fill('Shirin Akter Mim');
    await form.getByLabel('Home district').fill('Bogura');
    await form.getByLabel('Blood group').selectOption('O+');
    await form.getByLabel('Status', { exact: true }).selectOption('Inactive');
    await form.getByRole('button', { name: 'Save' }).click();
    await expectNotification(page, AGENT_MESSAGES.updated);
    await page.waitForURL('**/agents');

    await search(page, agentId);
    const edited = table(page).getByRole('row').filter({ hasText: agentId });
    await edited.getByText('Shirin Akter Mim').waitFor();
    expect(await edited.innerText()).toMatch(/Inactive/i);

    await edited.getByRole('button', { name: 'Delete Shirin Akter Mim' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByText(deleteConfirmation('Shirin Akter Mim')).waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await table(page).getByText('No records found').waitFor();
  });

  it('shows a not-found message for an agent that does not exist', async () => {
    const { page } = t;
    await openAgents(page);
    await page.goto('/editAgent/99999999');
    await page.getByText('Agent not found').waitFor();
  });

  it('shows the per-row report of a bad CSV and stores none of it', async () => {
    const { page } = t;
    const good = `E2E-${run}-G`;
    await openAgents(page);
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Upload' });
    const csv = [
      'type,name,agentId,joiningDate,cellNumber,bankAcNumber,nagadAcNumber,bkashAcNumber,password',
      `Physical,Good Row,${good},2024-01-01,,,,,quiet-river-7`,
      `Remote,Bad Type,E2E-${run}-B1,,,,,,quiet-river-7`,
      `Virtual,,E2E-${run}-B2,31/02/2024,,,,,short`,
    ].join('\n');
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'agents.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(AGENT_MESSAGES.uploadFailed).waitFor();
    const report = dialog.getByRole('table', { name: 'Upload errors' });
    await report.waitFor();
    const rows = (await report.getByRole('row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
    expect(rows).toEqual([
      'Row Column Reason',
      '3 type type must be Physical or Virtual',
      '4 name name is required',
      '4 joiningDate "31/02/2024" is not a date: write yyyy-MM-dd or d/M/yyyy',
      '4 password password must be at least 8 characters',
    ]);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await search(page, good);
    await table(page).getByText('No records found').waitFor();
  });

  it('adds every agent of a good CSV, and offers the template for download', async () => {
    const { page } = t;
    const prefix = `E2E-${run}-U`;
    await openAgents(page);
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Upload' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download template' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('agents_template.csv');
    const template = await fs.readFile(await download.path(), 'utf8');
    expect(template.split(/\r?\n/)[0]).toBe(
      'type,name,agentId,joiningDate,cellNumber,bankAcNumber,nagadAcNumber,bkashAcNumber,password',
    );

    const csv = [
      'type,name,agentId,joiningDate,cellNumber,bankAcNumber,nagadAcNumber,bkashAcNumber,password',
      `Physical,Upload One,${prefix}1,2024-02-01,01711000101,,,,first-river-1`,
      `Virtual,Upload Two,${prefix}2,1/3/2024,01811000102,,,,second-river-2`,
    ].join('\r\n');
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'agents.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectNotification(page, AGENT_MESSAGES.uploaded(2));
    await dialog.waitFor({ state: 'hidden' });
    await search(page, prefix);
    await table(page).getByText('Upload Two').waitFor();
    await table(page).getByText('Upload One').waitFor();
  });
});
