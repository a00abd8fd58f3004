// The notifications bell in Chromium at 1366×768 (docs/notifications.md): an agent is told when an inspector scores
// their call; the bell's count rises live, with no reload; the list shows it and Mark all read clears the count. The
// bell fits the top bar in view.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type APIRequestContext } from 'playwright-core';
import { bestScores } from '@crm/shared';
import { adminHeaders, okJson, signInAsAgent } from './actions.ts';
import { useBrowser } from './browser.ts';
import { CAMPAIGN, QC } from './fixtures.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);

const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
const AGENT_ID = `NTF-${stamp}`;
const AGENT_PASSWORD = 'quiet-lantern-pass';

let api: APIRequestContext;
let qcHeaders: Record<string, string>;

beforeAll(async () => {
  api = await request.newContext({ baseURL: t.baseUrl });
  await okJson(
    api.post('/api/ac/addAgent', {
      headers: await adminHeaders(api),
      data: { type: 'Physical', name: `Notified Agent ${stamp}`, agentId: AGENT_ID, password: AGENT_PASSWORD },
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

describe('the notifications bell', () => {
  it("rises live when the agent's call is scored, lists it, and Mark all read clears it", async () => {
    const { page } = t;
    await signInAsAgent(page, { agentId: AGENT_ID, password: AGENT_PASSWORD, campaign: CAMPAIGN });
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    const bell = page.getByRole('button', { name: 'Notifications, 0 unread' });
    await bell.waitFor();
    expect(inViewport(await boxOf(bell)), 'the bell in view').toBe(true);

    // The inspector scores the call (through the API): the bell's count rises without a reload.
    await okJson(
      api.post('/api/qcReport/add', {
        headers: qcHeaders,
        data: {
          callDate: '2021-06-15',
          agentId: AGENT_ID,
          campaignName: CAMPAIGN,
          consumerNumber: `019${stamp}02`,
          duration: 120,
          ...bestScores(),
          greetings: -5,
          suggestion: 'Greet first',
        },
      }),
    );
    const told = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await told.waitFor();

    // The list, by keyboard: the bell opens it, the notification is there and unread.
    await told.focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('dialog', { name: 'Notifications' });
    await list.waitFor();
    const item = list.getByTestId('notification').first();
    await expect.poll(() => item.getAttribute('data-unread')).toBe('true');
    expect(await item.innerText()).toContain('Your call was scored: 95');
    expect(inViewport(await boxOf(list)), 'the list in view').toBe(true);

    await list.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
    await expect.poll(() => item.getAttribute('data-unread')).toBe('false');
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
  });
});
