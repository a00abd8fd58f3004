// The results' days (migration 0042) in the server's own zone: a lead's day is its latest attempt's local day, cut in
// the zone stored beside the summaries, so a server of another TIME_ZONE recuts them once (on the primary, saves and
// attempts held back meanwhile; the triggers move the per-day counters). A reader whose copy is still in another zone (a
// lagging replica) reads the primary instead.
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';

/** The zone the results' days are cut in. */
export async function findResultsZone(db: Db): Promise<string | undefined> {
  const { rows } = await sql<{ timeZone: string }>`select time_zone as "timeZone" from result_zone`.execute(db);
  return rows[0]?.timeZone;
}

/** Recuts the results' days in `timeZone` unless they are cut in it already. Writes: the primary only. */
export async function ensureResultsZone(primary: Db, timeZone: string): Promise<void> {
  if ((await findResultsZone(primary)) === timeZone) return;
  await primary.transaction().execute(async (trx) => {
    // Every day cut again once, like a migration: past the interactive statement time-out, else a large table would
    // be recut and cancelled at every read, never done.
    await sql`set local statement_timeout = 0`.execute(trx);
    // No save or attempt while the days are cut again; a second server doing the same waits here, then finds it done.
    await sql`lock table leads, call_attempts in share mode`.execute(trx);
    const { rows } = await sql<{
      timeZone: string;
    }>`select time_zone as "timeZone" from result_zone for update`.execute(trx);
    if (rows[0]?.timeZone === timeZone) return;
    await sql`update result_zone set time_zone = ${timeZone}`.execute(trx);
    await sql`update result_leads set day = (ended_at at time zone ${timeZone})::date
      where ended_at is not null and day is distinct from (ended_at at time zone ${timeZone})::date`.execute(trx);
  });
}

/** The database a results read goes to: `read` once its days are cut in `timeZone`, else the primary. */
export async function resultsReadDb(primary: Db, read: Db, timeZone: string): Promise<Db> {
  await ensureResultsZone(primary, timeZone);
  if (read === primary || (await findResultsZone(read)) === timeZone) return read;
  return primary;
}
