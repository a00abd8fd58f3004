// Opens the database: the embedded PostgreSQL under DATA_DIR, or the server at DATABASE_URL. The schema's owner
// migrates it and grants; the pools connect as the application's own role (db/roles.ts, docs/trust.md Database roles).
import { setTimeout as sleep } from 'node:timers/promises';
import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { appRolePassword, startEmbeddedPostgres, type EmbeddedLog, type EmbeddedPostgres } from './embedded.ts';
import { installJobQueue } from './job-queue.ts';
import { DEFAULT_DB_LIMITS, poolSettings, type TDbLimits } from './limits.ts';
import { classifyDatabaseError, errorCode } from './pg-errors.ts';
import {
  EMBEDDED_APP_ROLE,
  ensureAppRole,
  grantAppRole,
  passwordOfUrl,
  rolePowers,
  tooPowerful,
  urlAs,
  userOfUrl,
  type TAppRole,
} from './roles.ts';
import { createReadRouter, primaryReads, type ReadRouter } from './replica.ts';
import { createKysely, keepClientErrors, poolOf, withSessionOptions } from './connect.ts';
import type { Db } from './schema.ts';

// The pools' own code is in connect.ts (the read replica's router uses it too); named here as before.
export { createKysely, keepClientErrors, poolOf, withSessionOptions } from './connect.ts';

export type DbMode = 'embedded' | 'postgres';
export type Database = {
  /** The interactive pool: every screen and the agents' calls (short time limits, db/limits.ts). */
  db: Db;
  /** The bulk pool: uploads, generate, regenerate, delete, reports and exports (long time limits). */
  bulkDb: Db;
  /** Where heavy reads go: the read replica (READ_DATABASE_URL) while it is fresh enough, else these pools. */
  reads: ReadRouter;
  mode: DbMode;
  url: string;
  close: () => Promise<void>;
};

const EMBEDDED_DB_NAME = 'crm';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** A migration refused for want of privileges: the server was started without the owner's URL. */
const NOT_THE_OWNER =
  " (DATABASE_URL's role may not change the schema: start the server once with DATABASE_OWNER_URL, the schema owner's URL, to bring it up to date; docs/trust.md, Database roles)";

export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (!error && !failed) return;
  const reason =
    (error instanceof Error ? error.message : String(error ?? 'no reason given')) +
    (errorCode(error) === '42501' ? NOT_THE_OWNER : '');
  if (failed) throw new Error(`Database migration ${failed.migrationName} failed: ${reason}`);
  throw new Error(`The database migrations could not run: ${reason}`);
}

/** How often the start-up asks again for a database it cannot reach. */
export const START_RETRY_MS = 2000;

/** Where a URL points, for the log: user, host, port and database, never the password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username === '' ? '' : `${decodeURIComponent(parsed.username)}@`;
    return `${parsed.protocol}//${user}${parsed.host}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Returns once the database at `url` answers. While it cannot be reached (refused, starting up, no route, too many
 * connections) the start-up waits: one line says so, it asks again every START_RETRY_MS, and one line says when it
 * answers. Anything else (a wrong password, no such database) is thrown: waiting cannot mend it.
 */
