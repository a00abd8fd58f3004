// A client account in Chromium at 1366×768 (docs/guide/clients.md): the admin creates it on the Users screen with the
// demo campaign; the client signs in on the admin form, lands on /client, reaches its campaign's results by keyboard,
// reads its client QC records with the number masked and no edit or delete, plays a record's recording (the admin
// allowed it), and a staff screen by address sends it home.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import { bestScores, toClientMarks } from '@crm/shared';
import { okJson, signInAsAdmin } from './actions.ts';
import { useBrowser } from './browser.ts';
import { ADMIN, AGENT, CAMPAIGN, QC } from './fixtures.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';
import { vicidialRecordingName, writeRecording } from './recordings.ts';

const t = useBrowser(VIEWPORT);

// A day far from the demo's records and the other tests' days.
const CALL_DATE = '2018-03-14';
const NUMBER = '01719998877';

let api: APIRequestContext;

beforeAll(async () => {
  api = await request.newContext({ baseURL: t.baseUrl });
  const { jwtToken } = await okJson<{ jwtToken: string }>(
    api.post('/api/auth/signInSuperAdmin', { data: { username: QC.username, password: QC.password } }),
  );
  // The demo inspector's client record of a call of the demo campaign, its recording linked: what the client reads.
  const auth = { Authorization: `Bearer ${jwtToken}` };
  const recording = vicidialRecordingName({ date: CALL_DATE, number: NUMBER, agentId: AGENT.username });
  await writeRecording(CALL_DATE, recording, 3);
  const record = await okJson<{ id: number }>(
    api.post('/api/qcReport/addforclient', {
      headers: auth,
      data: {
        callDate: CALL_DATE,
        agentId: AGENT.username,
        campaignName: CAMPAIGN,
        consumerNumber: NUMBER,
        duration: 75,
        fatalReasonMarks: '',
        easVoiceMatchedWithReportMarks: 'Yes',
        suggestionMarks: 'Clear introduction',
        ...toClientMarks(bestScores()),
      },
    }),
  );
  await okJson(
    api.post('/api/qcReport/add-qc-report-file', {
      headers: auth,
      data: { qcReport: { id: record.id }, fileName: recording },
    }),
  );
});

afterAll(async () => {
  await api?.dispose();
});

/** Presses Tab until the element named `name` has the focus (at most `limit` presses): the keyboard path to it. */
async function tabTo(page: Page, name: string, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(
      () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
    );
    if (focused === name) return;
  }
  throw new Error(`${name} is not reached by ${limit} presses of Tab`);
}

describe('a client account', () => {
  it('is created by the admin, lands on /client, opens results and its client QC records, and nothing else', async () => {
    const { page, context } = t;
    const username = `client.e2e${Date.now()}`;
    const password = 'e2e-client-password';
    const name = `Radiant Foods ${Date.now()}`;

    await signInAsAdmin(page, ADMIN.username, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add client account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add client account' });
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByLabel(/^Password/).fill(password);
    // No campaign yet: the schema's words under the field, nothing sent.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Campaigns must name at least one campaign').waitFor();
    await dialog.getByLabel(/^Campaigns/).fill(CAMPAIGN);
    await page.getByRole('option', { name: CAMPAIGN, exact: true }).click();
    // On to the next field by keyboard: the list closes, the choice stays.
    await page.keyboard.press('Tab');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    const recordings = dialog.getByRole('switch', { name: /May play recordings/ });
    await recordings.check();
    expect(await recordings.isChecked()).toBe(true);
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(inViewport(await boxOf(save))).toBe(true);
    await save.click();
    await page
      .getByRole('alert')
      .filter({ hasText: `Client account "${username}" added.` })
      .waitFor();
    await page.getByLabel('Search', { exact: true }).fill(username);
    const row = page.getByRole('table', { name: 'User List' }).getByRole('row').filter({ hasText: username });
    await row.getByText(CAMPAIGN).waitFor();
    expect(await row.innerText()).toContain('Client');

    // The client signs in on the same form, in a tab of its own.
    const client = await context.newPage();
    await signInAsAdmin(client, username, password);
    await client.waitForURL('**/client');
    await client.getByRole('heading', { name, level: 1 }).waitFor();
    const card = client.getByRole('region', { name: CAMPAIGN });
    const results = card.getByRole('link', { name: `Survey results of ${CAMPAIGN}` });
    const records = card.getByRole('link', { name: `Client QC records of ${CAMPAIGN}` });
    for (const control of [results, records]) expect(inViewport(await boxOf(control))).toBe(true);
    // Only the client's menu.
    const menu = client.getByRole('navigation', { name: 'Client' });
    await menu.getByRole('link', { name: 'QC Records' }).waitFor();
    expect(await client.getByRole('link', { name: 'Users' }).count()).toBe(0);

    // The frequent action by keyboard: the campaign's results.
    await tabTo(client, `Survey results of ${CAMPAIGN}`);
    await client.keyboard.press('Enter');
    await client.waitForURL((url) => url.pathname === '/results' && url.searchParams.get('campaignName') === CAMPAIGN);

    await client.goBack();
    await client.waitForURL('**/client');
    await records.click();
    await client.waitForURL((url) => url.pathname === '/QcRecordsClient');
    await client.getByRole('heading', { name: 'QC Records Client', level: 1 }).waitFor();
    await client.getByLabel('Call date', { exact: true }).fill(CALL_DATE);
    await client.waitForURL((url) => url.searchParams.get('date') === CALL_DATE);
    const list = client.getByRole('table', { name: 'Record List' });
    // Stored as +8801719998877: every digit but the last 4 hidden.
    const recordRow = list.getByRole('row').filter({ hasText: '•••••••••8877' });
    await recordRow.waitFor();
    expect(await list.innerText()).not.toContain('1719998877');
    expect(await list.getByRole('columnheader', { name: 'Action' }).count()).toBe(0);
    expect(await recordRow.getByRole('button', { name: /Delete/ }).count()).toBe(0);

    // The admin allowed recordings: the record's Play asks the server by the record's id and plays it.
    const label = `Recording of ${AGENT.name}'s call of ${CALL_DATE}`;
    await list.getByRole('columnheader', { name: 'Recording' }).waitFor();
    const play = recordRow.getByRole('button', { name: label });
    expect(inViewport(await boxOf(play))).toBe(true);
    await play.click();
    const player = recordRow.getByRole('group', { name: label });
    await player.getByLabel('Time').filter({ hasText: '0:03' }).waitFor();
    const audio = recordRow.locator('audio');
    const src = (await audio.getAttribute('src')) ?? '';
    expect(src).toContain(`/api/clients/recordings/`);
    expect(src).not.toContain('8877');
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(1);
    expect(inViewport(await boxOf(player))).toBe(true);

    // A staff screen by its address: back to the client's landing page.
    await client.goto('/dashboard');
    await client.waitForURL('**/client');
    await client.getByRole('heading', { name, level: 1 }).waitFor();
  });
});
