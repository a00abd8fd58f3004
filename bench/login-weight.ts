// The login page's weight (docs/architecture.md §12): the JS and CSS a first visit to /login moves, as Chromium receives it from the
// real server (compressed when the server compresses), against the 250 KB target.
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Request } from 'playwright-core';
import type { BenchServer } from './server.ts';
import { CHROMIUM, CHROMIUM_ARGS as ARGS } from './chromium.ts';
import type { Figure } from './table.ts';

export const LOGIN_WEIGHT_TARGET_KB = 250;

export type LoadedFile = { url: string; type: string; encoding: string; transferred: number; decoded: number };

/**
 * The files a first, cold visit to /login loads, once the form is on screen and the network is quiet. Chromium
 * offers br only to a secure origin (HTTPS, or localhost as here); on a plain-HTTP LAN address it offers gzip and
 * deflate, which `acceptEncoding` imitates.
 */
export async function loadLoginPage(baseUrl: string, acceptEncoding?: string): Promise<LoadedFile[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  try {
    const context = await browser.newContext({
      baseURL: baseUrl,
      ...(acceptEncoding ? { extraHTTPHeaders: { 'accept-encoding': acceptEncoding } } : {}),
    });
    const page = await context.newPage();
    const finished: Request[] = [];
    page.on('requestfinished', (request) => finished.push(request));
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    return await Promise.all(
      finished.map(async (request) => {
        const response = await request.response();
        const sizes = await request.sizes();
        const body = await response?.body().catch(() => undefined);
        return {
          url: new URL(request.url()).pathname,
          type: request.resourceType(),
          encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
          transferred: sizes.responseBodySize,
          decoded: body?.length ?? 0,
        };
      }),
    );
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

export async function benchLoginWeight(server: BenchServer): Promise<Figure[]> {
  const log = (line: string) => console.log(`[login-weight] ${line}`);
  const webDist = process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist');
  if (!(await fs.stat(path.join(webDist, 'index.html')).catch(() => null)))
    throw new Error(`no built web app in ${webDist}: run npm run build first`);
  const sum = (list: LoadedFile[], key: 'transferred' | 'decoded') => list.reduce((s, f) => s + f[key], 0);
  const isCode = (f: LoadedFile) => f.type === 'script' || f.type === 'stylesheet';

  const files = await loadLoginPage(server.url);
  const code = files.filter(isCode);
  for (const f of [...files].sort((a, b) => b.transferred - a.transferred)) {
    log(
      `${f.type.padEnd(10)} ${f.encoding.padEnd(8)} ${kb(f.transferred).toFixed(1).padStart(7)} KB (${kb(f.decoded).toFixed(1)} KB decoded)  ${f.url}`,
    );
  }
  const uncompressed = code.filter((f) => f.encoding === 'identity' && f.decoded > 1024);
  if (uncompressed.length > 0) log(`arrived uncompressed: ${uncompressed.map((f) => f.url).join(', ')}`);
  const gzipCode = (await loadLoginPage(server.url, 'gzip, deflate')).filter(isCode);
  log(
    `as a plain-HTTP LAN address gets it (gzip): ${gzipCode.length} files, ${kb(sum(gzipCode, 'transferred'))} KB, encodings ${[...new Set(gzipCode.map((f) => f.encoding))].join(', ')}`,
  );
  return [
    {
      figure: `login page: JS + CSS transferred, br (${code.length} files)`,
      value: kb(sum(code, 'transferred')),
      unit: 'KB',
      target: LOGIN_WEIGHT_TARGET_KB,
    },
    {
      figure: 'login page: JS + CSS transferred, gzip only (plain-HTTP LAN)',
      value: kb(sum(gzipCode, 'transferred')),
      unit: 'KB',
      target: LOGIN_WEIGHT_TARGET_KB,
    },
    { figure: 'login page: JS + CSS decoded', value: kb(sum(code, 'decoded')), unit: 'KB' },
    {
      figure: `login page: everything transferred, br (${files.length} requests)`,
      value: kb(sum(files, 'transferred')),
      unit: 'KB',
    },
  ];
}
