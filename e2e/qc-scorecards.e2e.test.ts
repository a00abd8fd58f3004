// The QC panel scoring a call on a scorecard of the campaign's own in Chromium at 1366×768 (issue 36): a 3-section
// scorecard scored by keyboard only (digits, N, arrows) with the live total as scoreMarks gives it, Submit refused on
// the criterion that needs a comment with every pick kept, then saved (read back through the API), then its edit page
// saving the fatal reason, the EAS answer and the suggestion; and with a 40-criterion scorecard, the last criterion focused by keyboard with the total and Submit in view. The campaign goes
// back to "Standard" afterwards.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import { sql } from 'kysely';
import {
  GENERATED_FOR_D,
  QC_MESSAGES,
  scoreMarks,
  type TPaged,
  type TQcRecord,
  type TScorecard,
  type TScorecardMark,
} from '@crm/shared';
import { threeSectionCard } from '@crm/shared/test/three-section-scorecard';
import { createKysely } from '@crm/server/db/connect';
import type { Db } from '@crm/server/db/schema';
import { adminHeaders, okJson, signInAsAdmin } from './actions.ts';
import { useBrowser } from './browser.ts';
import { CAMPAIGN, QC } from './fixtures.ts';
import { vicidialRecordingName, writeRecording } from './recordings.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);

const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
// A call date of this file's own: no other test's recordings or QC records fall on it.
const CALL_DATE = '2021-12-02';
const AGENT_ID = 'AG-1001';

const yesNo = (yes: number) => [
  { label: 'Yes', marks: yes },
  { label: 'No', marks: 0 },
];
type TChoice = { label: string; marks: number };
const criterion = (key: string, name: string, choices: TChoice[], more: Record<string, unknown> = {}) => ({
  key,
  name,
  question: `${name}?`,
  choices,
  allowNa: false,
  autoFailChoice: null,
  commentRequired: false,
  ...more,
});

const THREE_SECTIONS = threeSectionCard(`Panel card ${stamp}`);

const FORTY_CRITERIA = {
  name: `Long card ${stamp}`,
  scoringMode: 'points',
  passMark: 70,
  sections: [1, 2, 3, 4].map((s) => ({
    name: `Part ${s}`,
    criteria: Array.from({ length: 10 }, (_, i) => criterion(`c${s}x${i + 1}`, `Check ${s}.${i + 1}`, yesNo(5))),
  })),
};

let db: Db;
let api: APIRequestContext;
let admin: Record<string, string>;
let qcHeaders: Record<string, string>;
let card: TScorecard;
let longCard: TScorecard;
let number = { e164: '', local: '' };

async function createPublished(definition: object): Promise<TScorecard> {
  const created = await okJson<{ id: number }>(api.post('/api/scorecards', { headers: admin, data: definition }));
  await okJson(api.post(`/api/scorecards/${created.id}/publish`, { headers: admin }));
  return okJson<TScorecard>(api.get(`/api/scorecards/${created.id}`, { headers: admin }));
}

async function assign(inHouse: number) {
  await okJson(
    api.put('/api/campaign-scorecards', { headers: admin, data: { campaignName: CAMPAIGN, inHouse, client: 1 } }),
  );
}

beforeAll(async () => {
  db = createKysely(inject('databaseUrl'), 2);
  // A called, answered generated lead of the demo campaign, clear of the ones other files pick.
  const row = await db
    .selectFrom('leads')
    .innerJoin('campaigns', 'campaigns.id', 'leads.campaignId')
    .select(['leads.cellNumber'])
    .where('campaigns.campaignName', '=', CAMPAIGN)
    .where('leads.forD', '=', GENERATED_FOR_D)
    .where('leads.isCalled', '=', 1)
    .where(sql<boolean>`leads.answers ? 'Q2'`)
    .orderBy('leads.id', 'desc')
    .offset(70)
    .limit(1)
    .executeTakeFirstOrThrow();
  number = { e164: row.cellNumber, local: row.cellNumber.replace(/^\+880/, '0') };
  // One recording of the call: its agent is the one scored.
  await writeRecording(
    CALL_DATE,
    vicidialRecordingName({ date: CALL_DATE, time: '11:05:00', number: number.local, agentId: AGENT_ID }),
    3,
  );

  api = await request.newContext({ baseURL: t.baseUrl });
  admin = await adminHeaders(api);
  const signIn = await okJson<{ jwtToken: string }>(
    api.post('/api/auth/signInSuperAdmin', { data: { username: QC.username, password: QC.password } }),
  );
  qcHeaders = { Authorization: `Bearer ${signIn.jwtToken}` };
  card = await createPublished(THREE_SECTIONS);
  longCard = await createPublished(FORTY_CRITERIA);
});

