// The calls' daily summary (migration 0039) and the suspicious completes' (0043) in the server's own zone: the days
// are cut in the zone stored beside the first, so a server of another TIME_ZONE rebuilds both once (on the primary,
// attempts held back meanwhile); a reader whose copy is still in another zone (a lagging replica) reads the attempts.
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';

/** The zone the summary's days are cut in. */
export async function findSummaryZone(db: Db): Promise<string | undefined> {
  const { rows } = await sql<{ timeZone: string }>`select time_zone as "timeZone" from agent_day_calls_zone`.execute(
    db,
  );
  return rows[0]?.timeZone;
}

/** Rebuilds the summary in `timeZone` unless it is cut in it already. Writes: the primary only. */
export async function ensureSummaryZone(primary: Db, timeZone: string): Promise<void> {
  if ((await findSummaryZone(primary)) === timeZone) return;
  await primary.transaction().execute(async (trx) => {
    // Every day cut again once, like a migration: past the interactive statement time-out, else a large table would
    // be recut and cancelled at every read, never done (docs/guide/productivity.md).
    await sql`set local statement_timeout = 0`.execute(trx);
    // No attempt is written while the days are cut again; a second server doing the same waits here, then finds it done.
    await sql`lock table call_attempts in share mode`.execute(trx);
    const { rows } = await sql<{ timeZone: string }>`
      select time_zone as "timeZone" from agent_day_calls_zone for update`.execute(trx);
    if (rows[0]?.timeZone === timeZone) return;
    await sql`update agent_day_calls_zone set time_zone = ${timeZone}`.execute(trx);
    await sql`delete from agent_day_calls`.execute(trx);
    await sql`
      insert into agent_day_calls (day, user_id, campaign_id, shift, disposition_code, calls, completed, handle_seconds)
      select (a.ended_at at time zone ${timeZone})::date, a.user_id, a.campaign_id, coalesce(s.shift, ''), a.disposition_code,
             count(*), count(*) filter (where a.completed), sum(a.handle_seconds)
        from call_attempts a left join agent_sessions s on s.id = a.session_id
       group by 1, 2, 3, 4, 5`.execute(trx);
    // The suspicious completes' days (migration 0043) are cut in the same zone: every complete judged again.
    await sql`delete from suspicious_completes`.execute(trx);
    await sql`delete from suspicious_days`.execute(trx);
    await sql`select suspicious_settle(array(select id from call_attempts where completed))`.execute(trx);
  });
}
