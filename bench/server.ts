// The server under benchmark: the real product on TEST_DATABASE_URL / DATABASE_URL, else on embedded PostgreSQL.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createKysely, migrateToLatest } from '../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { ensureAdmin } from '../apps/server/src/modules/users/service.ts';
import { databaseUrl, dropDatabase, withClient } from '../apps/server/src/test/databases.ts';
import { startServer, type RunningServer } from '../apps/server/src/test/process.ts';

export const BENCH_ADMIN_PASSWORD = 'bench-admin-password';

export type BenchServer = RunningServer & { databaseUrl: string };

export async function startBenchServer(): Promise<BenchServer> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-bench-'));
  const embedded = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres(path.join(work, 'pg-host'));
  const adminUrl = embedded?.url ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? '';
  const name = `crm_bench_${process.pid}`;
  await dropDatabase(adminUrl, name);
  await withClient(adminUrl, (c) => c.query(`create database ${name}`));
  const url = databaseUrl(adminUrl, name);
  const db = createKysely(url, 2);
  await migrateToLatest(db);
  await ensureAdmin(db, BENCH_ADMIN_PASSWORD);
  await seedDemo(db);
  await db.destroy();
  const server = await startServer({ DATABASE_URL: url, DATA_DIR: path.join(work, 'data'), LOGIN_RATE_LIMIT: '1000000' });
  return {
    ...server,
    databaseUrl: url,
    stop: async () => {
      const code = await server.stop();
      await dropDatabase(adminUrl, name);
      await embedded?.stop();
      await fs.rm(work, { recursive: true, force: true });
      return code;
    },
  };
}
