// The shell at 1366×768, as an administrator works in it all day: every sidebar item can be reached and clicked, the
// four menus fit without scrolling and fold away (remembered, never the one of the page shown), the list's item stays
// highlighted on its sub-pages with a way back, the sidebar hides for room (remembered), the clock
// is 24-hour, and a page's error notices go when another page opens.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';

const VIEWPORT = { width: 1366, height: 768 };
const t = useBrowser(VIEWPORT);

async function insideViewport(page: Page, selector: ReturnType<Page['getByRole']>): Promise<void> {
  const box = await selector.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(VIEWPORT.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORT.width);
}

describe('the shell at 1366×768', () => {
  it('every sidebar item can be scrolled to and clicked, and opens its screen', async () => {
    const { page } = t;
    await signInAsAdminAndWait(page);
    const links = page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link');
    await links.first().waitFor();
    const count = await links.count();
    expect(count).toBe(27); // the four menus of docs/product.md §2.2: Administration, Reports, CRM, Quality control
    for (let i = 0; i < count; i += 1) {
      const link = links.nth(i);
      const href = (await link.getAttribute('href')) ?? '';
      await link.scrollIntoViewIfNeeded();
      await insideViewport(page, link);
      await link.click();
      await page.waitForURL((url) => `${url.pathname}${url.search}` === href);
      // The page scrolls, the sidebar does not move with it: the item clicked is still in view and highlighted.
      await expect
        .poll(() => link.getAttribute('data-active'), { message: `${href} opened ${page.url()}` })
        .toBe('true');
    }
    // 27 screens opened one after another: longer than one test's usual minute on a busy machine.
  }, 180_000);

  it("an administrator's four menus fit the window without scrolling, and a page opened by address shows its item", async () => {
    const { page } = t;
    await signInAsAdminAndWait(page);
    const links = page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link');
    await links.first().waitFor();
    expect(await links.count()).toBe(27);
    for (const link of await links.all()) await insideViewport(page, link);
    // Nothing to scroll: the sidebar's viewport is as tall as its content.
    const viewport = page.getByTestId('sidebar-scroll').locator('.mantine-ScrollArea-viewport');
    expect(await viewport.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1366, height: 600 });
    await page.goto('/qcInsights');
    const insights = page
      .getByRole('navigation', { name: 'Quality control' })
      .getByRole('link', { name: 'QC Insights' });
    await expect.poll(() => insights.getAttribute('data-active')).toBe('true');
    const box = await insights.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(600);
    await page.setViewportSize(VIEWPORT);
  });

  it('a menu folds away by keyboard and stays folded after a reload, but opens for the page shown', async () => {
    const { page } = t;
    await signInAsAdminAndWait(page);
    const quality = page.getByRole('navigation', { name: 'Quality control' });
    const heading = quality.getByRole('button', { name: /Quality control/ });
    await heading.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => heading.getAttribute('aria-expanded')).toBe('false');
    expect(await quality.getByRole('link').count()).toBe(0);
    await page.reload();
    await heading.waitFor();
    expect(await heading.getAttribute('aria-expanded')).toBe('false');
    expect(await quality.getByRole('link').count()).toBe(0);
    // Opened by address, a page of the folded menu shows its item, highlighted and in view.
    await page.goto('/qcInsights');
    const insights = quality.getByRole('link', { name: 'QC Insights' });
    await expect.poll(() => insights.getAttribute('data-active')).toBe('true');
    await insideViewport(page, insights);
    // Back on the dashboard it is folded again; unfold it for the tests after.
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => heading.getAttribute('aria-expanded')).toBe('false');
    await heading.click();
    await expect.poll(() => quality.getByRole('link').count()).toBe(9);
  });

  it('a sub-page keeps its list highlighted and shows the way back to it', async () => {
    const { page } = t;
    await signInAsAdminAndWait(page);
    await page.goto('/createTable');
    const dataTables = page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Data Tables' });
    await expect.poll(() => dataTables.getAttribute('data-active')).toBe('true');
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await trail.getByRole('link', { name: 'Data Tables' }).click();
    await page.waitForURL('**/dataTables');
  });

  it('the sidebar hides for room and stays hidden after a reload; the clock is 24-hour', async () => {
    const { page } = t;
    await signInAsAdminAndWait(page);
    const sidebar = page.getByRole('navigation', { name: 'Administration' });
    await sidebar.waitFor();
    await page.getByRole('button', { name: 'Hide sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.x ?? -1000).toBeLessThan(0);
    await page.reload();
    await page.getByRole('button', { name: 'Show sidebar' }).waitFor();
    expect((await sidebar.boundingBox())?.x ?? -1000).toBeLessThan(0);
    await page.getByRole('button', { name: 'Show sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.x ?? -1000).toBeGreaterThanOrEqual(0);
    expect(await page.getByTestId('clock').innerText()).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });

  it('an error notice of one page is gone when another page opens, and never covers the user menu', async () => {
    const { page } = t;
    await signInAsAdminAndWait(page);
    // An edit page of a campaign that does not exist: the server's 404 is shown as an error notice.
    await page.goto('/editCampaign/999999');
    const notice = page.locator('.mantine-Notification-root').filter({ hasText: /does not exist/ });
    await notice.first().waitFor();
    const noticeBox = await notice.first().boundingBox();
    const menuBox = await page.getByTestId('user-name').boundingBox();
    expect(noticeBox!.y).toBeGreaterThan(menuBox!.y + menuBox!.height);
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Agents' }).click();
    await page.waitForURL('**/agents');
    await expect.poll(() => notice.count()).toBe(0);
  });
});
