// Once per browser-test run: the run's temporary folder (apps/server/src/test/temp-root.ts), a seeded database and the
// real server as `npm start` runs it (built to JavaScript, with the built web app) on a free port.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createSeededDatabase } from '@crm/server/test/seeded-database';
import { buildServerForTests, type BuiltServer } from '@crm/server/test/built-server';
import { startServer, type RunningServer } from '@crm/server/process';
import { openTempRoot } from '@crm/server/test/temp-root';
import { E2E_ADMIN_PASSWORD } from './fixtures.ts';
import { FAKE_DIALER_ENV, startFakeVicidial, type FakeVicidial } from './fake-vicidial.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    /** POST a FakeBehaviour here to change what the fake VICIdial answers (see e2e/fake-vicidial.ts). */
    dialerControlUrl: string;
    /** The server's RECORDINGS_DIR: tests put recordings in {yyyy-MM-dd}/ folders here. */
    recordingsDir: string;
  }
}

/** The web app the server serves: WEB_DIST when given (a build of your own), else the repository's apps/web/dist. */
const WEB_DIST = process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist');

export default async function setup(project: TestProject) {
  const tempRoot = await openTempRoot('e2e');
  let built: BuiltServer | undefined;
  try {
    built = await buildServerForTests();
    return await startProduct(project, built, tempRoot.close);
  } catch (e) {
    await built?.remove();
    await tempRoot.close().catch(() => undefined);
    throw e;
  }
}

async function startProduct(project: TestProject, built: BuiltServer, closeTempRoot: () => Promise<void>) {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-e2e-'));
  const database = await createSeededDatabase(`crm_e2e_${process.pid}`, E2E_ADMIN_PASSWORD, work);
  const url = database.url;

  // The dialer comes first: the product polls it from its first second.
  const dialer: FakeVicidial = await startFakeVicidial();
  const recordingsDir = path.join(work, 'recordings');
  await fs.mkdir(recordingsDir, { recursive: true });
  let server: RunningServer | undefined;
  try {
    server = await startServer(
      {
        DATABASE_URL: url,
        DATA_DIR: path.join(work, 'data'),
        WEB_DIST,
        RECORDINGS_DIR: recordingsDir,
        LOGIN_RATE_LIMIT: '1000',
        LOGIN_RATE_LIMIT_PER_IP: '1000',
        // The browser tests sign in wrongly on purpose, many times, from one address: no day-long limit gets in the way.
        LOGIN_DAILY_LIMIT_PER_IP: '100000',
        LOGIN_BACKOFF_AFTER: '1000',
        DIALER: undefined,
        VICIDIAL_URL: dialer.url,
        VICIDIAL_USER: dialer.user,
        VICIDIAL_PASS: dialer.pass,
        ...FAKE_DIALER_ENV,
      },
      undefined,
      built.entry,
    );
  } catch (e) {
    await dialer.close();
    await database.drop();
    await fs.rm(work, { recursive: true, force: true });
    throw e;
  }
  project.provide('baseUrl', server.url);
  project.provide('databaseUrl', url);
  project.provide('dialerControlUrl', dialer.controlUrl);
  project.provide('recordingsDir', recordingsDir);

  return async () => {
    try {
      await server?.stop();
      await dialer.close();
      await database.drop();
      await fs.rm(work, { recursive: true, force: true });
    } finally {
      await built.remove();
      await closeTempRoot();
    }
  };
}
