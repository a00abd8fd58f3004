// Compression in the browser (docs/architecture.md §12): the login page's JS and CSS arrive compressed (brotli where Chromium offers
// it, gzip where it offers only that, as on a plain-HTTP LAN address), they stay within the 250 KB the issue allows,
// and the page works: an administrator signs in from it.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Request } from 'playwright-core';
import { signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';

const t = useBrowser();

/** The login page's target (bench/login-weight.ts measures the same). */
const LOGIN_WEIGHT_LIMIT_KB = 250;
/** The build leaves smaller files without compressed twins (apps/web/vite.config.ts). */
const PRECOMPRESS_MIN_BYTES = 1024;

type Loaded = {
  url: string;
  encoding: string | null;
  cacheControl: string | null;
  transferred: number;
  decoded: number;
};

/** Opens /login in the context and returns its scripts and stylesheets once the form is on screen and the network is quiet. */
async function loadLogin(context: BrowserContext): Promise<Loaded[]> {
  const page = await context.newPage();
  const finished: Request[] = [];
  page.on('requestfinished', (request) => {
    if (['script', 'stylesheet'].includes(request.resourceType())) finished.push(request);
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  return Promise.all(
    finished.map(async (request) => {
      const response = await request.response();
      const sizes = await request.sizes();
      return {
        url: new URL(request.url()).pathname,
        encoding: (await response?.headerValue('content-encoding')) ?? null,
        cacheControl: (await response?.headerValue('cache-control')) ?? null,
        transferred: sizes.responseBodySize,
        decoded: (await response?.body())?.length ?? 0,
      };
    }),
  );
}

function expectCompressed(files: Loaded[], encoding: string) {
  expect(files.length).toBeGreaterThan(0);
  const large = files.filter((f) => f.decoded >= PRECOMPRESS_MIN_BYTES);
  expect(large.some((f) => f.url.endsWith('.css'))).toBe(true);
  for (const f of large) {
    expect(f.encoding, f.url).toBe(encoding);
    expect(f.transferred, f.url).toBeLessThan(f.decoded);
  }
  for (const f of files) expect(f.cacheControl, f.url).toBe('public, max-age=31536000, immutable');
}

const totalKb = (files: Loaded[]) => files.reduce((sum, f) => sum + f.transferred, 0) / 1024;

describe('the login page, compressed', () => {
  it('gets its JS and CSS as brotli, at most 250 KB of them, and signs an administrator in', async () => {
    const files = await loadLogin(t.context);
    expectCompressed(files, 'br');
    expect(totalKb(files)).toBeLessThanOrEqual(LOGIN_WEIGHT_LIMIT_KB);
    await signInAsAdminAndWait(t.page);
    expect(await t.page.getByRole('heading', { level: 1 }).first().innerText()).toMatch(/Dashboard/);
  });

  it('gets them as gzip where Chromium offers only gzip (plain HTTP on a LAN address), and works', async () => {
    const browser = t.context.browser();
    if (browser === null) throw new Error('no browser');
    const gzipOnly = await browser.newContext({
      baseURL: t.baseUrl,
      extraHTTPHeaders: { 'accept-encoding': 'gzip, deflate' },
    });
    try {
      const files = await loadLogin(gzipOnly);
      expectCompressed(files, 'gzip');
      const [page] = gzipOnly.pages();
      if (page === undefined) throw new Error('no page');
      await signInAsAdminAndWait(page);
    } finally {
      await gzipOnly.close();
    }
  });
});
