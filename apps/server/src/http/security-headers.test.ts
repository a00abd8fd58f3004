import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { useTestApp } from '../test/harness.ts';

const webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-web-dist-'));
await fs.mkdir(path.join(webDist, 'assets'));
await fs.writeFile(
  path.join(webDist, 'index.html'),
  '<!doctype html><title>CallDesk CRM</title><script type="module" src="/assets/index.js"></script>',
);
await fs.writeFile(path.join(webDist, 'assets', 'index.js'), 'console.log(1);');
afterAll(() => fs.rm(webDist, { recursive: true, force: true }));

/** The CSP of a reply, directive by directive. */
function cspOf(res: LightMyRequestResponse): Map<string, string> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = cspOf(res);
  expect(csp.get('script-src')).toBe("'self'");
  expect(csp.get('frame-ancestors')).toBe("'none'");
  expect(csp.get('default-src')).toBe("'self'");
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.has('upgrade-insecure-requests')).toBe(false);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['x-frame-options']).toBe('DENY');
}

describe('security headers', () => {
  const t = useTestApp({ webDist });

  it('go on every reply: the web app, its files, the API, errors and unknown paths', async () => {
    const replies = await Promise.all([
      t.app.inject({ url: '/', headers: { accept: 'text/html' } }),
      t.app.inject({ url: '/dashboard', headers: { accept: 'text/html' } }),
      t.app.inject({ url: '/assets/index.js' }),
      t.app.inject({ url: '/healthz' }),
      t.app.inject({ url: '/api/auth/me' }),
      t.app.inject({ method: 'POST', url: '/api/auth/signInSuperAdmin', payload: { username: 'x' } }),
      t.app.inject({ url: '/api/no-such-thing' }),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 401, 400, 404]);
    for (const res of replies) expectSecurityHeaders(res);
  });

  it('send no HSTS over plain HTTP, nor when an untrusted client claims X-Forwarded-Proto: https', async () => {
    expect((await t.app.inject({ url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
    expect(
      (await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } })).headers[
        'strict-transport-security'
      ],
    ).toBeUndefined();
  });
});

describe('HSTS behind a trusted TLS proxy', () => {
  const t = useTestApp({ trustProxy: { addresses: ['10.9.9.9'] } });

  it('is sent when the trusted proxy says the request came over HTTPS, and only then', async () => {
    const viaTls = await t.app.inject({
      url: '/healthz',
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.5' },
    });
    expect(viaTls.headers['strict-transport-security']).toBe('max-age=31536000');
    expectSecurityHeaders(viaTls);
    const viaHttp = await t.app.inject({
      url: '/healthz',
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(viaHttp.headers['strict-transport-security']).toBeUndefined();
    const forged = await t.app.inject({
      url: '/healthz',
      remoteAddress: '10.7.7.7',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});
