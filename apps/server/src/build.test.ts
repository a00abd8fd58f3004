// The production build (src/build.ts): one JavaScript file that plain node runs, as `npm start` does, with no
// TypeScript loader: it starts, migrates, answers /healthz and serves the web app, and logs JSON when piped.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildServerForTests, type BuiltServer } from './test/built-server.ts';
import { createDatabaseFromTemplate, dropDatabase, withClient } from './test/databases.ts';
import { noise, silence, timeline } from './test/audio-blocks-support.ts';
import { writeWav } from './test/audio-writers-support.ts';
import { startServer, type RunningServer } from './test/process.ts';

const RECORDING = '20261117-101500_01712345678_AG-1001-all.wav';

let built: BuiltServer | undefined;
let server: RunningServer | undefined;
let databaseUrl: string | undefined;
let work: string | undefined;

beforeAll(async () => {
  built = await buildServerForTests();
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-built-server-'));
  const webDist = path.join(work, 'web');
  await fs.mkdir(webDist);
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>CallDesk CRM</title>');
  databaseUrl = await createDatabaseFromTemplate(inject('dbAdminUrl'), inject('dbTemplate'));
  // A recording for the analysis thread, which the bundle starts from its own file (analysis-thread.js).
  const call = await timeline(8000, [[noise(2, 0.1), silence(1), noise(2, 0.1)]]);
  await fs.mkdir(path.join(work, 'data', 'recordings', '2026-11-17'), { recursive: true });
  await writeWav(path.join(work, 'data', 'recordings', '2026-11-17', RECORDING), call.channels, 8000);
  server = await startServer(
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(work, 'data'),
      WEB_DIST: webDist,
      CRM_ADMIN_PASSWORD: 'built-server-pass',
      ANALYSIS_CONCURRENCY: '1',
    },
    60_000,
    built.entry,
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (databaseUrl) await dropDatabase(inject('dbAdminUrl'), new URL(databaseUrl).pathname.slice(1));
  if (work) await fs.rm(work, { recursive: true, force: true });
  await built?.remove();
});

describe('the built server', () => {
  it('is plain JavaScript with its npm packages as imports and @crm/shared bundled in', async () => {
    const code = await fs.readFile(built!.entry, 'utf8');
    expect(code).toMatch(/from "fastify"/);
    expect(code).not.toMatch(/from "@crm\/shared"|\.ts"/);
  });

  it('starts under plain node and answers /healthz and the web app', async () => {
    const health = await fetch(`${server!.url}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok', db: 'postgres' }]);
    const page = await fetch(`${server!.url}/dashboard`);
    expect([page.status, await page.text()]).toEqual([200, '<!doctype html><title>CallDesk CRM</title>']);
    const signIn = await fetch(`${server!.url}/api/auth/signInSuperAdmin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'built-server-pass' }),
    });
    expect(signIn.status).toBe(200);
  });

  it('analyses a recording in its worker thread, built beside it', async () => {
    const until = Date.now() + 60_000;
    let row: { analysis_status: string; analysis_reason: string | null } | undefined;
    while (Date.now() < until) {
      row = await withClient(
        databaseUrl!,
        async (c) =>
          (
            await c.query<{ analysis_status: string; analysis_reason: string | null }>(
              'select analysis_status, analysis_reason from recordings where file_name = $1',
              [RECORDING],
            )
          ).rows[0],
      );
      if (row && row.analysis_status !== 'pending') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(row).toEqual({ analysis_status: 'done', analysis_reason: null });
    await expect(fs.stat(path.join(path.dirname(built!.entry), 'analysis-thread.js'))).resolves.toBeTruthy();
  }, 90_000);

  it('logs one JSON object a line when its output is a pipe', async () => {
    const lines = server!.output().trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(lines.map((l) => (JSON.parse(l) as { msg?: string }).msg)).toContainEqual(
      expect.stringMatching(/^CallDesk CRM is ready on http:\/\/localhost:\d+ \(database: postgres\)\.$/),
    );
  });
});
