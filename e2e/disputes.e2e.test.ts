// Disputes per criterion in Chromium at 1366×768: an agent disputes two criteria of a QC record; the inspector accepts
// one and keeps the other; the agent sees each outcome and escalates; an admin decides, and the record's total follows.
// Every action button used is proven in view by geometry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type APIRequestContext, type Locator, type Page } from 'playwright-core';
import { bestScores, type TQcRecord } from '@crm/shared';
import { adminHeaders, okJson, signInAsAdmin, signInAsAdminAndWait, signInAsAgent } from './actions.ts';
import { useBrowser } from './browser.ts';
import { CAMPAIGN, QC } from './fixtures.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';
import { vicidialRecordingName, writeRecording } from './recordings.ts';

const t = useBrowser(VIEWPORT);

const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
const AGENT_ID = `DSP-${stamp}`;
const AGENT_NAME = `Dispute Agent ${stamp}`;
const AGENT_PASSWORD = 'calm-harbour-pass';
const CALL_DATE = '2021-06-14';
const NUMBER = `019${stamp}01`;
const RECORDING = vicidialRecordingName({ date: CALL_DATE, number: NUMBER, agentId: AGENT_ID });

let api: APIRequestContext;
let qcHeaders: Record<string, string>;
let record: TQcRecord;

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
  // Greetings No (−5), CRM Need Improvement (10): total 85.
  record = await okJson<TQcRecord>(
    api.post('/api/qcReport/add', {
      headers: qcHeaders,
      data: {
        callDate: CALL_DATE,
        agentId: AGENT_ID,
        campaignName: CAMPAIGN,
        consumerNumber: NUMBER,
        duration: 120,
        ...bestScores(),
        greetings: -5,
        crm: 10,
        suggestion: 'Greet first',
      },
    }),
  );
  // Its recording, linked: the agent asks the inspector to listen again, and the answer dialog plays it.
  await writeRecording(CALL_DATE, RECORDING, 3);
  await okJson(
    api.post('/api/qcReport/add-qc-report-file', {
      headers: qcHeaders,
      data: { qcReport: { id: record.id }, fileName: RECORDING },
    }),
  );
});

afterAll(async () => {
  await api?.dispose();
});

async function expectInView(locator: Locator, what: string): Promise<void> {
  await locator.waitFor();
  expect(inViewport(await boxOf(locator)), `${what} in view`).toBe(true);
}

async function openAgentPage(page: Page): Promise<void> {
  await page.goto('/agent-performance');
  await page.getByRole('heading', { name: 'QC Review', level: 1 }).waitFor();
}

