// The pools survive their connections being cut: a checked-out client (a transaction, a COPY, a cursor) whose
// backend is terminated fails its query with a clear error, and the process lives on (no unhandled 'error' event).
import { sql } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyDatabaseError } from './pg-errors.ts';
import { openTestDatabase } from '../test/harness.ts';
import {
  createKysely,
  describeDatabaseUrl,
  migrateToLatest,
  poolOf,
  waitForReachableDatabase,
  type Database,
} from './database.ts';
import { DEFAULT_DB_LIMITS } from './limits.ts';

let database: Database;
let drop: () => Promise<void>;
let admin: pg.Client;

beforeAll(async () => {
  let ownerUrl: string;
  ({ database, ownerUrl, drop } = await openTestDatabase({ ...DEFAULT_DB_LIMITS, poolSize: 3, bulkPoolSize: 2 }));
  admin = new pg.Client({ connectionString: ownerUrl });
  await admin.connect();
});

afterAll(async () => {
  await admin.end();
  await drop();
});

async function terminate(pid: number): Promise<void> {
  await admin.query('select pg_terminate_backend($1)', [pid]);
}

/** Gives the client's socket time to see its backend go (the 'error' event fires then, with no query running). */
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('a pooled connection cut while checked out', () => {
  it('fails the transaction holding it with a connection error; the pool serves the next query', async () => {
    const failure = await database.db
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await terminate(rows[0]!.pid);
        await settle();
        await sql`select 1`.execute(trx);
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(failure).toBeInstanceOf(Error);
    expect(classifyDatabaseError(failure)).toBe('unavailable');
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('fails a COPY whose backend is terminated mid-way, and the pool discards that client', async () => {
    const pool = poolOf(database.bulkDb);
    const client = await pool.connect();
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    await client.query('create temporary table copied (n int)');
    const copy = client.query(copyFrom('copy copied (n) from stdin'));
    const ended = new Promise<unknown>((resolve) => {
      copy.on('error', resolve);
      copy.on('finish', () => resolve(undefined));
    });
    copy.write('1\n2\n');
    await terminate(pid);
    const error = await ended;
    await settle();
    client.release(error instanceof Error ? error : true);
    expect(classifyDatabaseError(error)).toBe('unavailable');
    const again = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
    expect(again.rows[0]!.pid).not.toBe(pid);
  });

  it('keeps an idle, checked-out client from ending the process when its backend goes', async () => {
    const client = await poolOf(database.db).connect();
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    await terminate(pid);
    // Without a listener the client's 'error' event is unhandled here, and vitest fails the run.
    await settle();
    const failure = await client.query('select 1').then(
      () => undefined,
      (e: unknown) => e,
    );
    client.release(true);
    expect(classifyDatabaseError(failure)).toBe('unavailable');
  });
});

describe('time limits of the interactive pool', () => {
  it("sets each pool's limits on its connections, and ends a statement that waits on a lock after lock_timeout", async () => {
    const limits = sql<{
      lock: number;
      statement: number;
    }>`select extract(epoch from current_setting('lock_timeout')::interval)::int * 1000 as lock,
      extract(epoch from current_setting('statement_timeout')::interval)::int * 1000 as statement`;
    expect((await limits.execute(database.db)).rows[0]).toEqual({
      lock: DEFAULT_DB_LIMITS.lockTimeoutMs,
      statement: DEFAULT_DB_LIMITS.statementTimeoutMs,
    });
    expect((await limits.execute(database.bulkDb)).rows[0]).toEqual({
      lock: 0,
      statement: DEFAULT_DB_LIMITS.bulkStatementTimeoutMs,
    });

    await admin.query('begin');
    await admin.query('lock table campaigns in access exclusive mode');
    const started = performance.now();
    const failure = await sql`select count(*) from campaigns`.execute(database.db).then(
      () => undefined,
      (e: unknown) => e,
    );
    const waited = performance.now() - started;
    await admin.query('rollback');
    expect(classifyDatabaseError(failure)).toBe('busy');
    expect(waited).toBeGreaterThanOrEqual(DEFAULT_DB_LIMITS.lockTimeoutMs - 50);
    expect(waited).toBeLessThan(DEFAULT_DB_LIMITS.lockTimeoutMs + 2000);
  });

  it('gives up waiting for a free connection after the pool time-out', async () => {
    const pool = poolOf(database.db);
    const held = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
    const started = performance.now();
    const failure = await sql`select 1`.execute(database.db).then(
      () => undefined,
      (e: unknown) => e,
    );
    const waited = performance.now() - started;
    for (const c of held) c.release();
    expect(classifyDatabaseError(failure)).toBe('busy');
    expect(waited).toBeGreaterThanOrEqual(DEFAULT_DB_LIMITS.poolTimeoutMs - 50);
    expect(waited).toBeLessThan(DEFAULT_DB_LIMITS.poolTimeoutMs + 1000);
  });
});

describe('JIT', () => {
  /** The connection's jit setting and where it came from ('client': the startup options, whatever the server's default). */
  const jitOf = sql<{ setting: string; source: string }>`select setting, source from pg_settings where name = 'jit'`;

  it("is off on every connection the server opens, set by the connection itself whatever the server's default", async () => {
    // The external PostgreSQL 15 runs with jit on; a plain connection keeps it.
    const plain = await admin.query<{ source: string }>(`select source from pg_settings where name = 'jit'`);
    expect(plain.rows[0]?.source).not.toBe('client');
    expect((await jitOf.execute(database.db)).rows[0]).toEqual({ setting: 'off', source: 'client' });
    expect((await jitOf.execute(database.bulkDb)).rows[0]).toEqual({ setting: 'off', source: 'client' });
    // The health check's and the dialer's connections are made from the pool's settings (db/watch.ts, dialer/service.ts).
    const own = new pg.Client({ ...poolOf(database.db).options });
    await own.connect();
    try {
      const { rows } = await own.query<{ jit: string }>('show jit');
      expect(rows[0]?.jit).toBe('off');
    } finally {
      await own.end();
    }
  });

  it('keeps the options a DATABASE_URL gives its connections, and still turns JIT off', async () => {
    const url = new URL(database.url);
    url.searchParams.set('options', '-c work_mem=5MB');
    const db = createKysely(url.toString(), 1);
    try {
      const { rows } = await sql<{
        workMem: string;
        jit: string;
      }>`select current_setting('work_mem') as work_mem, current_setting('jit') as jit`.execute(db);
      expect(rows[0]).toEqual({ workMem: '5MB', jit: 'off' });
    } finally {
      await db.destroy();
    }
  });
});

describe('a database the start-up cannot use', () => {
  it('says the migrations could not run when nothing answers (not that a nameless migration failed)', async () => {
    const db = createKysely('postgres://crm@127.0.0.1:1/crm', 1);
    try {
      await expect(migrateToLatest(db)).rejects.toThrow(
        /^The database migrations could not run: connect ECONNREFUSED 127\.0\.0\.1:1$/,
      );
    } finally {
      await db.destroy();
    }
  });

  it('names where the database is without its password, and does not wait for one that refuses the sign-in', async () => {
    expect(describeDatabaseUrl('postgres://crm:s3cret@db.internal:5432/crm?sslmode=require')).toBe(
      'postgres://crm@db.internal:5432/crm',
    );
    const url = new URL(database.url);
    url.username = 'nobody_at_all';
    url.password = 'wrong';
    const lines: string[] = [];
    // A wrong user is no outage: thrown at once with PostgreSQL's words, no waiting line.
    await expect(waitForReachableDatabase(url.toString(), (line) => lines.push(line))).rejects.toThrow(/nobody_at_all/);
    expect(lines).toEqual([]);
  });
});
