// A throw-away database with the demo data and a known admin password, on TEST_DATABASE_URL / DATABASE_URL
// or, when neither is set, on an embedded PostgreSQL started for it: used by the browser tests and the benchmarks.
import fs from 'node:fs/promises';
import path from 'node:path';
import { createKysely, migrateToLatest } from '../db/database.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded.ts';
import { seedDemo } from '../demo/seed.ts';
import type { DemoRecording } from '../demo/qc.ts';
import { ensureAdmin } from '../modules/users/service.ts';
import { databaseUrl, dropDatabase, withClient } from './databases.ts';

export type SeededDatabase = { url: string; drop: () => Promise<void> };

/** recordings: demo recordings already written (demo/recordings.ts), to be scored and linked by the QC demo data. */
export async function createSeededDatabase(
  name: string,
  adminPassword: string,
  workDir: string,
  recordings: readonly DemoRecording[] = [],
): Promise<SeededDatabase> {
  let embedded: EmbeddedPostgres | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) {
    // Our own temporary folder (mkdtemp makes it 0700): open it so the postgres user can reach pg-host.
    await fs.chmod(workDir, 0o755);
    embedded = await startEmbeddedPostgres(path.join(workDir, 'pg-host'));
    adminUrl = embedded.url;
  }
  const server = adminUrl;
  await dropDatabase(server, name);
  await withClient(server, (c) => c.query(`create database ${name}`));
  const url = databaseUrl(server, name);
  const db = createKysely(url, 2);
  try {
    await migrateToLatest(db);
    await ensureAdmin(db, adminPassword);
    await seedDemo(db, recordings);
  } finally {
    await db.destroy();
  }
  return {
    url,
    drop: async () => {
      await dropDatabase(server, name);
      await embedded?.stop();
    },
  };
}
