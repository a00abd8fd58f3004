// Opens the database: the embedded PostgreSQL under DATA_DIR, or the server at DATABASE_URL.
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { migrations } from './migrations/index.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.ts';
import type { DB, Db } from './schema.ts';

// int8 (count(*), bigserial) as a JS number: our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// DATE columns stay 'yyyy-MM-dd' strings: no time zone may shift a lead's data date.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type DbMode = 'embedded' | 'postgres';
export type Database = { db: Db; mode: DbMode; url: string; close: () => Promise<void> };

const EMBEDDED_DB_NAME = 'crm';

const pools = new WeakMap<Db, pg.Pool>();

export function createKysely(url: string, poolSize = 20): Db {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its server (a restart) must not crash the process.
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

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** Creates `name` on the server at `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export type OpenDatabaseOptions = { databaseUrl: string | undefined; dataDir: string; log?: (line: string) => void };

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let url = options.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(options.dataDir, options.log);
    url = await ensureDatabase(embedded.url, EMBEDDED_DB_NAME).catch(async (e: unknown) => {
      await embedded?.stop();
      throw e;
    });
  }
  const db = createKysely(url);
  try {
    await migrateToLatest(db);
  } catch (e) {
    await db.destroy();
    await embedded?.stop();
    throw e;
  }
  return {
    db,
    mode: embedded ? 'embedded' : 'postgres',
    url,
    close: async () => {
      await db.destroy();
      await embedded?.stop();
    },
  };
}
