// The built web app as the server serves it (http/web.ts), from a fake dist: its files, index.html for client
// routes, and never a source map, however it is asked for.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';

const webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-web-dist-'));
await fs.mkdir(path.join(webDist, 'assets'));
await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>CallDesk CRM</title><script type="module" src="/assets/index-abc123.js"></script>');
await fs.writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1);\n');
// A build with maps beside its bundles (vite's 'hidden' source maps): they stay on disk, never on the wire.
await fs.writeFile(path.join(webDist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../src/secret.ts"],"mappings":""}');
await fs.writeFile(path.join(webDist, 'assets', 'index-abc123.css.map'), '{"version":3,"sources":[],"mappings":""}');
await fs.writeFile(path.join(webDist, 'root.map'), '{}');

const t = useTestApp({ webDist });
afterAll(() => fs.rm(webDist, { recursive: true, force: true }));

describe('the web app', () => {
  it('serves its files and index.html for a client route', async () => {
    const js = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect([js.statusCode, js.body]).toEqual([200, 'console.log(1);\n']);
    const page = await t.app.inject({ url: '/dashboard', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>CallDesk CRM</title>');
  });

  it.each([
    ['/assets/index-abc123.js.map', {}],
    ['/assets/index-abc123.js.map', { accept: 'text/html,*/*' }],
    ['/assets/index-abc123.JS.MAP', {}],
    ['/assets/index-abc123.css.map', { accept: '*/*' }],
    ['/assets/index-abc123.js.map?x=1', {}],
    ['/assets/../assets/index-abc123.js.map', {}],
    ['/root.map', {}],
  ])('GET %s %j: 404, no source map and no web page', async (url, headers) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const r = await t.app.inject({ method, url, headers });
      expect(r.statusCode, `${method} ${url}`).toBe(404);
      expect(r.body).not.toContain('mappings');
      expect(r.body).not.toContain('<title>');
    }
  });
});
