// The product as an operator runs it (issue 33 item 3): the first start says how the administrator enrols, the
// `admin` user enrols at the first sign-in, and `npm run reset-mfa -- admin` on the server takes the factor away.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { TEnrolRequired, TMfaResult } from '@crm/shared';
import { createDatabaseFromTemplate, dropDatabase } from '../../test/databases.ts';
import { codeAt } from '../../test/mfa-support.ts';
import { startServer } from '../../test/process.ts';
import { mfaStartNotice } from './notice.ts';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'Quiet-Harbour-Lantern-77';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function post<T>(url: string, body: unknown): Promise<{ status: number; body: T }> {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as T };
}

describe('the first start and the server command', () => {
  it(
    'prints how to enrol, enrols the admin at the first sign-in, and resets the factor from the command line',
    { timeout: 180_000 },
    async () => {
      const adminUrl = inject('dbAdminUrl');
      const databaseUrl = await createDatabaseFromTemplate(adminUrl, inject('dbTemplate'));
      cleanups.push(() => dropDatabase(adminUrl, new URL(databaseUrl).pathname.slice(1)));
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-mfa-start-'));
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
      const server = await startServer({
        ...env,
        CRM_ADMIN_PASSWORD: PASSWORD,
        MFA_REQUIRED: 'admins',
        MFA_GRACE_SIGNINS: '2',
        WEB_DIST: undefined,
      });
      cleanups.push(() => server.stop());
      expect(server.output()).toContain(
        'Second factor (MFA_REQUIRED=admins): at the first sign-in \\"admin\\" is asked to set up an authenticator app',
      );
      expect(server.output()).toContain('it can be put off 2 times (MFA_GRACE_SIGNINS)');

      const step = await post<TEnrolRequired>(`${server.url}/api/auth/signInSuperAdmin`, {
        username: 'admin',
        password: PASSWORD,
      });
      expect(step.status).toBe(200);
      expect(step.body).toMatchObject({ enrolRequired: true, canSkip: true, skipsLeft: 2 });
      expect(step.body).not.toHaveProperty('jwtToken');
      const enrolled = await post<TMfaResult>(`${server.url}/api/auth/mfa`, {
        mfaToken: step.body.mfaToken,
        code: await codeAt(step.body.secret),
      });
      expect(enrolled.status).toBe(200);
      expect(enrolled.body.recoveryCodes).toHaveLength(10);
      expect(
        (await post(`${server.url}/api/auth/signInSuperAdmin`, { username: 'admin', password: PASSWORD })).body,
      ).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });

      // The phone is lost: on the server, the command (the server may keep running on its own PostgreSQL).
      const cli = (name: string) =>
        run(process.execPath, ['--import', 'tsx', 'src/reset-mfa.ts', name], {
          cwd: SERVER_DIR,
          env: { ...process.env, ...env, MFA_REQUIRED: 'admins' },
        });
      const reset = await cli('admin');
      expect(reset.stdout).toContain('The second factor of "admin" was reset');
      const me = await fetch(`${server.url}/api/auth/me`, {
        headers: { authorization: `Bearer ${enrolled.body.jwtToken}` },
      });
      expect(me.status).toBe(401);
      const again = await post<TEnrolRequired>(`${server.url}/api/auth/signInSuperAdmin`, {
        username: 'admin',
        password: PASSWORD,
      });
      expect(again.body).toMatchObject({ enrolRequired: true, canSkip: true, skipsLeft: 2 });
      await expect(cli('nobody')).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('No admin or QC account named "nobody"'),
      });
    },
  );

  it('warns on every start while MFA_REQUIRED=none, and says nothing more on later starts', () => {
    expect(mfaStartNotice({ requiredRoles: [], graceSignIns: 3 }, false)).toEqual({
      level: 'warn',
      text: expect.stringMatching(/^MFA_REQUIRED=none: .*Unsafe/),
    });
    expect(mfaStartNotice({ requiredRoles: ['admin', 'qc'], graceSignIns: 0 }, true)?.text).toMatch(
      /MFA_REQUIRED=admins,qc.*it cannot be put off/,
    );
    expect(mfaStartNotice({ requiredRoles: ['admin'], graceSignIns: 3 }, false)).toBeUndefined();
  });
});
