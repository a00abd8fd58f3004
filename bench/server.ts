// The server under benchmark: the real product on TEST_DATABASE_URL / DATABASE_URL, else on embedded PostgreSQL.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createSeededDatabase } from '../apps/server/src/test/seeded-database.ts';
import { startServer, type RunningServer } from '../apps/server/src/test/process.ts';

export const BENCH_ADMIN_PASSWORD = 'bench-admin-password';

export type BenchServer = RunningServer & { databaseUrl: string };

export async function startBenchServer(): Promise<BenchServer> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-bench-'));
  const database = await createSeededDatabase(`crm_bench_${process.pid}`, BENCH_ADMIN_PASSWORD, work);
  const url = database.url;
  const server = await startServer({ DATABASE_URL: url, DATA_DIR: path.join(work, 'data'), LOGIN_RATE_LIMIT: '1000000' });
  return {
    ...server,
    databaseUrl: url,
    stop: async () => {
      const code = await server.stop();
      await database.drop();
      await fs.rm(work, { recursive: true, force: true });
      return code;
    },
  };
}
