// The built web app as the server serves it (http/web.ts), from a fake dist: its files (compressed when the browser
// accepts it), index.html for any other path outside the API, and never a source map, however it is asked for.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';

const webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-web-dist-'));
await fs.mkdir(path.join(webDist, 'assets'));
await fs.writeFile(
  path.join(webDist, 'index.html'),
  '<!doctype html><title>CallDesk CRM</title><script type="module" src="/assets/index-abc123.js"></script>',
);
await fs.writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1);\n');
// A build with maps beside its bundles (vite's 'hidden' source maps): they stay on disk, never on the wire.
await fs.writeFile(
  path.join(webDist, 'assets', 'index-abc123.js.map'),
  '{"version":3,"sources":["../src/secret.ts"],"mappings":""}',
);
await fs.writeFile(path.join(webDist, 'assets', 'index-abc123.css.map'), '{"version":3,"sources":[],"mappings":""}');
await fs.writeFile(path.join(webDist, 'root.map'), '{}');
// A bundle with the .br and .gz twins the build writes beside it (apps/web/vite.config.ts), and one too small to get any.
const BUNDLE = `export const screens = [${Array.from({ length: 200 }, (_, i) => `"screen ${i}"`).join(', ')}];\n`;
await fs.writeFile(path.join(webDist, 'assets', 'App-def456.js'), BUNDLE);
await fs.writeFile(path.join(webDist, 'assets', 'App-def456.js.br'), zlib.brotliCompressSync(BUNDLE));
await fs.writeFile(path.join(webDist, 'assets', 'App-def456.js.gz'), zlib.gzipSync(BUNDLE));

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
    ['/', {}],
    ['/', { accept: '*/*' }],
    ['/dashboard', {}],
    ['/editAgent/17?tab=profile', { accept: 'application/json' }],
    ['/logicManagement/Survey%20v1.2', { accept: 'text/html,application/xhtml+xml' }],
  ])(
    'GET and HEAD %s %j: the web app, whatever the client accepts (curl, a monitor, a browser)',
    async (url, headers) => {
      const page = await t.app.inject({ url, headers });
      expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<title>CallDesk CRM</title>');
      const head = await t.app.inject({ method: 'HEAD', url, headers });
      expect([head.statusCode, head.headers['content-type'], head.body]).toEqual([200, 'text/html; charset=utf-8', '']);
    },
  );

  it.each([
    ['GET', '/api/no-such-thing', {}],
    ['GET', '/api/no-such-thing', { accept: 'text/html' }],
    ['HEAD', '/api/no-such-thing', {}],
    ['GET', '/api', {}],
    ['GET', '/cc/nothing', { accept: 'text/html' }],
    ['GET', '/dt/nothing', {}],
    ['GET', '/dynamic/nothing', {}],
    ['GET', '/questions/nothing/here', { accept: 'text/html' }],
    ['GET', '/healthz/deep', {}],
    ['POST', '/dashboard', { accept: 'text/html' }],
    ['DELETE', '/', {}],
  ])('%s %s %j: a JSON 404, never the web app', async (method, url, headers) => {
    const r = await t.app.inject({ method: method as 'GET', url, headers });
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    if (method !== 'HEAD') expect(r.json()).toEqual({ message: `No such endpoint: ${method} ${url}` });
  });

  it.each([
    ['/assets/missing-999.js', {}],
    ['/assets/missing-999.js', { accept: 'text/html,*/*' }],
    ['/assets/missing-999.css', { accept: 'text/css,*/*;q=0.1' }],
    ['/assets/no-extension', {}],
    ['/favicon.ico', { accept: 'image/avif,image/webp,*/*' }],
    ['/robots.txt', {}],
  ])('GET %s %j: a missing file is a 404, not the web app in its place', async (url, headers) => {
    const r = await t.app.inject({ url, headers });
    expect(r.statusCode).toBe(404);
    expect(r.body).not.toContain('<title>');
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

describe('the web app, compressed', () => {
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends the brotli twin of a bundle to a browser that accepts br, with its caching and security headers', async () => {
    const r = await get('/assets/App-def456.js', 'gzip, deflate, br, zstd');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(r.headers['content-length'])).toBeLessThan(BUNDLE.length / 3);
    expect(zlib.brotliDecompressSync(r.rawPayload).toString()).toBe(BUNDLE);
  });

  it('sends the gzip twin to a browser that accepts only gzip (Chromium on a plain-HTTP LAN address)', async () => {
    const r = await get('/assets/App-def456.js', 'gzip, deflate');
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(r.rawPayload).toString()).toBe(BUNDLE);
  });

  it.each([[undefined], ['identity'], ['deflate']])(
    'sends the file as it is when Accept-Encoding is %s',
    async (acceptEncoding) => {
      const r = await get('/assets/App-def456.js', acceptEncoding);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(r.body).toBe(BUNDLE);
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    },
  );

  it('sends a file the build left without twins as it is, whatever the browser accepts', async () => {
    const r = await get('/assets/index-abc123.js', 'br, gzip');
    expect([r.statusCode, r.headers['content-encoding'], r.body]).toEqual([200, undefined, 'console.log(1);\n']);
  });

  it('keeps a byte range of the file as sent, and HEAD tells the size of what a GET would send', async () => {
    const range = await t.app.inject({ url: '/assets/App-def456.js', headers: { range: 'bytes=0-5' } });
    expect([range.statusCode, range.body]).toEqual([206, BUNDLE.slice(0, 6)]);
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/assets/App-def456.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect([head.statusCode, head.headers['content-encoding'], head.body]).toEqual([200, 'br', '']);
    expect(Number(head.headers['content-length'])).toBe(zlib.brotliCompressSync(BUNDLE).length);
  });

  it.each([['/assets/App-def456.js.br'], ['/assets/App-def456.js.gz'], ['/assets/App-def456.JS.GZ']])(
    'never sends a twin by its own name: GET %s is 404',
    async (url) => {
      const r = await get(url, 'br, gzip');
      expect(r.statusCode).toBe(404);
      expect(r.headers['content-encoding']).toBeUndefined();
    },
  );

  it('never sends a source map, compressed or not', async () => {
    const r = await get('/assets/index-abc123.js.map', 'br, gzip');
    expect(r.statusCode).toBe(404);
    expect(r.body).not.toContain('mappings');
  });
});
