// Coaching in Chromium at 1366×768 (docs/coaching.md): a QC inspector opens a session from QC insights' weakest
// criteria (the New session form filled in), links a record and saves it, then marks it held; the agent signs in, finds
// it under Coaching without the private notes and acknowledges it with a comment; the inspector closes it and reads the
// before/after figure. Save, Mark held, Acknowledge and Close session are proven in view by geometry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type APIRequestContext, type Locator, type Page } from 'playwright-core';
import { bestScores } from '@crm/shared';
import { adminHeaders, okJson, signInAsAdmin, signInAsAgent } from './actions.ts';
import { useBrowser } from './browser.ts';
import { CAMPAIGN, QC } from './fixtures.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);

const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
const AGENT_ID = `COA-${stamp}`;
const AGENT_NAME = `Coached Agent ${stamp}`;
const AGENT_PASSWORD = 'steady-lantern-pass';
// A week far from the demo's QC records and the other tests' days: Monday 6 to Sunday 12 May 2019.
const START = '2019-05-06';
const END = '2019-05-12';
const NOTES = 'Ask every CRM question in order.';
const PRIVATE = `Private: check the script adherence again ${stamp}`;
const ACKNOWLEDGEMENT = 'Understood, I will follow the CRM order.';

let api: APIRequestContext;
let qcHeaders: Record<string, string>;

/** An in-house record of the agent in the campaign, every mark the best but CRM. */
async function addRecord(callDate: string, n: number, crm: number): Promise<void> {
  await okJson(
    api.post('/api/qcReport/add', {
      headers: qcHeaders,
      data: {
        callDate,
        agentId: AGENT_ID,
        campaignName: CAMPAIGN,
        consumerNumber: `018${stamp}${String(n).padStart(2, '0')}`,
        duration: 90,
        ...bestScores(),
        crm,
        suggestion: '',
      },
    }),
  );
}

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
  // Three calls with CRM "No" (0 of 20): CRM is the agent's weakest criterion, and the "before" of the figure.
  await addRecord('2019-05-06', 1, 0);
  await addRecord('2019-05-07', 2, 0);
  await addRecord('2019-05-08', 3, 0);
});

afterAll(async () => {
  await api?.dispose();
});

async function expectInView(locator: Locator, what: string): Promise<void> {
  await locator.waitFor();
  expect(inViewport(await boxOf(locator)), `${what} in view`).toBe(true);
}

