// The floor now in Chromium at 1366×768 (docs/guide/floor.md): the admin keeps /productivity?tab=floor open while an
// agent, in a browser of their own, signs in, looks up a lead, answers and saves; the admin's table follows each step
// live, without a reload, and the panel's heading, live badge, totals and table lie in the window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import { signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';
import {
  LEADS,
  createCallCampaign,
  createCrmAgent,
  endOfCall,
  next,
  questionHeading,
  search,
  signInAgentTo,
  survey,
  type TCallCampaign,
} from './crm-support.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);

let api: APIRequestContext;
let setup: TCallCampaign;
let agentId: string;

beforeAll(async () => {
  api = await request.newContext({ baseURL: t.baseUrl });
  agentId = await createCrmAgent(t.baseUrl);
  setup = await createCallCampaign(api, 'Floor');
});

afterAll(async () => {
  await api?.dispose();
});

const rowOf = (page: Page) => page.getByTestId(`floor-agent-${agentId}`);

/** The agent's row once it shows `state` and every text given. */
async function rowShows(page: Page, state: 'onCall' | 'idle', texts: string[]) {
  const row = page.locator(`[data-testid="floor-agent-${agentId}"][data-state="${state}"]`);
  for (const text of texts) await row.filter({ hasText: text }).waitFor();
  return row;
}

describe('/productivity?tab=floor', () => {
  it('follows an agent on a call and back without a reload', async () => {
    const page = t.page;
    await signInAsAdminAndWait(page);
    await page.goto('/productivity?tab=floor');
    const panel = page.getByRole('region', { name: 'Floor now' });
    await panel.getByText('Live', { exact: true }).waitFor();
    // A mark on the window: were the page reloaded, it would be gone.
    await page.evaluate(() => Object.assign(window, { floorMark: 'kept' }));

    for (const [name, locator] of [
      ['heading', panel.getByRole('heading', { name: 'Floor now' })],
      ['live badge', panel.getByText('Live', { exact: true })],
      ['signed-in total', panel.getByRole('group', { name: 'Signed in' })],
      ['completed total', panel.getByRole('group', { name: 'Completed today' })],
    ] as const)
      expect(inViewport(await boxOf(locator)), `${name} in view`).toBe(true);

    const browser = t.context.browser();
    if (browser === null) throw new Error('no browser');
    const agentContext = await browser.newContext({ baseURL: t.baseUrl, viewport: VIEWPORT });
    try {
      const agent = await agentContext.newPage();
      await signInAgentTo(agent, agentId, setup.campaign);
      let row = await rowShows(page, 'idle', ['Idle', 'Evening', setup.campaign]);
      await row.scrollIntoViewIfNeeded();
      const table = panel.getByRole('table', { name: 'Agents signed in' });
      expect(inViewport(await boxOf(table.getByRole('columnheader', { name: 'State' }))), 'table header in view').toBe(
        true,
      );

      // The lead looked up: on a call, on the first question, with the number's last four digits only.
      await search(agent, LEADS.walk.typed);
      await questionHeading(agent, 'Q1. Do you smoke?').waitFor();
      row = await rowShows(page, 'onCall', ['On call', '5678', 'Q1', 'Do you smoke?']);
      expect(await row.innerText()).not.toContain('01712345678');

      // Yes jumps to Q3: the draft kept at the answer moves the admin's row to Q3.
      await survey(agent).getByRole('radio', { name: '1 Yes' }).check();
      await next(agent).click();
      await questionHeading(agent, 'Q3. Which brands do you smoke?').waitFor();
      await rowShows(page, 'onCall', ['Q3', 'Which brands do you smoke?']);

      // Gold Leaf ends a completed call; saved, the agent is idle again with one call and one complete today.
      await survey(agent).getByRole('checkbox', { name: '1 Gold Leaf' }).check();
      await next(agent).click();
      await endOfCall(agent).getByRole('button', { name: 'Save', exact: true }).click();
      row = await rowShows(page, 'idle', ['Idle']);
      // Calls today and Completed: the 8th and 9th columns (a VICIdial column follows when the dialer is set up).
      await expect.poll(async () => (await row.getByRole('cell').allInnerTexts()).slice(7, 9)).toEqual(['1', '1']);
      expect(await page.evaluate(() => (window as unknown as { floorMark?: string }).floorMark)).toBe('kept');
      expect(await rowOf(page).count()).toBe(1);
    } finally {
      await agentContext.close();
    }
  });
});