export async function waitForReachableDatabase(url: string, log: EmbeddedLog | undefined): Promise<void> {
  let waitingSince: number | undefined;
  for (;;) {
    const client = new pg.Client({ ...withSessionOptions(url), connectionTimeoutMillis: 5000 });
    keepClientErrors(client);
    try {
      await client.connect();
      await client.query('select 1');
      if (waitingSince !== undefined)
        log?.(
          `The database at ${describeDatabaseUrl(url)} answers after ${((Date.now() - waitingSince) / 1000).toFixed(1)} s; starting.`,
          'info',
        );
      return;
    } catch (e) {
      const failure = classifyDatabaseError(e);
      if (failure !== 'unavailable' && failure !== 'busy') throw e;
      if (waitingSince === undefined) {
        waitingSince = Date.now();
        const reason = e instanceof Error ? e.message : String(e);
        log?.(
          `The database is not reachable at ${describeDatabaseUrl(url)} (${reason}); retrying every ${START_RETRY_MS / 1000} s`,
          'warn',
        );
      }
      await sleep(START_RETRY_MS);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/** Creates `name` on the server at `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  keepClientErrors(client);
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

export type OpenDatabaseOptions = {
  /** The application's connection (DATABASE_URL); undefined: the embedded PostgreSQL under dataDir. */
  databaseUrl: string | undefined;
  /**
   * The schema owner's connection (DATABASE_OWNER_URL): the migrations, the job queue's schema and the grants to
   * databaseUrl's role run as it (the role is made if missing and the owner may). Without it, databaseUrl migrates.
   */
  ownerUrl?: string;
  dataDir: string;
  log?: EmbeddedLog;
  limits?: TDbLimits;
  /** A streaming replica of the database for heavy reads (db/replica.ts), and how far behind it may be. */
  readReplica?: { url: string; maxLagMs: number };
};

/**
 * Brings the schema up to date as `url`'s role (the owner, or the only URL given): the migrations, then the job
 * queue's schema and queues, and, for an application role apart from it, that role (made if missing) and its grants.
 */
export async function prepareSchema(url: string, limits: TDbLimits, appRole?: TAppRole): Promise<void> {
  if (appRole) await ensureAppRole(url, appRole);
  // On the long limits: a migration may build an index on millions of leads.
  const db = createKysely(url, { ...poolSettings('bulk', limits), max: 2, application_name: 'crm-migrate' });
  try {
    await migrateToLatest(db);
    await installJobQueue(poolOf(db)).catch((e: unknown) => {
      const reason = e instanceof Error ? e.message : String(e);
      throw new Error(
        `The job queue's schema could not be installed: ${reason}${errorCode(e) === '42501' ? NOT_THE_OWNER : ''}`,
        { cause: e },
      );
    });
  } finally {
    await db.destroy();
  }
  if (appRole) await grantAppRole(url, appRole.name);
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let url = options.databaseUrl;
  let ownerUrl = options.ownerUrl;
  let appRole: TAppRole | undefined;
  const limits = options.limits ?? DEFAULT_DB_LIMITS;
  if (url) {
    // A server of its own may be down or still starting (a host booting, a failover): the start-up waits for it.
    await waitForReachableDatabase(ownerUrl ?? url, options.log);
    const name = userOfUrl(url);
    if (ownerUrl && name === undefined)
      throw new Error(
        'DATABASE_URL must name its user (postgres://user:password@host/db) when DATABASE_OWNER_URL is set: that user is the role the owner grants to',
      );
    if (ownerUrl && name !== undefined) appRole = { name, password: passwordOfUrl(url) };
  } else {
    // The server's own database: if it stops unasked it is started again, and the pools reconnect to it.
    embedded = await startEmbeddedPostgres(options.dataDir, options.log, { supervise: true });
    try {
      ownerUrl = await ensureDatabase(embedded.url, EMBEDDED_DB_NAME);
      appRole = { name: EMBEDDED_APP_ROLE, password: await appRolePassword(options.dataDir), resetPassword: true };
      url = urlAs(ownerUrl, appRole.name, appRole.password);
    } catch (e) {
      await embedded.stop();
      throw e;
    }
  }
  try {
    await prepareSchema(ownerUrl ?? url, limits, appRole);
  } catch (e) {
    await embedded?.stop();
    throw e;
  }
  const db = createKysely(url, poolSettings('interactive', limits));
  const bulkDb = createKysely(url, poolSettings('bulk', limits));
  let reads = primaryReads({ db, bulkDb });
  const close = async () => {
    await reads.close();
    await Promise.all([db.destroy(), bulkDb.destroy()]);
    await embedded?.stop();
  };
  try {
    const tooMuch = tooPowerful(await rolePowers((text) => poolOf(db).query(text)));
    if (tooMuch !== null && ownerUrl)
      throw new Error(
        `DATABASE_URL's role ${tooMuch}: the server's own connections must use a role that owns nothing and is no superuser (docs/trust.md, Database roles)`,
      );
    if (tooMuch !== null)
      options.log?.(
        `The server's database role ${tooMuch}: whoever takes over its connection could switch off the audit log's protection. Give it a role of its own and set DATABASE_OWNER_URL (docs/trust.md, Database roles).`,
        'warn',
      );
    const replica = options.readReplica;
    if (replica) {
      reads = await createReadRouter({
        primary: { db, bulkDb },
        primaryUrl: url,
        replicaUrl: replica.url,
        maxLagMs: replica.maxLagMs,
        limits,
        log: (line, level) => options.log?.(line, level),
      });
    }
  } catch (e) {
    await close();
    throw e;
  }
  return { db, bulkDb, reads, mode: embedded ? 'embedded' : 'postgres', url, close };
}
