// Least privilege in the database (docs/trust.md, Database roles). Two roles: the owner of the schema runs the
// migrations, installs the job queue's schema and grants; the application's own role, which owns nothing and is no
// superuser, runs everything else with only what it needs. On audit_log it may INSERT and SELECT, nothing more: it
// cannot switch the table's trigger off (ALTER TABLE is the owner's), cannot set session_replication_role (a
// superuser's), and cannot UPDATE, DELETE or TRUNCATE a row.
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import pg from 'pg';
import { errorCode } from './pg-errors.ts';

/** The application's role on the embedded PostgreSQL (its password is kept in DATA_DIR/pg-app-password). */
export const EMBEDDED_APP_ROLE = 'crm_app';

/** The job queue's schema (db/job-queue.ts): its tables are the application's working storage, never its history. */
const JOB_QUEUE_SCHEMA = 'pgboss';

/** The user a postgres:// URL names, when it names one. */
export function userOfUrl(url: string): string | undefined {
  try {
    const user = decodeURIComponent(new URL(url).username);
    return user === '' ? undefined : user;
  } catch {
    return undefined;
  }
}

/** The password a postgres:// URL carries, when it carries one. */
export function passwordOfUrl(url: string): string | undefined {
  try {
    const password = decodeURIComponent(new URL(url).password);
    return password === '' ? undefined : password;
  } catch {
    return undefined;
  }
}

/** `url` signing in as `user` with `password` instead (same server, same database, same options). */
export function urlAs(url: string, user: string, password: string | undefined): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(user);
  parsed.password = password === undefined ? '' : encodeURIComponent(password);
  return parsed.toString();
}

/**
 * The password as PostgreSQL stores it (a SCRAM-SHA-256 verifier, RFC 5803), so the password itself never travels in
 * a statement that a server log might keep. Printable ASCII only (SASLprep leaves it as it is); others go as they are.
 */
export function scramVerifier(password: string): string {
  if (!/^[\x20-\x7e]*$/.test(password)) return password;
  const salt = randomBytes(16);
  const iterations = 4096;
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const stored = createHash('sha256').update(createHmac('sha256', salted).update('Client Key').digest()).digest();
  const server = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${stored.toString('base64')}:${server.toString('base64')}`;
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** What a role may do beyond its grants: a superuser may do anything; a member of the tables' owner may alter them. */
export type TRolePowers = { role: string; superuser: boolean; ownsTables: boolean };

const POWERS = `select current_user as role, r.rolsuper as superuser,
  coalesce(pg_has_role(current_user, c.relowner, 'MEMBER'), false) as owns_tables
  from pg_roles r left join pg_class c on c.oid = to_regclass('public.audit_log')
  where r.rolname = current_user`;

/** The powers of the role `query` runs as (the pools' own connections). */
export async function rolePowers(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<TRolePowers> {
  const { rows } = await query(POWERS);
  const row = rows[0] as { role: string; superuser: boolean; owns_tables: boolean } | undefined;
  if (!row) throw new Error('The database did not say which role the server connects as');
  return { role: row.role, superuser: row.superuser, ownsTables: row.owns_tables };
}

/** Why `powers` are too many for the application's connections, or null when they are not. */
export function tooPowerful(powers: TRolePowers): string | null {
  if (powers.superuser) return `"${powers.role}" is a superuser`;
  if (powers.ownsTables) return `"${powers.role}" owns the tables`;
  return null;
}

const DUPLICATE_OBJECT = '42710';
const UNIQUE_VIOLATION = '23505';
const INSUFFICIENT_PRIVILEGE = '42501';

export type TAppRole = {
  name: string;
  /** The password to give it when it is made (none: the server signs it in without one, e.g. trust or certificates). */
  password: string | undefined;
  /** Set the password even when the role exists (the embedded PostgreSQL: DATA_DIR's file is what counts). */
  resetPassword?: boolean;
};

/**
 * Makes the application's role unless it exists, signed in as the owner (who must be allowed to create roles for
 * that; otherwise the operator makes it, docs/trust.md). Roles belong to the whole PostgreSQL cluster: two servers or
 * two test runs making it at once is no failure. A role that is a superuser is refused, never changed.
 */
export async function ensureAppRole(ownerUrl: string, role: TAppRole): Promise<void> {
  await withClient(ownerUrl, async (c) => {
    const password = role.password === undefined ? '' : ` password ${pg.escapeLiteral(scramVerifier(role.password))}`;
    const found = await c.query<{ rolsuper: boolean }>('select rolsuper from pg_roles where rolname = $1', [role.name]);
    const existing = found.rows[0];
    if (existing?.rolsuper)
      throw new Error(
        `The database role "${role.name}" is a superuser: the server's own connections must use a role that is not (docs/trust.md, Database roles).`,
      );
    if (existing === undefined) {
      try {
        await c.query(
          `create role ${pg.escapeIdentifier(role.name)} login nosuperuser nocreatedb nocreaterole noreplication nobypassrls${password}`,
        );
        return;
      } catch (e) {
        const code = errorCode(e);
        if (code === INSUFFICIENT_PRIVILEGE) {
          throw new Error(
            `The database role "${role.name}" (DATABASE_URL's user) does not exist, and the owner may not create roles: create it as docs/trust.md, Database roles shows, then start again.`,
          );
        }
        // Made meanwhile by another server or test run: as good as ours.
        if (code !== DUPLICATE_OBJECT && code !== UNIQUE_VIOLATION) throw e;
      }
    }
    if (role.resetPassword && password !== '') await c.query(`alter role ${pg.escapeIdentifier(role.name)}${password}`);
  });
}

