// Once per test run: the run's temporary folder (test/temp-root.ts), find (or start) a PostgreSQL and build the
// migrated template database.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareSchema } from '../db/database.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded.ts';
import { DEFAULT_DB_LIMITS } from '../db/limits.ts';
import { TEST_APP_ROLE, databaseUrl, dropDatabase, withClient } from './databases.ts';
import { openTempRoot } from './temp-root.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbAdminUrl: string;
    dbTemplate: string;
  }
}

type TPrepared = { adminUrl: string; template: string; teardown: () => Promise<void> };
type TShared = { prepared: Promise<TPrepared>; users: number };

/**
 * Both server projects (server, server-exclusive: apps/server/vitest.config.ts) name this set-up; vitest runs it for
 * each, in one process. The first prepares the temporary folder and the template database, the second shares them,
 * and the last teardown (after every test of the run) removes them. Kept on globalThis: each project may load this
 * module apart.
 */
const SHARED_KEY = Symbol.for('crm.test.global-setup');
type TWithShared = typeof globalThis & { [SHARED_KEY]?: TShared };

export default async function setup(project: TestProject) {
  const g = globalThis as TWithShared;
  const shared = (g[SHARED_KEY] ??= { prepared: prepareOnce(), users: 0 });
  shared.users += 1;
  const { adminUrl, template, teardown } = await shared.prepared;
  project.provide('dbAdminUrl', adminUrl);
  project.provide('dbTemplate', template);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete g[SHARED_KEY];
    await teardown();
  };
}

async function prepareOnce(): Promise<TPrepared> {
  const tempRoot = await openTempRoot('test');
  try {
    return await prepareDatabase(tempRoot.close);
  } catch (e) {
    await tempRoot.close().catch(() => undefined);
    throw e;
  }
}

async function prepareDatabase(closeTempRoot: () => Promise<void>): Promise<TPrepared> {
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-test-pg-'));
    embedded = await startEmbeddedPostgres(dataDir);
    adminUrl = embedded.url;
  }
  const template = `crm_template_${process.pid}`;
  await dropDatabase(adminUrl, template);
  await withClient(adminUrl, (c) => c.query(`create database ${template}`));
  // Migrated, the job queue installed and the tests' application role granted, as a server's owner does at start-up;
  // every copy inherits it all. The role is the cluster's: made here unless an earlier or parallel run made it.
  await prepareSchema(databaseUrl(adminUrl, template), DEFAULT_DB_LIMITS, {
    name: TEST_APP_ROLE.name,
    password: TEST_APP_ROLE.password,
  });

  const teardown = async () => {
    try {
      const url = adminUrl;
      // Drop this run's copies (a crashed file may have left one) and the template.
      const names = await withClient(url, (c) =>
        c.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [
          `${template}_`,
        ]),
      );
      for (const { datname } of names.rows) await dropDatabase(url, datname);
      await dropDatabase(url, template);
      await embedded?.stop();
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    } finally {
      await closeTempRoot();
    }
  };
  return { adminUrl, template, teardown };
}
