// Scorecards in Chromium at 1366×768 (docs/scorecards.md): an admin builds a 3-section weighted scorecard with an N/A and
// an auto-fail criterion, sees the weights refused with nothing lost, fixes and saves them, scores the preview by
// keyboard, publishes it, gives it to a campaign on the campaign's page and exports it; with 40 criteria, Save and
// Publish stay in view.
import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { SCORECARD_FILE_FORMAT, SCORECARD_MESSAGES, ZScorecardFile, type TCampaign } from '@crm/shared';
import { adminHeaders, okJson, signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';
import { expectErrorUnder } from './field-errors.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);

const editor = (page: Page) => page.getByRole('region', { name: 'Scorecard editor' });
const versionPane = (page: Page) => page.getByRole('region', { name: 'Scorecard version' });
const criterion = (page: Page, n: number) => editor(page).getByRole('group', { name: `Criterion ${n}`, exact: true });
const section = (page: Page, n: number) => editor(page).getByRole('region', { name: `Section ${n}`, exact: true });

async function fillCriterion(
  box: Locator,
  c: { key: string; name: string; question: string; choices?: [string, string][] },
): Promise<void> {
  await box.getByRole('textbox', { name: 'Key' }).fill(c.key);
  await box.getByRole('textbox', { name: 'Criterion name' }).fill(c.name);
  await box.getByRole('textbox', { name: /^Question/ }).fill(c.question);
  for (const [i, [label, marks]] of (c.choices ?? []).entries()) {
    if ((await box.getByRole('textbox', { name: `Choice ${i + 1} label` }).count()) === 0)
      await box.getByRole('button', { name: 'Add choice' }).click();
    await box.getByRole('textbox', { name: `Choice ${i + 1} label` }).fill(label);
    await box.getByRole('textbox', { name: `Choice ${i + 1} marks` }).fill(marks);
  }
}

async function newCampaign(request: APIRequestContext): Promise<TCampaign> {
  const stamp = Date.now();
  return okJson<TCampaign>(
    request.post('/cc/addCampaign', {
      headers: await adminHeaders(request),
      data: { campaignType: 'Outbound', campaignName: `Scorecard Study ${stamp}`, campaignId: `SC-${stamp}` },
    }),
  );
}

describe('scorecards', () => {
  it(
    'builds, refuses and keeps, previews by keyboard, publishes, assigns to a campaign and exports a scorecard',
    { timeout: 180_000 },
    async () => {
      const { page, context } = t;
      const name = `Client QA ${Date.now()}`;
      const campaign = await newCampaign(context.request);
      await signInAsAdminAndWait(page);
      await page.getByRole('navigation').getByRole('link', { name: 'Scorecards' }).click();
      await page.waitForURL('**/scorecards');
      await page.getByRole('heading', { name: 'Scorecards', level: 1 }).waitFor();
      await page.getByRole('region', { name: 'Scorecard list' }).getByRole('button', { name: 'New scorecard' }).click();
      await editor(page).getByText('new', { exact: true }).waitFor();

      await editor(page).getByRole('textbox', { name: 'Scorecard name' }).fill(name);
      await editor(page).locator('label', { hasText: 'Weighted sections' }).click();
      // Section 1: Opening (30), one criterion.
      await section(page, 1).getByRole('textbox', { name: 'Section name' }).fill('Opening');
      await section(page, 1).getByRole('textbox', { name: 'Weight' }).fill('30');
      await fillCriterion(criterion(page, 1), { key: 'greeting', name: 'Greeting', question: 'Greeted by name?' });
      // Section 2: Compliance (40): consent with an auto-fail choice, and a recording notice that may be N/A.
      await editor(page).getByRole('button', { name: 'Add section' }).click();
      await section(page, 2).getByRole('textbox', { name: 'Section name' }).fill('Compliance');
      await section(page, 2).getByRole('textbox', { name: 'Weight' }).fill('40');
      await fillCriterion(criterion(page, 2), {
        key: 'consent',
        name: 'Consent',
        question: 'Was the consent read word for word?',
        choices: [
          ['Yes', '2'],
          ['Partly', '1'],
          ['Misled', '0'],
        ],
      });
      await criterion(page, 2).getByRole('combobox', { name: 'Auto-fail choice' }).selectOption('Misled');
      await section(page, 2).getByRole('button', { name: 'Add criterion to Compliance' }).click();
      await fillCriterion(criterion(page, 3), {
        key: 'recording',
        name: 'Recording notice',
        question: 'Told of recording?',
      });
      await criterion(page, 3).getByRole('checkbox', { name: 'Allow N/A' }).check();
      // Section 3: Close (20: the weights make 90).
      await editor(page).getByRole('button', { name: 'Add section' }).click();
      await section(page, 3).getByRole('textbox', { name: 'Section name' }).fill('Close');
      await section(page, 3).getByRole('textbox', { name: 'Weight' }).fill('20');
      await fillCriterion(criterion(page, 4), { key: 'thanks', name: 'Thanks', question: 'Thanked the customer?' });
      await criterion(page, 4)
        .getByRole('checkbox', { name: /^Comment required/ })
        .check();
      await expect.poll(() => editor(page).getByLabel('Weight sum').innerText()).toBe('90');

      // Save: refused in the server's words, with every field as typed.
      await editor(page).getByRole('button', { name: 'Save', exact: true }).click();
      const refusal = editor(page).getByRole('alert').filter({ hasText: 'The section weights add up to 90, not 100' });
      await refusal.waitFor();
      expect(inViewport(await boxOf(refusal))).toBe(true);
      expect(await editor(page).getByRole('textbox', { name: 'Scorecard name' }).inputValue()).toBe(name);
      expect(await section(page, 3).getByRole('textbox', { name: 'Weight' }).inputValue()).toBe('20');
      expect(await criterion(page, 2).getByRole('textbox', { name: 'Choice 3 label' }).inputValue()).toBe('Misled');
      expect(await criterion(page, 2).getByRole('combobox', { name: 'Auto-fail choice' }).inputValue()).toBe('Misled');
      expect(await criterion(page, 3).getByRole('checkbox', { name: 'Allow N/A' }).isChecked()).toBe(true);
      expect(await criterion(page, 4).getByRole('textbox', { name: 'Key' }).inputValue()).toBe('thanks');
      expect(page.url()).not.toMatch(/[?&]id=/);

      // Fixed, and saved by Ctrl+S.
      await section(page, 3).getByRole('textbox', { name: 'Weight' }).fill('30');
      await expect.poll(() => editor(page).getByLabel('Weight sum').innerText()).toBe('100');
      await section(page, 3).getByRole('textbox', { name: 'Weight' }).press('Control+s');
      await editor(page).getByText('All changes saved').waitFor();
      await page.waitForURL(/[?&]id=\d+/);
      expect(await refusal.count()).toBe(0);
      const id = Number(new URL(page.url()).searchParams.get('id'));
      await page
        .getByRole('region', { name: 'Scorecard list' })
        .getByRole('listitem', { name: `${name} version 1` })
        .waitFor();

      // Preview: scored by keyboard, the live total as the shared arithmetic says.
      await editor(page).getByRole('tab', { name: 'Preview' }).click();
      const total = editor(page).getByLabel('Preview total');
      const result = editor(page).getByLabel('Preview result');
      await editor(page).getByRole('group', { name: '1. Greeting' }).focus();
      await page.keyboard.press('1');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('3');
      await expect.poll(() => result.innerText()).toBe('Fail (auto-fail)');
      expect(await total.innerText()).toBe('0');
      await page.keyboard.press('1');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('n');
      await page.keyboard.press('Tab');
      await page.keyboard.press('2');
      // Opening 30 × 1, Compliance 40 × 2/2 (the recording notice N/A), Close 30 × 0: 70, the pass mark.
      await expect.poll(() => total.innerText()).toBe('70');
      expect(await editor(page).getByLabel('Preview grade').innerText()).toBe('Average Expectation');
      expect(await result.innerText()).toBe('Pass');
      expect(
        await editor(page)
          .getByRole('textbox', { name: /^Comment/ })
          .count(),
      ).toBe(1);
      expect(inViewport(await boxOf(total))).toBe(true);

      // Publish: the read-only version with "Edit a new version".
      await editor(page).getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.getByText(SCORECARD_MESSAGES.published).waitFor();
      await versionPane(page).getByText('v1 published').waitFor();
      await versionPane(page).getByRole('button', { name: 'Edit a new version' }).waitFor();

      // What-if on a campaign without records: nothing moves, and nothing is stored.
      await versionPane(page).getByRole('tab', { name: 'What-if' }).click();
      await versionPane(page).getByRole('combobox', { name: 'Campaign' }).selectOption(campaign.campaignName);
      await versionPane(page).getByRole('button', { name: 'Run what-if' }).click();
      await versionPane(page).getByLabel('Records', { exact: true }).getByText('0').waitFor();
      await versionPane(page)
        .getByText(/Nothing is stored/)
        .first()
        .waitFor();

      // The campaign's page: its in-house QC on the new scorecard.
      await page.goto(`/editCampaign/${campaign.id}`);
      const picker = page.getByRole('region', { name: 'QC scorecards' });
      await picker.getByText('Saved: in-house QC on Standard v1, client QC on Standard v1.').waitFor();
      await picker.getByRole('combobox', { name: 'In-house QC scorecard' }).selectOption({ label: `${name} v1` });
      await picker.getByRole('button', { name: 'Save scorecards' }).click();
      await picker.getByText(`Saved: in-house QC on ${name} v1, client QC on Standard v1.`).waitFor();
      await page.reload();
      await picker.getByText(`Saved: in-house QC on ${name} v1, client QC on Standard v1.`).waitFor();

      // Export: the calldesk-scorecard file of the version, as the shared schema reads it.
      await page.goto(`/scorecards?id=${id}`);
      await versionPane(page).getByText(`Used by ${campaign.campaignName} (in-house)`).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        versionPane(page).getByRole('button', { name: 'Export' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${name}-v1.scorecard.json`);
      const file = ZScorecardFile.parse(JSON.parse(await fs.readFile(await download.path(), 'utf8')));
      expect(file.format).toBe(SCORECARD_FILE_FORMAT);
      expect(file.scorecard.name).toBe(name);
      expect(file.scorecard.sections.map((s) => [s.name, s.weight, s.criteria.map((c) => c.key)])).toEqual([
        ['Opening', 30, ['greeting']],
        ['Compliance', 40, ['consent', 'recording']],
        ['Close', 30, ['thanks']],
      ]);
      expect(file.scorecard.sections[1]!.criteria[0]!.autoFailChoice).toBe('Misled');

      // Import: the same file is refused (the name is taken) in the server's words; under another name it is a draft.
      const list = page.getByRole('region', { name: 'Scorecard list' });
      const importFile = async (content: unknown) => {
        const [chooser] = await Promise.all([
          page.waitForEvent('filechooser'),
          list.getByRole('button', { name: 'Import' }).click(),
        ]);
        await chooser.setFiles({
          name: 'scorecard.json',
          mimeType: 'application/json',
          buffer: Buffer.from(JSON.stringify(content)),
        });
      };
      await importFile(file);
      await page
        .getByRole('alert')
        .filter({ hasText: name })
        .filter({ hasText: /already/ })
        .waitFor();
      await importFile({ ...file, scorecard: { ...file.scorecard, name: `${name} imported` } });
      await page.getByText(SCORECARD_MESSAGES.imported).waitFor();
      await editor(page)
        .getByRole('heading', { name: `${name} imported` })
        .waitFor();
      // A taken name: the server's refusal under the name and at the top, the typing kept; put back, nothing to save.
      const importedName = editor(page).getByRole('textbox', { name: 'Scorecard name' });
      await importedName.fill(name);
      await editor(page).getByRole('button', { name: 'Save', exact: true }).click();
      await expectErrorUnder(page, importedName, `A scorecard named "${name}" already exists`);
      await editor(page).getByRole('alert').filter({ hasText: 'The server refused the save' }).waitFor();
      expect(await importedName.inputValue()).toBe(name);
      await importedName.fill(`${name} imported`);
      await editor(page).getByText('All changes saved').waitFor();

      // Edit a new version: a draft v2 opens; a second one is refused while that draft exists.
      await page.goto(`/scorecards?id=${id}`);
      await versionPane(page).getByRole('button', { name: 'Edit a new version' }).click();
      await editor(page).getByText('v2 draft').waitFor();
      expect(await editor(page).getByRole('textbox', { name: 'Scorecard name' }).inputValue()).toBe(name);
      await list
        .getByRole('listitem', { name: `${name} version 1` })
        .getByRole('button', { name: 'Edit new version' })
        .click();
      await page.getByText(SCORECARD_MESSAGES.draftExists(name, 2)).waitFor();
    },
  );

  it(
    'keeps Save and Publish in view with 40 criteria, and the live total while the preview scrolls',
    { timeout: 180_000 },
    async () => {
      const { page, context } = t;
      const name = `Forty ${Date.now()}`;
      const criteria = Array.from({ length: 40 }, (_, i) => ({
        key: `c${i + 1}`,
        name: `Criterion ${i + 1}`,
        question: `Question ${i + 1}?`,
        choices: [
          { label: 'Met', marks: 2 },
          { label: 'Partly', marks: 1 },
          { label: 'Missed', marks: 0 },
        ],
      }));
      const created = await okJson<{ id: number }>(
        context.request.post('/api/scorecards', {
          headers: await adminHeaders(context.request),
          data: {
            name,
            scoringMode: 'points',
            passMark: 70,
            sections: [
              { name: 'First', criteria: criteria.slice(0, 20) },
              { name: 'Second', criteria: criteria.slice(20) },
            ],
          },
        }),
      );
      await signInAsAdminAndWait(page);
      await page.goto(`/scorecards?id=${created.id}`);
      // 40 criteria's inputs on a busy test machine: their first drawing may take a while.
      await criterion(page, 40).waitFor({ timeout: 60_000 });
      const save = editor(page).getByRole('button', { name: 'Save', exact: true });
      const publish = editor(page).getByRole('button', { name: 'Publish' });
      expect(inViewport(await boxOf(save))).toBe(true);
      expect(inViewport(await boxOf(publish))).toBe(true);

      // The last criterion, scrolled to and changed: the buttons have not moved out of the window, nor has the page.
      await criterion(page, 40).getByRole('textbox', { name: 'Criterion name' }).fill('The last one');
      expect(inViewport(await boxOf(criterion(page, 40).getByRole('textbox', { name: 'Criterion name' })))).toBe(true);
      expect(inViewport(await boxOf(save))).toBe(true);
      expect(inViewport(await boxOf(publish))).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(VIEWPORT.height);
      await editor(page).getByText('Unsaved changes').waitFor();
      // Opening another version asks first; staying keeps the typing.
      await page
        .getByRole('region', { name: 'Scorecard list' })
        .getByRole('listitem', { name: 'Standard version 1' })
        .getByRole('button', { name: 'Open' })
        .click();
      await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Stay' }).click();
      expect(await criterion(page, 40).getByRole('textbox', { name: 'Criterion name' }).inputValue()).toBe(
        'The last one',
      );
      // The list's Publish of this draft would leave the typing out: it points to the editor's Publish instead.
      await page
        .getByRole('region', { name: 'Scorecard list' })
        .getByRole('listitem', { name: `${name} version 1` })
        .getByRole('button', { name: 'Publish' })
        .click();
      await page.getByText(/changes not saved yet: use Publish above the builder/).waitFor();
      await save.click();
      await editor(page).getByText('All changes saved').waitFor();

      // The preview's live total stays in view at the 40th criterion.
      await editor(page).getByRole('tab', { name: 'Preview' }).click();
      await editor(page).getByRole('group', { name: '1. Criterion 1', exact: true }).focus();
      for (let i = 0; i < 40; i += 1) {
        await page.keyboard.press(i % 2 === 0 ? '1' : '2');
        if (i < 39) await page.keyboard.press('ArrowDown');
      }
      // 20 × 2 + 20 × 1 of 80: 75.
      await expect.poll(() => editor(page).getByLabel('Preview total').innerText()).toBe('75');
      expect(inViewport(await boxOf(editor(page).getByRole('group', { name: '40. The last one', exact: true })))).toBe(
        true,
      );
      expect(inViewport(await boxOf(editor(page).getByLabel('Preview total')))).toBe(true);
      expect(inViewport(await boxOf(publish))).toBe(true);
    },
  );
});
