// The product started as a user starts it: no DATABASE_URL, so on its own embedded PostgreSQL.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './test/process.ts';
import { silence, speech, timeline } from './test/audio-blocks-support.ts';
import { writeWav } from './test/audio-writers-support.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

async function post(url: string, body: unknown) {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

function postgresProcessesFor(dataDir: string): number {
  const out = execFileSync('ps', ['-eo', 'args']).toString();
  return out.split('\n').filter((l) => l.includes(path.join(dataDir, 'pg')) && !l.includes('ps -eo')).length;
}

describe('embedded mode', () => {
  it(
    'keeps its data and its signing secret across a restart, and stops its PostgreSQL on SIGTERM',
    { timeout: 180_000 },
    async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-embedded-'));
      dirs.push(dataDir);

      const first = await startServer({ DATA_DIR: dataDir, CRM_ADMIN_PASSWORD: 'first-password' });
      expect(await (await fetch(`${first.url}/healthz`)).json()).toEqual({ status: 'ok', db: 'embedded' });
      const signIn = await post(`${first.url}/api/auth/signInSuperAdmin`, {
        username: 'admin',
        password: 'first-password',
      });
      expect(signIn.status).toBe(200);
      const token = String(signIn.body.jwtToken);
      expect(await first.stop()).toBe(0);
      expect(postgresProcessesFor(dataDir)).toBe(0);

      // A recording for the second start to index and analyse (pg-boss's queue on the embedded PostgreSQL).
      const recording = '20261117-101500_01712345678_AG-1001-all.wav';
      const call = await timeline(8000, [[speech('Hello, how can I help?'), silence(2), speech('Thank you.')]]);
      await fs.mkdir(path.join(dataDir, 'recordings', '2026-11-17'), { recursive: true });
      await writeWav(path.join(dataDir, 'recordings', '2026-11-17', recording), call.channels, 8000);

      // A different CRM_ADMIN_PASSWORD on a later start changes nothing: the admin was made once and kept.
      const second = await startServer({
        DATA_DIR: dataDir,
        CRM_ADMIN_PASSWORD: 'second-password',
        ANALYSIS_CONCURRENCY: '1',
      });
      let stopped = false;
      try {
        expect(
          (await post(`${second.url}/api/auth/signInSuperAdmin`, { username: 'admin', password: 'first-password' }))
            .status,
        ).toBe(200);
        expect(
          (await post(`${second.url}/api/auth/signInSuperAdmin`, { username: 'admin', password: 'second-password' }))
            .status,
        ).toBe(401);
        const me = await fetch(`${second.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
        expect(me.status).toBe(200);
        expect(second.output()).not.toMatch(/First start/);

        const analysisUrl = `${second.url}/api/voicelog/analysis?fileName=${encodeURIComponent(`2026-11-17/${recording}`)}`;
        let status = 'pending';
        for (const until = Date.now() + 60_000; status === 'pending' && Date.now() < until;) {
          await new Promise((r) => setTimeout(r, 250));
          status = String(
            (
              (await (await fetch(analysisUrl, { headers: { authorization: `Bearer ${token}` } })).json()) as {
                status?: unknown;
              }
            ).status,
          );
        }
        expect(status).toBe('done');

        // SIGTERM while a sign-in (scrypt, tens of ms) is in flight: it still gets its answer.
        const inFlight = post(`${second.url}/api/auth/signInSuperAdmin`, {
          username: 'admin',
          password: 'first-password',
        });
        await new Promise((r) => setTimeout(r, 15));
        const exit = second.stop();
        stopped = true;
        expect((await inFlight).status).toBe(200);
        // On failure, the server's last lines say why it stopped badly.
        expect(await exit, second.output().slice(-4000)).toBe(0);
      } finally {
        if (!stopped) await second.stop();
      }
      expect(postgresProcessesFor(dataDir)).toBe(0);
    },
  );

  it('prints a generated administrator password once when none is configured', { timeout: 120_000 }, async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-embedded-'));
    dirs.push(dataDir);
    const server = await startServer({ DATA_DIR: dataDir, CRM_ADMIN_PASSWORD: undefined });
    try {
      const m = /created user \\"admin\\" with password \\"([^"\\]+)\\"/.exec(server.output());
      expect(m, server.output()).not.toBeNull();
      expect(
        (await post(`${server.url}/api/auth/signInSuperAdmin`, { username: 'admin', password: m![1] })).status,
      ).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