describe('disputes per criterion', () => {
  it('runs a dispute from the agent to the inspector, back to the agent and to an admin', async () => {
    const { page: agent, context } = t;
    expect(record.total).toBe(85);

    // The agent disputes Greetings (should be Yes, 0) and CRM (should be Yes, 20).
    await signInAsAgent(agent, { agentId: AGENT_ID, password: AGENT_PASSWORD, campaign: CAMPAIGN });
    await agent.waitForURL((u) => !u.pathname.startsWith('/login'));
    await openAgentPage(agent);
    const disputeButton = agent.getByRole('button', { name: 'Dispute criteria' });
    await expectInView(disputeButton, 'Dispute criteria');
    // With the recording player in its row, the table still fits its card: nothing is cut off on the right.
    const table = agent.getByRole('table', { name: 'QC Records' });
    const [tableBox, cardBox] = [
      await boxOf(table),
      await boxOf(agent.locator('.mantine-Card-root').filter({ has: table })),
    ];
    expect(tableBox.x + tableBox.width, 'QC Records table within its card').toBeLessThanOrEqual(
      cardBox.x + cardBox.width + 0.5,
    );
    await disputeButton.click();
    const dialog = agent.getByRole('dialog', { name: 'Dispute criteria' });
    await dialog.getByRole('button', { name: 'Raise dispute' }).click();
    await dialog.getByText('Choose at least one criterion to dispute').waitFor();
    await dialog.getByLabel('Greetings', { exact: true }).check();
    await dialog.getByLabel('Right mark of Greetings').selectOption('Yes');
    await dialog.getByLabel('Why Greetings should be that mark').fill('I greeted the customer at 0:03');
    await dialog.getByLabel('CRM', { exact: true }).check();
    await dialog.getByLabel('Right mark of CRM').selectOption('Yes');
    await dialog.getByLabel('Why CRM should be that mark').fill('Every question was asked in order');
    await dialog.getByLabel('Comment').fill('Two marks are wrong');
    await expectInView(dialog.getByRole('button', { name: 'Raise dispute' }), 'Raise dispute');
    await dialog.getByRole('button', { name: 'Raise dispute' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The number is stored normalised (+880…).
    const outcomes = agent.getByRole('row', {
      name: new RegExp(`^Dispute of the call to \\S*${NUMBER.slice(1)} on ${CALL_DATE}$`),
    });
    await outcomes.getByText('Waiting for QC').first().waitFor();
    expect(await outcomes.getByText('Waiting for QC').count()).toBe(3);

    // The inspector accepts Greetings and keeps CRM.
    const inspector = await context.newPage();
    await signInAsAdmin(inspector, QC.username, QC.password);
    await inspector.waitForURL((u) => !u.pathname.startsWith('/login'));
    await inspector.goto('/flag-raised');
    const row = inspector.getByRole('row', { name: `Dispute of ${AGENT_NAME} on ${CALL_DATE}` });
    await row.waitFor();
    await row.getByText(/Due in/).waitFor();
    // The inspector is named by name, not username.
    await row.getByText(`${AGENT_ID} · by ${QC.name}`).waitFor();
    await expectInView(row.getByRole('button', { name: 'Answer' }), 'Answer');
    await row.getByRole('button', { name: 'Answer' }).click();
    const answer = inspector.getByRole('dialog', { name: 'Answer the dispute' });
    await answer.getByText(new RegExp(`scored by ${QC.name}\\.`)).waitFor();
    // The record's recording, to listen to again.
    await answer
      .getByRole('group', { name: `Recording of the call to ${record.consumerNumber} on ${CALL_DATE}` })
      .getByRole('button', { name: 'Play' })
      .waitFor();
    await answer.getByRole('button', { name: 'Save answer' }).click();
    await answer.getByText('Choose Keep, Accept or Change').first().waitFor();
    await answer.locator('[aria-label="Answer on Greetings"]').locator('label', { hasText: 'Accept' }).click();
    await answer.locator('[aria-label="Answer on CRM"]').locator('label', { hasText: 'Keep' }).click();
    await answer.getByLabel('Reason for CRM').fill('Q3 was skipped at 2:10');
    await expectInView(answer.getByRole('button', { name: 'Save answer' }), 'Save answer');
    await answer.getByRole('button', { name: 'Save answer' }).click();
    await answer.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
    const answered = await okJson<TQcRecord>(api.get(`/api/qcReport/getqc/${record.id}`, { headers: qcHeaders }));
    expect(answered).toMatchObject({ greetings: 0, crm: 10, total: 90, agentGrade: 'Exceed Expectation' });
    // Among the answered disputes, each criterion's outcome is a badge, the badges one above the other.
    await inspector
      .getByRole('radiogroup', { name: 'Dispute status' })
      .locator('label', { hasText: 'Answered' })
      .click();
    const done = inspector.getByRole('row', { name: `Dispute of ${AGENT_NAME} on ${CALL_DATE}` });
    const accepted = done.getByLabel('Greetings: Accepted: -5 → 0');
    const kept = done.getByLabel('CRM: Kept at 10');
    expect(await accepted.innerText()).toBe('Accepted');
    expect(await kept.innerText()).toBe('Kept');
    const [a, k] = [await boxOf(accepted), await boxOf(kept)];
    expect(Math.abs(a.x - k.x), 'outcome badges aligned').toBeLessThan(1);
    expect(k.y).toBeGreaterThan(a.y);
    const list = inspector.getByRole('table', { name: 'Disputes' });
    const [listBox, listCard] = [await boxOf(list), await boxOf(inspector.getByRole('region', { name: 'Disputes' }))];
    expect(listBox.x + listBox.width, 'Disputes table within its card').toBeLessThanOrEqual(
      listCard.x + listCard.width + 0.5,
    );

    // The agent sees each outcome and escalates the kept one.
    await openAgentPage(agent);
    await outcomes.getByText('Accepted: -5 → 0').waitFor();
    await outcomes.getByText('Kept at 10').waitFor();
    const escalate = outcomes.getByRole('button', { name: 'Escalate' });
    await expectInView(escalate, 'Escalate');
    await escalate.click();
    const escalation = agent.getByRole('dialog', { name: 'Escalate to an admin' });
    await escalation.getByLabel(/Why the answer is wrong/).fill('Listen from 2:00: Q3 was asked');
    await escalation.getByRole('button', { name: 'Escalate' }).click();
    await escalation.waitFor({ state: 'hidden' });
    await outcomes.getByText('Escalated: waiting for an admin').waitFor();
    expect(await outcomes.getByRole('button', { name: 'Escalate' }).count()).toBe(0);

    // An admin decides: CRM accepted; final.
    const admin = await context.newPage();
    await signInAsAdminAndWait(admin);
    await admin.goto('/flag-raised');
    const escalated = admin.getByRole('row', { name: `Dispute of ${AGENT_NAME} on ${CALL_DATE}` });
    await expectInView(escalated.getByRole('button', { name: 'Decide' }), 'Decide');
    await escalated.getByRole('button', { name: 'Decide' }).click();
    const decision = admin.getByRole('dialog', { name: 'Decide the escalated dispute' });
    expect(await decision.locator('[aria-label="Answer on Greetings"]').count()).toBe(0);
    await decision.locator('[aria-label="Answer on CRM"]').locator('label', { hasText: 'Accept' }).click();
    await expectInView(decision.getByRole('button', { name: 'Save decision' }), 'Save decision');
    await decision.getByRole('button', { name: 'Save decision' }).click();
    await decision.waitFor({ state: 'hidden' });
    await escalated.waitFor({ state: 'detached' });
    const decided = await okJson<TQcRecord>(api.get(`/api/qcReport/getqc/${record.id}`, { headers: qcHeaders }));
    expect(decided).toMatchObject({ greetings: 0, crm: 20, total: 100, version: record.version + 2 });

    // The figures and the settings are there for the admin.
    await admin.getByRole('region', { name: 'Dispute figures' }).getByText('Median h to answer').first().waitFor();
    await admin
      .getByRole('form', { name: 'Dispute settings' })
      .getByLabel(/Days to dispute/)
      .waitFor();

    await openAgentPage(agent);
    await outcomes.getByText('Decided by an admin: final').waitFor();
    await outcomes.getByText('Accepted: 10 → 20').waitFor();
  });
});