afterAll(async () => {
  // Every other browser test scores this campaign on "Standard".
  await api
    ?.put('/api/campaign-scorecards', { headers: admin, data: { campaignName: CAMPAIGN, inHouse: 1, client: 1 } })
    .catch(() => undefined);
  await api?.dispose();
  await db?.destroy();
});

async function openAndSearch(page: Page) {
  await signInAsAdmin(page, QC.username, QC.password);
  await page.waitForURL('**/qcChecking');
  await page.getByRole('heading', { name: 'QC Panel', level: 1 }).waitFor();
  await page.getByLabel('Campaign').selectOption(CAMPAIGN);
  await page.getByLabel('Consumer number').fill(number.local);
  await page.getByRole('textbox', { name: 'Call date' }).fill(CALL_DATE);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // The call's one recording found: its agent is picked.
  await expect.poll(() => page.getByRole('combobox', { name: 'Agent' }).inputValue()).toContain(AGENT_ID);
}

const row = (page: Page, name: string) => page.getByRole('group', { name: `Marks 1: ${name}`, exact: true });
const focusedCriterion = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[data-criterion]')?.getAttribute('data-criterion') ?? null);
const chosen = (page: Page, name: string) =>
  page
    .getByRole('radiogroup', { name: `Marks 1: ${name}`, exact: true })
    .locator('[aria-checked="true"]')
    .getAttribute('aria-label');
const total = (page: Page) => page.getByLabel('Marks 1 total').innerText();
const notification = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

