// The server under benchmark: the real product on TEST_DATABASE_URL / DATABASE_URL, else on embedded PostgreSQL.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createSeededDatabase } from '@crm/server/test/seeded-database';
import { startServer, type RunningServer } from '@crm/server/process';

export const BENCH_ADMIN_PASSWORD = 'bench-super-secret-4471';

export type BenchServer = RunningServer & { databaseUrl: string };

/**
 * The product on a database of its own (crm_bench_{name}_{pid}) in a temporary folder, removed by stop(); `recordings`
 * gives it a RECORDINGS_DIR there, `env` adds settings. A group with its own server measures nothing another left behind.
 */
export async function startBenchServer(
  name = 'shared',
  options: { recordings?: boolean; env?: Record<string, string> } = {},
): Promise<BenchServer> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), `crm-bench-${name}-`));
  const database = await createSeededDatabase(`crm_bench_${name}_${process.pid}`, BENCH_ADMIN_PASSWORD, work);
  // BENCH_KEEP_DATABASE=1: the database stays after the run, to read its plans (docs/performance.md).
  const keep = process.env.BENCH_KEEP_DATABASE === '1';
  const remove = async () => {
    if (keep) console.log(`[bench] kept the database ${database.url}`);
    else await database.drop();
    await fs.rm(work, { recursive: true, force: true });
  };
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    DATA_DIR: path.join(work, 'data'),
    LOGIN_RATE_LIMIT: '1000000',
    ...options.env,
  };
  if (options.recordings) {
    env.RECORDINGS_DIR = path.join(work, 'recordings');
    await fs.mkdir(env.RECORDINGS_DIR);
  }
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (docs/performance.md).
  const profile = process.env.BENCH_CPU_PROF;
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const server = await startServer(env, undefined, undefined, undefined, nodeArgs).catch(async (e: unknown) => {
    await remove();
    throw e;
  });
  return {
    ...server,
    databaseUrl: database.url,
    stop: async () => {
      const code = await server.stop();
      await remove();
      return code;
    },
  };
}
