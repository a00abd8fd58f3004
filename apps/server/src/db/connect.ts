// Connecting: a pool of the product's own (JIT off, every client's errors kept) and the Kysely on it. Shared by the
// primary (database.ts) and the read replica (replica.ts), so neither imports the other for it.
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { SESSION_OPTIONS } from './limits.ts';
import type { DB, Db } from './schema.ts';

// int8 (count(*), bigserial) as a JS number: our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// DATE columns stay 'yyyy-MM-dd' strings: no time zone may shift a lead's data date.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

const pools = new WeakMap<Db, pg.Pool>();

/**
 * Every client the product holds gets an 'error' listener for its whole life. pg-pool listens on idle clients
 * only: a checked-out client (a transaction, a COPY, a cursor) whose connection is cut would otherwise emit an
 * unhandled 'error' and end the process. The failure itself reaches the query under way (it rejects), so the
 * request fails with a clear error; pg-pool then discards the broken client when it is released.
 */
export function keepClientErrors(client: pg.ClientBase): void {
  client.on('error', () => undefined);
}

/**
 * The connection string and startup `options` of a pool: the URL's own `?options=-c …` are kept and ours follow them
 * (SESSION_OPTIONS: JIT off), so ours win where both set one setting. (pg lets a URL's options replace the config's,
 * so they are taken out of the URL and given once, joined.)
 */
export function withSessionOptions(
  url: string,
  ours: string = SESSION_OPTIONS,
): { connectionString: string; options: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { connectionString: url, options: ours };
  }
  const theirs = parsed.searchParams.get('options')?.trim();
  if (!theirs) return { connectionString: url, options: ours };
  parsed.searchParams.delete('options');
  return { connectionString: parsed.toString(), options: `${theirs} ${ours}` };
}

/**
 * A Kysely on a pool of its own: a size (tests, tools) or the settings of one kind of work (db/limits.ts). Every
 * connection of it starts with JIT off (SESSION_OPTIONS), whatever the server's own setting.
 */
export function createKysely(url: string, settings: number | pg.PoolConfig = 20): Db {
  const config: pg.PoolConfig = typeof settings === 'number' ? { max: settings } : settings;
  const pool = new pg.Pool({ ...config, ...withSessionOptions(url, config.options ?? SESSION_OPTIONS) });
  pool.on('connect', keepClientErrors);
  // An idle client losing its server (a restart) is dropped by pg-pool; its error needs no more.
  pool.on('error', () => {});
  // cursor: lets a query stream its rows in batches on one pool client (`.stream(n)`, the lead reports).
  // maintainNestedObjectKeys: jsonb values (a lead's fields and answers) keep their keys as stored; a data table
  // column named shop_name must not come back as shopName.
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool, cursor: Cursor }),
    plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
  });
  pools.set(db, pool);
  return db;
}

/** The pg pool under a database made by createKysely: COPY FROM STDIN (the lead upload) needs a client of its own. */
export function poolOf(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('poolOf: this database was not opened by createKysely');
  return pool;
}