describe("the QC panel on a scorecard of the campaign's own", () => {
  it('scores by keyboard with the live total, refuses a missing comment on its criterion, saves, and edits its texts', async () => {
    const { page } = t;
    await assign(card.id);
    await openAndSearch(page);
    await row(page, 'Greeting').waitFor();

    // Every criterion starts at its best choice.
    let marks: TScorecardMark[] = [
      { key: 'greet', choice: 'Yes', comment: '' },
      { key: 'listen', choice: 'Good', comment: '' },
      { key: 'solve', choice: 'Yes', comment: '' },
      { key: 'compliance', choice: 'Yes', comment: '' },
      { key: 'wrapup', choice: 'Yes', comment: '' },
    ];
    const pick = (key: string, choice: string | null) => {
      marks = marks.map((m) => (m.key === key ? { ...m, choice } : m));
      return String(scoreMarks(card, marks).total);
    };
    await expect.poll(() => total(page)).toBe(String(scoreMarks(card, marks).total));

    await row(page, 'Greeting').focus();
    await expect.poll(() => focusedCriterion(page)).toBe('greet');
    // N: N/A; the next criterion takes the focus.
    await page.keyboard.press('N');
    await expect.poll(() => total(page)).toBe(pick('greet', null));
    await expect.poll(() => focusedCriterion(page)).toBe('listen');
    // 2: Fair, below the best, where a comment is required.
    await page.keyboard.press('2');
    await expect.poll(() => total(page)).toBe(pick('listen', 'Fair'));
    await expect.poll(() => focusedCriterion(page)).toBe('solve');
    // ↓ to Compliance, 2: its auto-fail choice zeroes the total.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedCriterion(page)).toBe('compliance');
    await page.keyboard.press('2');
    const failed = pick('compliance', 'Breach');
    expect(failed).toBe('0');
    await expect.poll(() => total(page)).toBe(failed);
    await expect.poll(() => focusedCriterion(page)).toBe('wrapup');
    // ↑ back and 1: Yes again; then No on Wrap-up.
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focusedCriterion(page)).toBe('compliance');
    await page.keyboard.press('1');
    await expect.poll(() => total(page)).toBe(pick('compliance', 'Yes'));
    await expect.poll(() => focusedCriterion(page)).toBe('wrapup');
    await page.keyboard.press('2');
    const expected = pick('wrapup', 'No');
    await expect.poll(() => total(page)).toBe(expected);
    expect(expected).not.toBe('100');

    // Submit without the comment: refused on that criterion, every pick kept, nothing saved.
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    await submit.click();
    const problem = page.getByRole('alert', { name: 'Problem with Active listening' });
    await problem.waitFor();
    expect(await problem.innerText()).toBe('Active listening needs a comment when it is not at its best mark');
    expect(await row(page, 'Active listening').getAttribute('aria-invalid')).toBe('true');
    expect(await chosen(page, 'Greeting')).toBe('N/A');
    expect(await chosen(page, 'Active listening')).toBe('Fair (5)');
    expect(await chosen(page, 'Resolution')).toBe('Yes (10)');
    expect(await chosen(page, 'Compliance')).toBe('Yes (10)');
    expect(await chosen(page, 'Wrap-up')).toBe('No (0)');
    expect(await total(page)).toBe(expected);

    // C on the criterion: its comment box, typed into.
    await row(page, 'Active listening').focus();
    await page.keyboard.press('C');
    const comment = page.getByLabel('Comment on Marks 1: Active listening');
    await expect.poll(() => comment.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.type('Talked over the caller twice');
    await expect.poll(() => comment.inputValue()).toBe('Talked over the caller twice');
    await submit.click();
    await notification(page, QC_MESSAGES.reportSubmitted).waitFor();

    const listed = await okJson<TPaged<TQcRecord>>(
      api.get('/api/qcReport/getqcreportbyqcinspector', {
        headers: qcHeaders,
        params: { username: QC.username, date: CALL_DATE, size: 100 },
      }),
    );
    const mine = listed.response.content.filter((r) => r.consumerNumber === number.e164 && r.scorecardId === card.id);
    expect(mine).toHaveLength(1);
    const saved = await okJson<TQcRecord>(api.get(`/api/qcReport/getqc/${mine[0]!.id}`, { headers: admin }));
    expect(String(saved.total)).toBe(expected);
    const byKey = Object.fromEntries((saved.scorecard?.criteria ?? []).map((c) => [c.key, c]));
    expect(byKey.greet).toMatchObject({ choice: null, marks: null });
    expect(byKey.listen).toMatchObject({ choice: 'Fair', marks: 5, comment: 'Talked over the caller twice' });
    expect(byKey.solve).toMatchObject({ choice: 'Yes', marks: 10 });
    expect(byKey.compliance).toMatchObject({ choice: 'Yes', marks: 10, autoFailed: false });
    expect(byKey.wrapup).toMatchObject({ choice: 'No', marks: 0 });

    // The record's edit page: its scorecard's form with the Standard edit's texts, each one saved.
    await page.goto(`/editqc/${saved.id}`);
    const edit = page.getByRole('form', { name: `Edit on ${card.name} v${card.version}` });
    await edit.waitFor();
    await edit.getByRole('textbox', { name: 'Fatal Reason' }).fill('Talked over the caller');
    await edit.getByRole('combobox', { name: 'EAS voice matched with report ?' }).selectOption('No');
    await edit.getByRole('textbox', { name: 'Suggestion' }).fill('Let the caller finish');
    await edit.getByRole('button', { name: 'Update' }).click();
    await notification(page, QC_MESSAGES.updateSuccessful).waitFor();
    const edited = await okJson<TQcRecord>(api.get(`/api/qcReport/getqc/${saved.id}`, { headers: admin }));
    expect(edited).toMatchObject({
      fatalReason: 'Talked over the caller',
      easVoiceMatchedWithReport: 'No',
      suggestion: 'Let the caller finish',
      total: saved.total,
    });
  });

  it('keeps the total and Submit in the 1366×768 viewport with the 40th criterion focused by keyboard', async () => {
    const { page } = t;
    await assign(longCard.id);
    await openAndSearch(page);
    await row(page, 'Check 1.1').waitFor();
    await row(page, 'Check 1.1').focus();
    await expect.poll(() => focusedCriterion(page)).toBe('c1x1');
    for (let i = 0; i < 39; i++) await page.keyboard.press(i % 2 === 0 ? 'ArrowDown' : 'J');
    await expect.poll(() => focusedCriterion(page)).toBe('c4x10');

    const inView = {
      total: page.getByLabel('Marks 1 total'),
      submit: page.getByRole('button', { name: 'Submit', exact: true }),
      lastCriterion: row(page, 'Check 4.10'),
    };
    for (const [name, locator] of Object.entries(inView))
      await expect
        .poll(async () => inViewport(await boxOf(locator)), { message: `${name} in the viewport` })
        .toBe(true);
    // Nothing covers the focused criterion: it ends above the sticky Score bar.
    const box = await boxOf(inView.lastCriterion);
    expect(box.y + box.height).toBeLessThanOrEqual((await boxOf(page.getByRole('region', { name: 'Score' }))).y);
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-criterion]')?.getAttribute('data-criterion'),
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(hit).toBe('c4x10');
  });
});