async function signInAsInspector(page: Page): Promise<void> {
  await signInAsAdmin(page, QC.username, QC.password);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

describe('coaching', () => {
  it('runs a session from QC insights to the before/after figure, the agent acknowledging it', async () => {
    const { page } = t;
    await signInAsInspector(page);

    // QC insights: the week of the agent's records in the campaign; Coach beside the weakest criteria.
    await page.goto('/qcInsights');
    await page.getByRole('heading', { name: 'QC Insights' }).waitFor();
    await page.getByRole('option', { name: CAMPAIGN, exact: true }).first().waitFor({ state: 'attached' });
    await page.getByLabel('Campaign').selectOption(CAMPAIGN);
    await page.getByLabel('Start', { exact: true }).fill(START);
    await page.getByLabel('End', { exact: true }).fill(END);
    const agents = page.getByRole('table', { name: `Agents, ${START} to ${END}` });
    // The range and the campaign each ask the server: wait for the answer of the last.
    await agents.getByRole('row', { name: new RegExp(AGENT_NAME) }).waitFor({ timeout: 30_000 });
    await agents.getByRole('link', { name: `Coach ${AGENT_NAME} on their weakest criteria` }).click();

    // The New session form, filled: agent, campaign and CRM as the focus.
    await page.waitForURL((u) => u.pathname === '/coaching' && u.searchParams.get('new') === '1');
    const dialog = page.getByRole('dialog', { name: 'New coaching session' });
    await dialog.waitFor();
    // The agent shows by name once the agents are loaded (by their ID until then).
    await expect.poll(() => dialog.getByLabel(/^Agent/).inputValue()).toBe(`${AGENT_NAME} (${AGENT_ID})`);
    expect(await dialog.getByLabel(/^Campaign/).inputValue()).toBe(CAMPAIGN);
    const crm = dialog.getByRole('checkbox', { name: 'CRM', exact: true });
    await crm.waitFor({ state: 'attached' });
    expect(await crm.isChecked()).toBe(true);
    const save = dialog.getByRole('button', { name: 'Save' });
    await expectInView(save, 'Save of the New session form');

    // An action item without its due day is refused under its own field; nothing typed is lost.
    await dialog.getByLabel('Notes for the agent').fill(NOTES);
    await dialog.getByLabel('Private notes').fill(PRIVATE);
    await dialog.getByLabel('Meeting date').fill('2019-05-20');
    await dialog.getByRole('button', { name: 'Add action item' }).click();
    await dialog.getByLabel('Action item 1', { exact: true }).fill('Read the CRM guide');
    await dialog.getByRole('checkbox', { name: /^2019-05-06 · / }).check();
    await save.click();
    await dialog.getByText('Due is required').waitFor();
    expect(await dialog.getByLabel('Notes for the agent').inputValue()).toBe(NOTES);
    expect(await dialog.getByLabel('Action item 1', { exact: true }).inputValue()).toBe('Read the CRM guide');
    await dialog.getByLabel('Action item 1 due').fill('2019-05-27');
    await expectInView(save, 'Save after the refusal');
    await save.click();

    // The session page: planned, the private notes shown to the inspector, Mark held.
    await page.waitForURL(/\/coaching\/\d+$/);
    const sessionUrl = page.url();
    const id = sessionUrl.split('/').at(-1) ?? '';
    await page.getByRole('heading', { name: `Coaching session ${id}` }).waitFor();
    await page.getByText('Planned', { exact: true }).waitFor();
    await page.getByText(PRIVATE).waitFor();
    await page.getByRole('link', { name: /^QC record \d+$/ }).waitFor();
    const held = page.getByRole('button', { name: 'Mark held' });
    await expectInView(held, 'Mark held');
    await held.click();
    await page.getByText('Held', { exact: true }).waitFor();

    // The agent, in a browser of their own: Coaching in the menu, the session without the private notes; Acknowledge.
    const browser = t.context.browser();
    if (browser === null) throw new Error('no browser');
    const agentContext = await browser.newContext({ baseURL: t.baseUrl, viewport: VIEWPORT });
    try {
      const agent = await agentContext.newPage();
      await signInAsAgent(agent, { agentId: AGENT_ID, password: AGENT_PASSWORD, campaign: CAMPAIGN });
      await agent.waitForURL((u) => !u.pathname.startsWith('/login'));
      await agent.getByRole('link', { name: 'Coaching', exact: true }).click();
      await agent.getByRole('heading', { name: 'My coaching' }).waitFor();
      await agent.getByRole('link', { name: `Session ${id}`, exact: true }).click();
      await agent.getByRole('heading', { name: `Coaching session ${id}` }).waitFor();
      await agent.getByText(NOTES).waitFor();
      expect(await agent.getByText(PRIVATE).count()).toBe(0);
      expect(await agent.getByText('Private notes').count()).toBe(0);
      await agent.getByLabel('Your comment').fill(ACKNOWLEDGEMENT);
      const acknowledge = agent.getByRole('button', { name: 'Acknowledge' });
      await expectInView(acknowledge, 'Acknowledge');
      await acknowledge.click();
      await agent.getByText('Acknowledged', { exact: true }).waitFor();
      await agent.getByText(ACKNOWLEDGEMENT).waitFor();
    } finally {
      await agentContext.close();
    }

    // Two calls scored after the session, CRM "Yes" (20 of 20): the inspector closes it and reads the figure.
    await addRecord('2019-05-21', 4, 20);
    await addRecord('2019-05-22', 5, 20);
    await page.reload();
    await page.getByText('Acknowledged', { exact: true }).waitFor();
    await page.getByText(ACKNOWLEDGEMENT).waitFor();
    const close = page.getByRole('button', { name: 'Close session' });
    await expectInView(close, 'Close session');
    await close.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    const figure = page.getByRole('region', { name: 'Before and after' });
    await figure.waitFor();
    expect(await figure.getByTestId('coaching-verdict').textContent()).toBe('Improved');
    await figure.getByText("0% → 100% of the focus criteria's scale (+100 points)", { exact: true }).waitFor();
    const rows = (await figure.getByRole('row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
    expect(rows).toEqual([
      'Focus criterion Average before Average after',
      'CRM 0 20',
      'Records compared 3 records (fewer than 10) 2 records (fewer than 10)',
    ]);
    await page.getByText('Closed', { exact: true }).waitFor();
    await expectInView(figure.getByTestId('coaching-verdict'), 'the verdict');
  });
});
