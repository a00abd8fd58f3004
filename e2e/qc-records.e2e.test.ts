// QC records, agent reviews and raised flags in Chromium. Records are made through the API as the demo QC inspector,
// scoring an agent of this file's own (so its QC Review lists only this file's records); then the inspector edits a
// client record (the total follows the marks live) and deletes an in-house one; an edit page at 1366×768 keeps the
// total, Update and the record's player in view on its last row; the agent raises a concern on a record and submits
// a review; the inspector resolves it from Raised Flags; the agent then sees the resolution. An in-house edit is applied
// to the client record of the same call with "Also apply to the client record".
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { request, type APIRequestContext, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { QC_MESSAGES, bestScores, toClientMarks, type TQcClientRecord, type TQcRecord } from '@crm/shared';
import { toneWav, writeRecordings } from '@crm/server/test/test-audio';
import { okJson, adminHeaders, signInAsAdmin, signInAsAgent } from './actions.ts';
import { useBrowser } from './browser.ts';
import { CAMPAIGN, QC } from './fixtures.ts';

const t = useBrowser();

// A day far from the demo's month of QC records.
const CALL_DATE = '2021-09-21';
const AGENT_PASSWORD = 'qc-review-agent-pass';
const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
const AGENT_ID = `QCR-${stamp}`;
const AGENT_NAME = `Rupa Begum ${stamp}`;
/** Local numbers unique to this run; the server stores them normalised (+880…). */
const number = (n: number) => `017${stamp}${String(n).padStart(2, '0')}`;
const RECORDING = `20210921-101500_${number(3)}_${AGENT_ID}-all.wav`;

const best = bestScores;
const bestMarksFields = () => toClientMarks(bestScores());
const call = (n: number) => ({
  callDate: CALL_DATE,
  agentId: AGENT_ID,
  campaignName: CAMPAIGN,
  consumerNumber: number(n),
  duration: 61,
});

let api: APIRequestContext;
let qcHeaders: Record<string, string>;

beforeAll(async () => {
  api = await request.newContext({ baseURL: t.baseUrl });
  await okJson(
    api.post('/api/ac/addAgent', {
      headers: await adminHeaders(api),
      data: { type: 'Physical', name: AGENT_NAME, agentId: AGENT_ID, password: AGENT_PASSWORD },
    }),
  );
  const signIn = await okJson<{ jwtToken: string }>(
    api.post('/api/auth/signInSuperAdmin', { data: { username: QC.username, password: QC.password } }),
  );
  qcHeaders = { Authorization: `Bearer ${signIn.jwtToken}` };
});

afterAll(async () => {
  await api?.dispose();
});

async function addInHouse(n: number, suggestion: string): Promise<TQcRecord> {
  return okJson<TQcRecord>(
    api.post('/api/qcReport/add', {
      headers: qcHeaders,
      data: { ...call(n), ...best(), easVoiceMatchedWithReport: 'yes', suggestion },
    }),
  );
}

async function signInAsInspector(page: Page): Promise<void> {
  await signInAsAdmin(page, QC.username, QC.password);
  await page.waitForURL('**/qcChecking');
}

/** The list row of a consumer number, found through the list's own search. */
async function findListRow(page: Page, listPath: string, record: { consumerNumber: string }): Promise<Locator> {
  await page.goto(listPath);
  await page.getByRole('textbox', { name: 'Search' }).fill(record.consumerNumber);
  const row = page.getByRole('row').filter({ hasText: record.consumerNumber });
  await row.waitFor();
  return row;
}

describe('QC records', () => {
  it('the inspector edits a client record: the total follows the marks, Update saves and the list shows it', async () => {
    const record = await okJson<TQcClientRecord>(
      api.post('/api/qcReport/addforclient', {
        headers: qcHeaders,
        data: { ...call(1), ...bestMarksFields(), suggestionMarks: 'Client is happy' },
      }),
    );
    expect(record.total).toBe(100);
    const { page } = t;
    await signInAsInspector(page);
    const row = await findListRow(page, '/QcRecordsClient', record);
    await expect.poll(() => row.getByRole('cell', { name: 'Exceed Expectation' }).count()).toBe(1);
    await row.getByRole('link', { name: `Edit ${AGENT_NAME}'s record` }).click();

    await page.waitForURL(`**/editClientqc/${record.id}`);
    await page.getByRole('heading', { name: 'Edit Client QC Record' }).waitFor();
    // The QC panel's scorecard: a row of buttons per criterion, the total and grade in the bar under it.
    const total = page.getByLabel('Total', { exact: true });
    await expect.poll(() => total.innerText()).toBe('100');
    const crm = page.getByRole('radiogroup', { name: 'CRM', exact: true });
    expect(await crm.locator('label').allTextContents()).toEqual(['Yes (20)', 'Need Improvement (10)', 'No (0)']);
    await crm.getByText('No (0)', { exact: true }).click();
    expect(await total.innerText()).toBe('80');
    expect(await page.getByLabel('Grade', { exact: true }).innerText()).toBe('Meet Expectation');
    // 1/2/3 on the focused row, as on the panel.
    await page.getByRole('radiogroup', { name: 'Pace', exact: true }).getByText('Yes (10)', { exact: true }).click();
    await page.keyboard.press('2');
    await expect.poll(() => total.innerText()).toBe('75');
    await page.getByLabel('Suggestion').fill('Follow the survey order.');
    await page.getByRole('button', { name: 'Update' }).click();

    await page.getByText(QC_MESSAGES.updateSuccessful, { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/QcRecordsClient');
    const updated = page.getByRole('row').filter({ hasText: record.consumerNumber });
    await updated.getByRole('cell', { name: 'Average Expectation' }).waitFor();
    expect(await updated.getByRole('cell', { name: '75', exact: true }).count()).toBe(1);
    expect(await updated.getByRole('cell', { name: 'Follow the survey order.' }).count()).toBe(1);

    const saved = await okJson<TQcClientRecord>(
      api.get(`/api/qcReport/getClientQc/${record.id}`, { headers: qcHeaders }),
    );
    expect(saved).toMatchObject({
      total: 75,
      agentGrade: 'Average Expectation',
      crmMarks: 0,
      paceMarks: 5,
      suggestionMarks: 'Follow the survey order.',
    });
  });

  it('an edit page keeps the total, the grade, Update and the recording in view while its last row has the focus (1366×768)', async () => {
    const record = await addInHouse(4, 'Mind the hold.');
    const recording = `20210921-103000_${number(4)}_${AGENT_ID}-all.wav`;
    await writeRecordings(inject('recordingsDir'), CALL_DATE, { [recording]: toneWav(3) });
    await okJson(
      api.post('/api/qcReport/add-qc-report-file', {
        headers: qcHeaders,
        data: { qcReport: { id: record.id }, fileName: recording },
      }),
    );
    const browser = t.context.browser();
    if (browser === null) throw new Error('no browser');
    const context = await browser.newContext({ baseURL: t.baseUrl, viewport: { width: 1366, height: 768 } });
    try {
      const page = await context.newPage();
      await signInAsInspector(page);
      await page.goto(`/editqc/${record.id}`);
      await page.getByRole('heading', { name: 'Edit QC Record' }).waitFor();
      // The panel's player and speeds, for the recording linked to the record.
      const player = page.getByRole('group', { name: `Recording ${recording}` });
      await expect.poll(() => player.getByLabel('Time').innerText(), { timeout: 15_000 }).toMatch(/\/ 0:03$/);
      await page.getByRole('radiogroup', { name: 'Playback speed' }).waitFor();

      await page
        .getByRole('radiogroup', { name: 'Greetings', exact: true })
        .getByText('Yes (0)', { exact: true })
        .click();
      for (let i = 0; i < 13; i++) await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => document.activeElement?.closest('[role="radiogroup"]')?.getAttribute('aria-label')),
      ).toBe('Fatal');
      await page.keyboard.press('1');
      const total = page.getByLabel('Total', { exact: true });
      await expect.poll(() => total.innerText()).toBe('0');
      const inViewport = async (locator: Locator) => {
        const box = await locator.boundingBox();
        return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= 768 && box.x + box.width <= 1366;
      };
      const shown = [
        page.getByRole('radiogroup', { name: 'Fatal', exact: true }),
        total,
        page.getByLabel('Grade', { exact: true }),
        page.getByRole('button', { name: 'Update' }),
        player.getByRole('button', { name: /^(Play|Pause)$/ }),
      ];
      for (const locator of shown) await expect.poll(() => inViewport(locator)).toBe(true);
      expect(await page.getByLabel('Grade', { exact: true }).innerText()).toBe('Below Expectation');
    } finally {
      await context.close();
    }
  });

  it('an in-house edit applied to the client record of the call: previewed, ticked, saved on both (1366×768)', async () => {
    const inHouse = await addInHouse(5, 'Keep the pace.');
    const client = await okJson<TQcClientRecord>(
      api.post('/api/qcReport/addforclient', {
        headers: qcHeaders,
        data: {
          ...call(5),
          ...bestMarksFields(),
          easVoiceMatchedWithReportMarks: 'yes',
          suggestionMarks: 'Keep the pace.',
        },
      }),
    );
    const browser = t.context.browser();
    if (browser === null) throw new Error('no browser');
    const context = await browser.newContext({ baseURL: t.baseUrl, viewport: { width: 1366, height: 768 } });
    context.setDefaultTimeout(15_000);
    try {
      const page = await context.newPage();
      await signInAsInspector(page);
      await page.goto(`/editqc/${inHouse.id}`);
      await page.getByRole('heading', { name: 'Edit QC Record' }).waitFor();
      const preview = page.getByTestId('apply-to-client-preview');
      await expect.poll(() => preview.innerText()).toMatch(/change a mark or a text/);
      const option = page.getByLabel('Also apply to the client record');
      expect(await option.isDisabled()).toBe(true);

      await page.getByRole('radiogroup', { name: 'Pace', exact: true }).getByText('No (0)', { exact: true }).click();
      await expect
        .poll(() => preview.innerText())
        .toBe(`Client record #${client.id} would change: Pace: Yes (10) → No (0)`);
      // The client record agreed with the in-house one on Pace: ticked, beside Update, in view.
      expect(await option.isChecked()).toBe(true);
      const inViewport = async (locator: Locator) => {
        const box = await locator.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 768 && box.x + box.width <= 1366;
      };
      await expect.poll(() => inViewport(option)).toBe(true);
      await expect.poll(() => inViewport(page.getByRole('button', { name: 'Update' }))).toBe(true);
      await page.getByRole('button', { name: 'Update' }).click();
      await page.getByText(QC_MESSAGES.appliedToClient('Pace'), { exact: true }).waitFor();
      await page.waitForURL((url) => url.pathname === '/viewQcReports');

      await page.goto(`/editClientqc/${client.id}`);
      await page.getByRole('heading', { name: 'Edit Client QC Record' }).waitFor();
      await expect.poll(() => page.getByLabel('Total', { exact: true }).innerText()).toBe('90');
      const pace = page.getByRole('radiogroup', { name: 'Pace', exact: true });
      expect(await pace.getByRole('radio', { name: 'No (0)' }).isChecked()).toBe(true);
      const history = page.getByRole('region', { name: 'History' });
      await history.getByText(`Applied from in-house QC record #${inHouse.id}`).waitFor();
    } finally {
      await context.close();
    }
  });

  it('the inspector deletes a record after "Are you sure?", and the list reloads without it', async () => {
    const record = await addInHouse(2, 'To be deleted');
    const { page } = t;
    await signInAsInspector(page);
    const row = await findListRow(page, '/viewQcReports', record);
    await row.getByRole('button', { name: `Delete ${AGENT_NAME}'s record` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure?').waitFor();
    await dialog.getByText(QC_MESSAGES.deleteText(AGENT_NAME)).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await row.count()).toBe(1);

    await row.getByRole('button', { name: `Delete ${AGENT_NAME}'s record` }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('No records match these filters.').waitFor();
    expect(await page.getByRole('row').filter({ hasText: record.consumerNumber }).count()).toBe(0);
    const gone = await api.get(`/api/qcReport/getqc/${record.id}`, { headers: qcHeaders });
    expect(gone.status()).toBe(404);
  });
});

describe('agent review and raised flags', () => {
  it('the agent raises a concern and submits; the inspector resolves it; the agent sees the resolution', async () => {
    const record = await addInHouse(3, 'Greet the customer by name.');
    await writeRecordings(inject('recordingsDir'), CALL_DATE, { [RECORDING]: toneWav(2) });
    await okJson(
      api.post('/api/qcReport/add-qc-report-file', {
        headers: qcHeaders,
        data: { qcReport: { id: record.id }, fileName: RECORDING },
      }),
    );

    // The agent: QC Review.
    const { page } = t;
    await signInAsAgent(page, { agentId: AGENT_ID, password: AGENT_PASSWORD, campaign: CAMPAIGN, shift: 'Morning' });
    await page.waitForURL('**/CRM**');
    await page.goto('/agent-performance');
    await page.getByRole('heading', { name: 'QC Review' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: record.consumerNumber });
    await row.waitFor();
    expect(await row.getByRole('cell', { name: 'Greet the customer by name.' }).count()).toBe(1);
    await row.getByRole('button', { name: 'Play' }).waitFor();
    await expect.poll(() => row.getByText(/0:00 \/ 0:02/).count(), { timeout: 10_000 }).toBe(1);

    const flag = row.getByRole('button', { name: 'Raise Concern' });
    expect(await flag.getAttribute('aria-pressed')).toBe('false');
    await flag.click();
    await page.getByText(QC_MESSAGES.concernRaised, { exact: true }).waitFor();
    expect(await flag.getAttribute('aria-pressed')).toBe('true');
    await row.getByLabel('Agreed?').selectOption('No');
    expect(await row.getByLabel('Agent Comment').getAttribute('placeholder')).toBe(QC_MESSAGES.commentPlaceholder);
    await row.getByLabel('Agent Comment').fill('The customer hung up before the greeting.');
    await row.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByText(QC_MESSAGES.reviewSubmitted, { exact: true }).waitFor();
    await row.getByText('The customer hung up before the greeting.').waitFor();
    await row.getByRole('img', { name: 'Concern raised' }).waitFor();
    expect(await row.getByRole('button', { name: 'Submit Review' }).count()).toBe(0);
    expect(await row.getByText('Submitted', { exact: true }).count()).toBe(1);

    // The inspector: Raised Flags, in a browser of their own.
    const browser = t.context.browser();
    if (browser === null) throw new Error('no browser');
    const inspector: BrowserContext = await browser.newContext({
      baseURL: t.baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    try {
      const qcPage = await inspector.newPage();
      await signInAsInspector(qcPage);
      await qcPage.goto('/flag-raised');
      await qcPage.getByRole('heading', { name: 'Concerned List' }).waitFor();
      const flagRow = qcPage.getByRole('row').filter({ hasText: record.consumerNumber });
      await flagRow.waitFor();
      expect(await flagRow.getByText(AGENT_NAME).count()).toBe(1);
      expect(await flagRow.getByRole('img', { name: 'Concern raised' }).count()).toBe(1);
      expect(await flagRow.getByRole('cell', { name: 'The customer hung up before the greeting.' }).count()).toBe(1);
      await flagRow.getByRole('button', { name: 'Play' }).waitFor();
      await flagRow.getByLabel('Resolved Comment').fill('Listened again: the marks stand, the greeting was missed.');
      await flagRow.getByRole('button', { name: 'Resolved' }).click();
      await qcPage.getByText(QC_MESSAGES.reviewResolved, { exact: true }).waitFor();
      await flagRow.waitFor({ state: 'detached' });
    } finally {
      await inspector.close();
    }

    // The agent again: the row now shows the resolution.
    await page.reload();
    const resolved = page.getByRole('row').filter({ hasText: record.consumerNumber });
    await resolved.getByText('Resolved', { exact: true }).waitFor();
    expect(await resolved.getByRole('button', { name: 'Submit Review' }).count()).toBe(0);
    const resolution = page.getByRole('row', {
      name: `Resolution of the review of the call to ${record.consumerNumber} on ${CALL_DATE}`,
    });
    await resolution.getByText('Listened again: the marks stand, the greeting was missed.').waitFor();
    expect(
      await resolution
        .getByText(new RegExp(`^by ${QC.username.replace('.', '\\.')} on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d$`))
        .count(),
    ).toBe(1);
  });
});
