// A call's start (docs/guide/call-loop.md "Call attempts"): the caller's first lookup of a lead (or the dialer's pop) is
// kept in call_starts until the save that ends the call turns it into an attempt (save.ts) with its handle seconds.
// The lookup is the busiest route, so the starts of one event-loop turn are written by one statement (db/batch.ts).
import { createBatchLoader, type BatchLoader } from '../../db/batch.ts';
import { poolOf } from '../../db/database.ts';
import type { Db } from '../../db/schema.ts';

/** A start older than this is another call, whatever the sign-in: a lead looked up yesterday and again today. */
export const CALL_START_MAX_HOURS = 12;

export type CallStart = { userId: number; leadId: string; sessionId: number | null; dialerCallId: string | null };

/** A kept start (`cs`) belongs to another call than the one asked (`excluded`): another sign-in, or too old. */
const OTHER_CALL = `(cs.session_id is distinct from excluded.session_id
                     or cs.started_at < now() - interval '${CALL_START_MAX_HOURS} hours')`;

/**
 * The end of an `insert into call_starts as cs …` of asked starts: a start another call's is replaced; one of the same
 * call is kept, taking a dialer call id given; a start that changes nothing is not written. Answers each start written.
 * Shared with the lookup's statement (lookup-batch.ts), which records its callers' starts the same way.
 */
export const KEEP_OR_RESTART = `on conflict (user_id, lead_id) do update
              set started_at = case when ${OTHER_CALL} then excluded.started_at else cs.started_at end,
                  dialer_call_id = case when ${OTHER_CALL} then excluded.dialer_call_id
                                        else coalesce(excluded.dialer_call_id, cs.dialer_call_id) end,
                  session_id = excluded.session_id
            where ${OTHER_CALL}
               or (excluded.dialer_call_id is not null and excluded.dialer_call_id is distinct from cs.dialer_call_id)
           returning cs.user_id, cs.lead_id, cs.started_at`;

/**
 * A lateral read of the start kept for (user, lead) as the statement began, as `kept.started_at`. A probe of the
 * primary key per row: the limit keeps PostgreSQL from turning it into a join, which a generic plan's estimate of 100
 * asked rows made a scan of the whole table (6.7 ms at 23k starts). Shared with the lookup's statement.
 */
export const keptStartOf = (user: string, lead: string) => `left join lateral (
               select started_at from call_starts where user_id = ${user} and lead_id = ${lead} limit 1
             ) kept on true`;

/**
 * Upserts each asked (user, lead) start, in key order (two batches never lock rows in opposite orders), and answers
 * every start as it stands. An existing start is kept unless it belongs to another sign-in or is older than
 * CALL_START_MAX_HOURS (then this lookup starts a new call); a dialer call id given is kept on it. A start that changes
 * nothing is not written again (no dead row per lookup): its time is read from the table as the statement began.
 * The lead is locked against a delete (key share) while its start is written; one deleted meanwhile is skipped.
 * A named statement, the starts as one JSON parameter: planned once per connection (lookup-batch.ts says why JSON).
 */
export const RECORD_STARTS = {
  name: 'agent-panel-call-starts',
  text: `with asked as (
           select * from jsonb_to_recordset($1::jsonb) as a(user_id int, lead_id bigint, session_id int, dialer_call_id text)
         ),
         upserted as (
           insert into call_starts as cs (user_id, lead_id, started_at, session_id, dialer_call_id)
           select a.user_id, a.lead_id, now(), a.session_id, a.dialer_call_id
             from asked a join leads l on l.id = a.lead_id
            order by a.user_id, a.lead_id
              for key share of l
           ${KEEP_OR_RESTART}
         )
         select a.user_id, a.lead_id::text as lead_id, coalesce(u.started_at, kept.started_at) as started_at
           from asked a
           left join upserted u on u.user_id = a.user_id and u.lead_id = a.lead_id
           ${keptStartOf('a.user_id', 'a.lead_id')}`,
};

/** The starts as RECORD_STARTS's parameter. */
export const startsJson = (starts: readonly CallStart[]) =>
  JSON.stringify(
    starts.map((s) => ({
      user_id: s.userId,
      lead_id: s.leadId,
      session_id: s.sessionId,
      dialer_call_id: s.dialerCallId,
    })),
  );

const keyOf = (s: Pick<CallStart, 'userId' | 'leadId'>) => `${s.userId}|${s.leadId}`;

async function writeStarts(db: Db, starts: CallStart[]): Promise<Map<string, Date>> {
  const { rows } = await poolOf(db).query<{ user_id: number; lead_id: string; started_at: Date | null }>({
    ...RECORD_STARTS,
    values: [startsJson(starts)],
  });
  const found = new Map<string, Date>();
  for (const r of rows)
    if (r.started_at !== null) found.set(keyOf({ userId: r.user_id, leadId: r.lead_id }), r.started_at);
  return found;
}

const loaders = new WeakMap<Db, BatchLoader<CallStart, Date>>();

/** When the caller's call of the lead started (this lookup, or an earlier one of the same call); undefined for a lead deleted meanwhile. */
export async function recordCallStart(db: Db, start: CallStart): Promise<Date | undefined> {
  let loader = loaders.get(db);
  if (loader === undefined) {
    loader = createBatchLoader<CallStart, Date>((starts) => writeStarts(db, starts), keyOf);
    loaders.set(db, loader);
  }
  return loader.load(start);
}
