// The QC queue in Chromium at 1366×768, as the demo QC inspector: two recorded calls of a demo agent signed into the
// demo campaign on a day of this file's own are listed with their automatic checks; N (Score next) claims the oldest
// and opens the QC panel with campaign, number and date filled in, the call searched and its recording chosen; back
// on the queue the claim shows as the inspector's own, and Release frees it.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import { machineTimeZone, startOfLocalDay } from '@crm/shared';
import { createKysely } from '../apps/server/src/db/database.ts';
import type { Db } from '../apps/server/src/db/schema.ts';
import { signInAsAdmin } from './actions.ts';
import { useBrowser } from './browser.ts';
import { CAMPAIGN, QC } from './fixtures.ts';
import { vicidialRecordingName, writeRecording } from './recordings.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);

// A call date and numbers of this file's own: no other test's recordings or QC records fall on them.
const CALL_DATE = '2021-10-23';
const AGENT_ID = 'AG-1001';
const FIRST_NUMBER = '01755502301';
const SECOND_NUMBER = '01755502302';
const firstCall = vicidialRecordingName({ date: CALL_DATE, time: '09:15:00', number: FIRST_NUMBER, agentId: AGENT_ID });
const secondCall = vicidialRecordingName({ date: CALL_DATE, time: '11:40:00', number: SECOND_NUMBER, agentId: AGENT_ID });

let db: Db;
let api: APIRequestContext;
let qcHeaders: Record<string, string>;

beforeAll(async () => {
  db = createKysely(inject('databaseUrl'), 2);
  // The agent signed into the demo campaign that morning (the server's zone is this machine's: no TIME_ZONE is set).
  const agent = await db.selectFrom('users').select(['id', 'name']).where('username', '=', AGENT_ID).executeTakeFirstOrThrow();
  const campaign = await db.selectFrom('campaigns').select('id').where('campaignName', '=', CAMPAIGN).executeTakeFirstOrThrow();
  const signedInAt = new Date(startOfLocalDay(CALL_DATE, machineTimeZone()).getTime() + 8 * 3_600_000);
  await db.insertInto('agentSessions').values({
    userId: agent.id, agentId: AGENT_ID, agentName: agent.name, shift: 'Morning', campaignId: campaign.id, campaignName: CAMPAIGN, signedInAt, expiresAt: new Date(signedInAt.getTime() + 8 * 3_600_000),
  }).execute();
  await writeRecording(CALL_DATE, firstCall, 40);
  await writeRecording(CALL_DATE, secondCall, 45);

  api = await request.newContext({ baseURL: t.baseUrl });
  const signIn = await api.post('/api/auth/signInSuperAdmin', { data: { username: QC.username, password: QC.password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  qcHeaders = { Authorization: `Bearer ${((await signIn.json()) as { jwtToken: string }).jwtToken}` };
  // A search reads the day's folder into the recordings index (the scanner would, in its own time).
  const search = await api.get('/api/voicelog/search', { headers: qcHeaders, params: { directory: CALL_DATE, msisdn: FIRST_NUMBER } });
  expect(search.status(), await search.text()).toBe(200);
}, 120_000);

afterAll(async () => {
  await api?.dispose();
  await db?.destroy();
});

const queueTable = (page: Page) => page.getByRole('table', { name: 'Calls to score' });
const rowOf = (page: Page, number: string) => queueTable(page).getByRole('row').filter({ hasText: number });

async function openQueue(page: Page) {
  await page.goto(`/qcQueue?campaignName=${encodeURIComponent(CAMPAIGN)}&date=${CALL_DATE}`);
  await page.getByRole('heading', { name: 'QC Queue', level: 1 }).waitFor();
  await rowOf(page, FIRST_NUMBER).waitFor({ timeout: 15_000 });
}

describe('the QC queue', () => {
  it('lists the calls with their checks, and N opens the oldest in the QC panel, searched, with its recording chosen', async () => {
    const { page } = t;
    await signInAsAdmin(page, QC.username, QC.password);
    await page.waitForURL('**/qcChecking');
    await openQueue(page);

    // Both calls, oldest first, each with its agent, duration and chips.
    const rows = queueTable(page).locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).innerText()).toContain(FIRST_NUMBER);
    expect(await rows.nth(1).innerText()).toContain(SECOND_NUMBER);
    const first = rowOf(page, FIRST_NUMBER);
    expect(await first.innerText()).toMatch(/09:15:00[\s\S]*AG-1001[\s\S]*0:40[\s\S]*Free/);
    await first.getByRole('list', { name: /^Automatic checks/ }).waitFor();
    expect(await first.getByRole('listitem').count()).toBeGreaterThan(0);

    // At 1366×768 the filters, Score next and the rows are on screen, nothing wider than the window.
    const scoreNext = page.getByRole('button', { name: /Score next/ });
    for (const shown of [scoreNext, page.getByLabel('Campaign'), page.getByRole('textbox', { name: 'Call date' }), first, rowOf(page, SECOND_NUMBER)]) {
      expect(inViewport(await boxOf(shown))).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORT.width);

    await page.getByRole('heading', { name: 'QC Queue', level: 1 }).click();
    await page.keyboard.press('n');
    await page.waitForURL((url) => url.pathname === '/qcChecking');
    await page.getByRole('heading', { name: 'QC Panel', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Consumer number').inputValue()).toBe(FIRST_NUMBER);
    expect(await page.getByLabel('Campaign').inputValue()).toBe(CAMPAIGN);
    expect(await page.getByRole('textbox', { name: 'Call date' }).inputValue()).toBe(CALL_DATE);
    const records = page.getByRole('region', { name: 'Call Records' });
    const chosen = records.getByRole('listitem').filter({ hasText: firstCall });
    await expect.poll(() => chosen.getAttribute('aria-current'), { timeout: 15_000 }).toBe('true');
    expect(inViewport(await boxOf(chosen))).toBe(true);
    // The call's names left the address: a reload does not search again.
    expect(new URL(page.url()).search).not.toContain('consumerNumber');
  });

  it('shows the claim as the inspector’s own with its time left, and Release frees it', async () => {
    const { page } = t;
    await signInAsAdmin(page, QC.username, QC.password);
    await page.waitForURL('**/qcChecking');
    await openQueue(page);
    const first = rowOf(page, FIRST_NUMBER);
    await expect.poll(() => first.innerText()).toMatch(/You · 1[45] min left/);
    expect(await rowOf(page, SECOND_NUMBER).innerText()).toContain('Free');
    const release = first.getByRole('button', { name: `Release the call of ${FIRST_NUMBER}` });
    expect(inViewport(await boxOf(release))).toBe(true);
    await release.click();
    await expect.poll(() => first.innerText()).toContain('Free');
    const claims = await db.selectFrom('qcQueueClaims').innerJoin('recordings', 'recordings.id', 'qcQueueClaims.recordingId').select('qcQueueClaims.id').where('recordings.callDate', '=', CALL_DATE).execute();
    expect(claims).toEqual([]);
  });
});
