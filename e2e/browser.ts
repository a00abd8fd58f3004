// One Chromium per test file (Debian's /usr/bin/chromium via playwright-core), a fresh context per test.
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Without these, Chromium keeps reaching for Google's hosts, which this network refuses.
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

export type BrowserTest = { page: Page; context: BrowserContext; baseUrl: string };

export function useBrowser(viewport = { width: 1280, height: 800 }): BrowserTest {
  const t = { baseUrl: inject('baseUrl') } as BrowserTest;
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    t.context = await browser.newContext({ baseURL: t.baseUrl, viewport });
    t.context.setDefaultTimeout(15_000);
    t.page = await t.context.newPage();
  });
  afterEach(async () => {
    await t.context?.close();
  });
  return t;
}
