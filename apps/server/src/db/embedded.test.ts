// The embedded PostgreSQL's own settings: crash-safe whatever else is tuned, a new data directory without data
// checksums (db/embedded.ts INITDB_OPTIONS), and a data directory made by an earlier version (with checksums, as
// PostgreSQL 18's initdb made it by default) still starts, with the new settings and its rows. The server's pools on
// it run as the application's role (db/roles.ts), a data directory of an earlier version (pools as the superuser)
// included.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { expectAuditLogOutOfReach } from '../test/db-roles-support.ts';
import { createKysely, ensureDatabase, migrateToLatest, openDatabase, poolOf, type Database } from './database.ts';
import { embeddedBinaries, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.ts';
import { installJobQueue } from './job-queue.ts';
import { EMBEDDED_APP_ROLE, rolePowers } from './roles.ts';

const run = promisify(execFile);

let running: EmbeddedPostgres | undefined;
let opened: Database | undefined;
let work: string | undefined;

afterEach(async () => {
  await opened?.close();
  opened = undefined;
  await running?.stop();
  running = undefined;
  if (work) await fs.rm(work, { recursive: true, force: true });
  work = undefined;
});

async function workDir(): Promise<string> {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-embedded-settings-'));
  // As root PostgreSQL runs as "postgres", which must reach the data directory.
  await fs.chmod(work, 0o755);
  return path.join(work, 'data');
}

async function settingsOf(url: string, names: string[]): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      'select name, setting from pg_settings where name = any($1)',
      [names],
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
  } finally {
    await client.end();
  }
}

const CRASH_SAFE = { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' };

describe('the embedded PostgreSQL', () => {
  it(
    'makes a new data directory without data checksums and runs it crash-safe with JIT off',
    { timeout: 60_000 },
    async () => {
      running = await startEmbeddedPostgres(await workDir());
      expect(
        await settingsOf(running.url, ['fsync', 'synchronous_commit', 'full_page_writes', 'data_checksums', 'jit']),
      ).toEqual({
        ...CRASH_SAFE,
        data_checksums: 'off',
        jit: 'off',
      });
    },
  );

  it(
    'starts a data directory an earlier version made with data checksums, keeping them and its rows, with the new settings',
    { timeout: 90_000 },
    async () => {
      const dataDir = await workDir();
      const pgDir = path.join(dataDir, 'pg');
      // As earlier versions made it: PostgreSQL 18's initdb with its defaults (data checksums on), with the binaries and
      // user the embedded PostgreSQL runs them with (a copy the postgres user can reach when the checkout is shut to it).
      const { bin, ids } = await embeddedBinaries();
      const password = 'earlier-version-password';
      await fs.mkdir(dataDir, { mode: 0o755 });
      await fs.mkdir(pgDir, { mode: 0o700 });
      await fs.writeFile(path.join(dataDir, 'pg-password'), `${password}\n`, { mode: 0o600 });
      const pwFile = path.join(work!, 'pw');
      await fs.writeFile(pwFile, `${password}\n`, { mode: 0o644 });
      if (ids.uid !== undefined && ids.gid !== undefined) await fs.chown(pgDir, ids.uid, ids.gid);
      await run(
        bin.initdb,
        [
          `--pgdata=${pgDir}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${pwFile}`,
          '--encoding=UTF8',
          '--locale=C',
        ],
        ids,
      );

      running = await startEmbeddedPostgres(dataDir);
      expect(
        await settingsOf(running.url, ['fsync', 'synchronous_commit', 'full_page_writes', 'data_checksums', 'jit']),
      ).toEqual({
        ...CRASH_SAFE,
        data_checksums: 'on',
        jit: 'off',
      });
      const client = new pg.Client({ connectionString: running.url });
      await client.connect();
      await client.query('create table kept (n int)');
      await client.query('insert into kept values (1), (2), (3)');
      await client.end();
      await running.stop();

      running = await startEmbeddedPostgres(dataDir);
      const again = new pg.Client({ connectionString: running.url });
      await again.connect();
      const { rows } = await again.query<{ n: number }>('select count(*)::int as n from kept');
      await again.end();
      expect(rows[0]?.n).toBe(3);
    },
  );

  it(
    "runs the server's pools as its own role, which cannot switch off or go round the audit log",
    { timeout: 90_000 },
    async () => {
      const dataDir = await workDir();
      opened = await openDatabase({ databaseUrl: undefined, dataDir });
      const run = (text: string) => poolOf(opened!.db).query(text);
      expect(await rolePowers(run)).toEqual({ role: EMBEDDED_APP_ROLE, superuser: false, ownsTables: false });
      expect(new URL(opened.url).username).toBe(EMBEDDED_APP_ROLE);
      await expectAuditLogOutOfReach(run);
      await expectAuditLogOutOfReach((text) => poolOf(opened!.bulkDb).query(text));
      // Its password is DATA_DIR's, readable by the server's user alone.
      expect((await fs.stat(path.join(dataDir, 'pg-app-password'))).mode & 0o777).toBe(0o600);
    },
  );

  it(
    'upgrades a data directory whose server connected as the superuser: the next start runs the pools as the own role',
    { timeout: 120_000 },
    async () => {
      const dataDir = await workDir();
      // As earlier versions left it: the tables, the job queue and an audit entry made by the `postgres` superuser.
      running = await startEmbeddedPostgres(dataDir);
      const earlier = createKysely(await ensureDatabase(running.url, 'crm'), 2);
      await migrateToLatest(earlier);
      await installJobQueue(poolOf(earlier));
      await poolOf(earlier).query(
        `insert into audit_log (actor_username, actor_role, action, object_type, object_id) values ('earlier', 'admin', 'create', 'campaign', '7')`,
      );
      await earlier.destroy();
      await running.stop();
      running = undefined;

      opened = await openDatabase({ databaseUrl: undefined, dataDir });
      const run = (text: string) => poolOf(opened!.db).query(text);
      expect(await rolePowers(run)).toMatchObject({ role: EMBEDDED_APP_ROLE, superuser: false, ownsTables: false });
      expect((await run(`select actor_username from audit_log where object_id = '7'`)).rows).toEqual([
        { actor_username: 'earlier' },
      ]);
      await expectAuditLogOutOfReach(run);
      // The job queue's rows, made by the superuser, are the app's to work.
      expect((await run(`select count(*)::int as n from pgboss.queue`)).rows).toEqual([{ n: 3 }]);
      await run(`update pgboss.queue set retry_limit = retry_limit where name = 'dialer-send'`);
    },
  );
});
