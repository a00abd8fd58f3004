// One Chromium per test file (Debian's /usr/bin/chromium via playwright-core), a fresh context per test.
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Without these, Chromium keeps reaching for Google's hosts, which this network refuses.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export type BrowserTest = {
  page: Page;
  context: BrowserContext;
  baseUrl: string;
  /** What the Content Security Policy refused in this test so far (every test fails if any). */
  cspViolations: string[];
};

/** Reports every CSP violation of a page to the console, where the context hears it. */
const REPORT_CSP_VIOLATIONS = () => {
  document.addEventListener('securitypolicyviolation', (e) => {
    console.error(
      `CSP violation: ${e.violatedDirective} refused ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
    );
  });
};

export function useBrowser(viewport = { width: 1280, height: 800 }): BrowserTest {
  const t = { baseUrl: inject('baseUrl'), cspViolations: [] as string[] } as BrowserTest;
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
    // The security headers' CSP must never get in the app's way, on any screen a test visits.
    t.cspViolations = [];
    await t.context.addInitScript(REPORT_CSP_VIOLATIONS);
    t.context.on('console', (message) => {
      if (/CSP violation|Content Security Policy/.test(message.text()))
        t.cspViolations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
    });
    t.page = await t.context.newPage();
  });
  afterEach(async () => {
    const violations = [...t.cspViolations];
    await t.context?.close();
    if (violations.length > 0)
      throw new Error(`The Content Security Policy refused something:\n${violations.join('\n')}`);
  });
  return t;
}
