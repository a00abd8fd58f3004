// Disputes on a scorecard of the campaign's own in Chromium at 1366×768 (issue 36): the agent disputes a criterion of a
// record scored on a 3-section scorecard, choosing the right choice by its label; the inspector answers by accepting
// it, and the record is scored again on its version; the outcome reads by the choices' labels, marks beside them, on
// both sides. The campaign goes back to "Standard" afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type APIRequestContext } from 'playwright-core';
import type { TQcRecord } from '@crm/shared';
import { threeSectionCard } from '@crm/shared/test/three-section-scorecard';
import { adminHeaders, okJson, signInAsAdmin, signInAsAgent } from './actions.ts';
import { useBrowser } from './browser.ts';
import { CAMPAIGN, QC } from './fixtures.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);

const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
const AGENT_ID = `DSC-${stamp}`;
const AGENT_NAME = `Card Agent ${stamp}`;
const AGENT_PASSWORD = 'calm-harbour-pass';
const CALL_DATE = '2021-06-15';
const NUMBER = `018${stamp}01`;

let api: APIRequestContext;
let admin: Record<string, string>;
let record: TQcRecord;

beforeAll(async () => {
  api = await request.newContext({ baseURL: t.baseUrl });
  admin = await adminHeaders(api);
  await okJson(
    api.post('/api/ac/addAgent', {
      headers: admin,
      data: { type: 'Physical', name: AGENT_NAME, agentId: AGENT_ID, password: AGENT_PASSWORD },
    }),
  );
  const card = await okJson<{ id: number }>(
    api.post('/api/scorecards', {
      headers: admin,
      data: threeSectionCard(`Dispute card ${stamp}`),
    }),
  );
  await okJson(api.post(`/api/scorecards/${card.id}/publish`, { headers: admin }));
  await okJson(
    api.put('/api/campaign-scorecards', {
      headers: admin,
      data: { campaignName: CAMPAIGN, inHouse: card.id, client: 1 },
    }),
  );
  const signIn = await okJson<{ jwtToken: string }>(
    api.post('/api/auth/signInSuperAdmin', { data: { username: QC.username, password: QC.password } }),
  );
  // Greeting No, Active listening Fair: Opening 0 + Handling 30 + Close 30 = 60.
  record = await okJson<TQcRecord>(
    api.post('/api/qcReport/add', {
      headers: { Authorization: `Bearer ${signIn.jwtToken}` },
      data: {
        callDate: CALL_DATE,
        agentId: AGENT_ID,
        campaignName: CAMPAIGN,
        consumerNumber: NUMBER,
        duration: 120,
        suggestion: 'Greet first',
        total: 100,
        scorecard: {
          id: card.id,
          marks: [
            { key: 'greet', choice: 'No' },
            { key: 'listen', choice: 'Fair', comment: 'Paused twice' },
            { key: 'solve', choice: 'Yes' },
            { key: 'wrapup', choice: 'Yes' },
            { key: 'compliance', choice: 'Yes' },
          ],
        },
      },
    }),
  );
});

afterAll(async () => {
  // Every other browser test scores this campaign on "Standard".
  await api
    ?.put('/api/campaign-scorecards', { headers: admin, data: { campaignName: CAMPAIGN, inHouse: 1, client: 1 } })
    .catch(() => undefined);
  await api?.dispose();
});

describe("disputes on a scorecard of the campaign's own", () => {
  it('lets the agent dispute a criterion by its choices and the inspector accept it; the total follows', async () => {
    const { page: agent, context } = t;
    expect(record.total).toBe(60);

    await signInAsAgent(agent, { agentId: AGENT_ID, password: AGENT_PASSWORD, campaign: CAMPAIGN });
    await agent.waitForURL((u) => !u.pathname.startsWith('/login'));
    await agent.goto('/agent-performance');
    await agent.getByRole('heading', { name: 'QC Review', level: 1 }).waitFor();
    await agent.getByRole('button', { name: 'Dispute criteria' }).click();
    const dialog = agent.getByRole('dialog', { name: 'Dispute criteria' });
    // The record's own criteria, not the spec's 14.
    await dialog.getByLabel('Greeting', { exact: true }).check();
    expect(await dialog.getByLabel('Greetings', { exact: true }).count()).toBe(0);
    await dialog.getByText(`Scored on "Dispute card ${stamp}" version 1`).waitFor();
    const choices = dialog.getByLabel('Right mark of Greeting');
    expect(await choices.locator('option').allTextContents()).toEqual(['Choose…', 'Yes (10)']);
    await choices.selectOption('Yes');
    await dialog.getByLabel('Why Greeting should be that mark').fill('I greeted at 0:02');
    const raise = dialog.getByRole('button', { name: 'Raise dispute' });
    expect(inViewport(await boxOf(raise)), 'Raise dispute in view').toBe(true);
    await raise.click();
    await dialog.waitFor({ state: 'hidden' });

    const inspector = await context.newPage();
    await signInAsAdmin(inspector, QC.username, QC.password);
    await inspector.waitForURL((u) => !u.pathname.startsWith('/login'));
    await inspector.goto('/flag-raised');
    const row = inspector.getByRole('row', { name: `Dispute of ${AGENT_NAME} on ${CALL_DATE}` });
    await row.getByRole('button', { name: 'Answer' }).click();
    const answer = inspector.getByRole('dialog', { name: 'Answer the dispute' });
    await answer.getByText('Marked No (0); the agent proposes Yes (10)').waitFor();
    await answer.locator('[aria-label="Answer on Greeting"]').locator('label', { hasText: 'Accept' }).click();
    const save = answer.getByRole('button', { name: 'Save answer' });
    expect(inViewport(await boxOf(save)), 'Save answer in view').toBe(true);
    await save.click();
    await answer.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });

    // Among the answered disputes, the badge names the outcome; its label says the choices.
    await inspector
      .getByRole('radiogroup', { name: 'Dispute status' })
      .locator('label', { hasText: 'Answered' })
      .click();
    const done = inspector.getByRole('row', { name: `Dispute of ${AGENT_NAME} on ${CALL_DATE}` });
    expect(await done.getByLabel('Greeting: Accepted: No → Yes').innerText()).toBe('Accepted');
    await done.getByText('No (0) → Yes (10)').waitFor();

    // The agent's outcome badge: the labels, the marks beside them.
    await agent.reload();
    const outcome = agent.getByLabel('Outcome of Greeting');
    const badge = outcome.getByText('Accepted: No → Yes');
    await badge.waitFor();
    expect(await badge.innerText()).toMatch(/^Accepted: No → Yes\s*0 → 10$/);

    const after = await okJson<TQcRecord>(api.get(`/api/qcReport/getqc/${record.id}`, { headers: admin }));
    // Opening 30 + Handling 30 + Close 30.
    expect(after.total).toBe(90);
    expect(after.scorecard?.criteria.find((c) => c.key === 'greet')).toMatchObject({ choice: 'Yes', marks: 10 });
    expect(after.scorecard?.criteria.find((c) => c.key === 'listen')).toMatchObject({ comment: 'Paused twice' });
  });
});
