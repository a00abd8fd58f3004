// Once per browser-test run: a seeded database and the real server (built web app + API) on a free port.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createKysely, migrateToLatest } from '../apps/server/src/db/database.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { ensureAdmin } from '../apps/server/src/modules/users/service.ts';
import { databaseUrl, dropDatabase, withClient } from '../apps/server/src/test/databases.ts';
import { startServer, type RunningServer } from '../apps/server/src/test/process.ts';
import { E2E_ADMIN_PASSWORD } from './fixtures.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-e2e-'));
  let embedded: EmbeddedPostgres | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres(path.join(work, 'pg-host'));
    adminUrl = embedded.url;
  }
  const name = `crm_e2e_${process.pid}`;
  await dropDatabase(adminUrl, name);
  await withClient(adminUrl, (c) => c.query(`create database ${name}`));
  const url = databaseUrl(adminUrl, name);
  const db = createKysely(url, 2);
  await migrateToLatest(db);
  await ensureAdmin(db, E2E_ADMIN_PASSWORD);
  await seedDemo(db);
  await db.destroy();

  let server: RunningServer | undefined;
  try {
    server = await startServer({ DATABASE_URL: url, DATA_DIR: path.join(work, 'data'), LOGIN_RATE_LIMIT: '1000' });
  } catch (e) {
    await dropDatabase(adminUrl, name);
    await embedded?.stop();
    throw e;
  }
  project.provide('baseUrl', server.url);
  project.provide('databaseUrl', url);

  return async () => {
    await server?.stop();
    await dropDatabase(adminUrl, name);
    await embedded?.stop();
    await fs.rm(work, { recursive: true, force: true });
  };
}
