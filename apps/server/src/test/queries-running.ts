// How many statements of the test's database are running now: a download in progress holds one (its cursor).
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

/** A lead report's query (GET /api/file/generateCsv). */
export const LEAD_REPORT_QUERY = '%from "leads"%order by "data_date"%';
/** A QC records export's query (the xlsx downloads). */
export const QC_EXPORT_QUERY = '%from "qc_records"%order by "agent_name"%';

/** Statements of this database other than the asker's, not idle, whose text is like `pattern`. */
export async function queriesRunning(db: Db, pattern: string): Promise<number> {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'
      and query like ${pattern}`.execute(db);
  return r.rows[0]?.n ?? 0;
}
