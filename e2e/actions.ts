// Steps the browser tests share: signing in through the login screen as a person does.
import type { APIRequestContext, Page } from 'playwright-core';
import { ADMIN } from './fixtures.ts';
import type { TShift } from '@crm/shared';

/** "Login As Admin" (administrators and QC inspectors); does not wait for the landing page. */
export async function signInAsAdmin(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  // The toggle is a segmented control: its radio input is hidden behind the visible label.
  await page.locator('label', { hasText: 'Login As Admin' }).click();
  await page.getByLabel('Admin ID').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** "Login As Agent" with a shift and a campaign; does not wait for the landing page. */
export async function signInAsAgent(
  page: Page,
  agent: { agentId: string; password: string; campaign: string; shift?: TShift },
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Shift').selectOption(agent.shift ?? 'Evening');
  await page.getByLabel('Agent ID').fill(agent.agentId);
  await page.getByLabel('Password', { exact: true }).fill(agent.password);
  await page.getByLabel('Campaign').selectOption(agent.campaign);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The bearer token the tab holds (for asserting what the server says to an old session). */
export async function sessionToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => sessionStorage.getItem('auth-user'));
  const token = (JSON.parse(stored ?? '{}') as { jwtToken?: unknown }).jwtToken;
  if (typeof token !== 'string') throw new Error('This tab is not signed in.');
  return token;
}

/** Signs the admin in through the login screen and waits for the dashboard. */
export async function signInAsAdminAndWait(page: Page): Promise<void> {
  await signInAsAdmin(page, ADMIN.username, ADMIN.password);
  await page.waitForURL('**/dashboard');
}

/** An admin Authorization header, for set-up through the API of what a test is not about. */
export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const signIn = await request.post('/api/auth/signInSuperAdmin', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  const { jwtToken } = (await signIn.json()) as { jwtToken: string };
  return { Authorization: `Bearer ${jwtToken}` };
}

/** A set-up call through the API that must succeed: its JSON reply, or the test fails with what the server said. */
export async function okJson<T>(response: Promise<Awaited<ReturnType<APIRequestContext['post']>>>): Promise<T> {
  const r = await response;
  if (r.status() !== 200) throw new Error(`${r.url()} answered ${r.status()}: ${await r.text()}`);
  return (await r.json()) as T;
}

/** /createQuestions reached from /question, with the campaign, its data table and `count` question cards locked in. */
export async function openCreateQuestions(page: Page, campaign: string, count: number): Promise<void> {
  await page.goto('/question');
  await page.getByRole('link', { name: 'Create Questions' }).click();
  await page.waitForURL('**/createQuestions');
  await page.getByRole('option', { name: campaign, exact: true }).first().waitFor({ state: 'attached' });
  await page.getByLabel('Campaign').selectOption(campaign);
  await page.getByLabel('Data table').selectOption(campaign);
  await page.getByLabel('Number of questions').fill(String(count));
  await page.getByRole('button', { name: 'Go' }).click();
}
