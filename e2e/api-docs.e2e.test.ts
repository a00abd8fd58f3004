// The API's interactive reference (docs/api.md): /api/docs shows every operation of /api/openapi.json with the roles that
// may call it, loads nothing from another origin, and the app's CSP refuses nothing on it (browser.ts checks).
import { expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { useBrowser } from './browser.ts';

const t = useBrowser();

it("shows every operation with its roles, from the server's own files only", async () => {
  const requests: Request[] = [];
  const errors: string[] = [];
  t.page.on('requestfinished', (request) => requests.push(request));
  t.page.on('requestfailed', (request) => errors.push(`${request.url()}: ${request.failure()?.errorText ?? 'failed'}`));
  t.page.on('pageerror', (error) => errors.push(error.message));

  await t.page.goto('/api/docs');
  const users = t.page.locator('.opblock', { hasText: '/api/users/pagination/{page}/{size}' });
  // The operations are grouped by area, each group folded: open the "users" group (the area), then the operation.
  await t.page.locator('#operations-tag-users').click();
  await users.locator('.opblock-summary').click();
  await expect.poll(() => users.textContent()).toContain('Roles: ADMIN');
  await t.page.waitForLoadState('networkidle');

  const document = (await (await t.page.request.get('/api/openapi.json')).json()) as { paths: Record<string, object> };
  const operations = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
  expect(operations).toBeGreaterThan(100);

  const origin = new URL(t.baseUrl).origin;
  expect(requests.map((r) => r.url()).filter((url) => new URL(url).origin !== origin)).toEqual([]);
  expect(errors).toEqual([]);

  // What the page costs on the wire (the server compresses the JS and CSS as it sends them).
  const sizes = await Promise.all(
    requests.map(async (r) => ({ path: new URL(r.url()).pathname, bytes: (await r.sizes()).responseBodySize })),
  );
  console.log(
    `/api/docs loaded ${sizes.length} files, ${Math.round(sizes.reduce((s, f) => s + f.bytes, 0) / 1024)} KB transferred:`,
    sizes,
  );
});