/**
 * What the application's role may do, granted by the owner after every migration (so tables added since are covered)
 * in one transaction, one server at a time. Everything in the schema: SELECT, INSERT, UPDATE, DELETE and the sequences;
 * never TRUNCATE, REFERENCES or TRIGGER. audit_log: INSERT and SELECT only. The migrations' own bookkeeping: SELECT
 * (a server started without the owner's URL checks that nothing is pending). The job queue's schema: its rows.
 */
export function appRoleGrants(role: string): string[] {
  const r = pg.escapeIdentifier(role);
  const queue = pg.escapeIdentifier(JOB_QUEUE_SCHEMA);
  return [
    `grant usage on schema public to ${r}`,
    `grant select, insert, update, delete on all tables in schema public to ${r}`,
    `revoke truncate, references, trigger on all tables in schema public from ${r}`,
    `revoke update, delete on audit_log from ${r}`,
    `revoke insert, update, delete on kysely_migration, kysely_migration_lock from ${r}`,
    `grant usage, select on all sequences in schema public to ${r}`,
    `revoke update on all sequences in schema public from ${r}`,
    `grant execute on function analyze_dialer_send_leads() to ${r}`,
    `grant usage on schema ${queue} to ${r}`,
    `grant select, insert, update, delete on all tables in schema ${queue} to ${r}`,
    `revoke truncate, references, trigger on all tables in schema ${queue} from ${r}`,
    `grant usage, select on all sequences in schema ${queue} to ${r}`,
  ];
}

/** Grants appRoleGrants as the owner at `ownerUrl`, one server at a time, and checks that they took. */
export async function grantAppRole(ownerUrl: string, role: string): Promise<void> {
  await withClient(ownerUrl, async (c) => {
    await c.query('begin');
    try {
      // GRANTs on one table at once from two servers would fail ("tuple concurrently updated").
      await c.query(`select pg_advisory_xact_lock(hashtext('crm: grants to the application role'))`);
      for (const statement of appRoleGrants(role)) await c.query(statement);
      // A GRANT by a role that does not own the tables only warns: the start-up stops here instead of at the first request.
      const granted = await c.query<{ ok: boolean }>(
        `select has_table_privilege($1, 'public.leads', 'UPDATE') and has_table_privilege($1, 'public.audit_log', 'INSERT')
        and has_table_privilege($1, '${JOB_QUEUE_SCHEMA}.job', 'INSERT') as ok`,
        [role],
      );
      if (granted.rows[0]?.ok !== true)
        throw new Error(
          `The owner's URL could not grant "${role}" its privileges: DATABASE_OWNER_URL must sign in as the owner of the tables (docs/trust.md, Database roles)`,
        );
      await c.query('commit');
    } catch (e) {
      await c.query('rollback').catch(() => undefined);
      throw e;
    }
  });
}
