// A checksum of every table's content, to prove that a refused request changed nothing at all.
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../db/schema.ts';

/** Kysely's migration bookkeeping: not product data. */
const BOOKKEEPING = ['kysely_migration', 'kysely_migration_lock'];

export type TableChecksums = Record<string, string>;

/** Every table of the public schema (snake_case, as PostgreSQL names them) besides the migration bookkeeping. */
export async function listTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return rows.map((r) => r.name).filter((name) => !BOOKKEEPING.includes(name));
}

const tablesOf = new WeakMap<Db, string[]>();

/**
 * `rows:md5` of each table (each row as text, sorted), keyed by table name, read in one statement so the
 * tables are seen at one instant. `except` leaves tables out (e.g. lead_imports, where a refused upload is
 * recorded as refused on purpose).
 */
export async function checksumTables(db: Db, except: readonly string[] = []): Promise<TableChecksums> {
  let all = tablesOf.get(db);
  if (all === undefined) {
    all = await listTables(db);
    tablesOf.set(db, all);
  }
  const tables = all.filter((name) => !except.includes(name));
  if (tables.length === 0) return {};
  const parts = tables.map(
    (name) =>
      sql`select ${name}::text as name, count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from ${sql.table(name)} t`,
  );
  const { rows } = await sql<{ name: string; n: number; sum: string }>`${sql.join(parts, sql` union all `)}`.execute(
    db,
  );
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n}:${r.sum}`]));
}

/** The tables whose checksum differs between two readings. */
export function changedTables(before: TableChecksums, after: TableChecksums): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((name) => before[name] !== after[name])
    .sort();
}

/** Runs `fn` and fails when any table's content differs afterwards; returns what `fn` returned. */
export async function expectTablesUnchanged<T>(
  db: Db,
  fn: () => Promise<T>,
  options: { except?: readonly string[]; label?: string } = {},
): Promise<T> {
  const before = await checksumTables(db, options.except);
  const result = await fn();
  const after = await checksumTables(db, options.except);
  expect(changedTables(before, after), `${options.label ?? 'the request'} changed these tables`).toEqual([]);
  return result;
}
