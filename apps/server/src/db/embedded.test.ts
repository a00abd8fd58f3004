// The embedded PostgreSQL's own settings: crash-safe whatever else is tuned, a new data directory without data
// checksums (db/embedded.ts INITDB_OPTIONS), and a data directory made by an earlier version (with checksums, as
// PostgreSQL 18's initdb made it by default) still starts, with the new settings and its rows.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { embeddedBinaries, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.ts';

const run = promisify(execFile);

let running: EmbeddedPostgres | undefined;
let work: string | undefined;

afterEach(async () => {
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
    const { rows } = await client.query<{ name: string; setting: string }>('select name, setting from pg_settings where name = any($1)', [names]);
    return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
  } finally {
    await client.end();
  }
}

const CRASH_SAFE = { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' };

describe('the embedded PostgreSQL', () => {
  it('makes a new data directory without data checksums and runs it crash-safe with JIT off', { timeout: 60_000 }, async () => {
    running = await startEmbeddedPostgres(await workDir());
    expect(await settingsOf(running.url, ['fsync', 'synchronous_commit', 'full_page_writes', 'data_checksums', 'jit'])).toEqual({
      ...CRASH_SAFE,
      data_checksums: 'off',
      jit: 'off',
    });
  });

  it('starts a data directory an earlier version made with data checksums, keeping them and its rows, with the new settings', { timeout: 90_000 }, async () => {
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
    await run(bin.initdb, [`--pgdata=${pgDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C'], ids);

    running = await startEmbeddedPostgres(dataDir);
    expect(await settingsOf(running.url, ['fsync', 'synchronous_commit', 'full_page_writes', 'data_checksums', 'jit'])).toEqual({
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
  });
});
