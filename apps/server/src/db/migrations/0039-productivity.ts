// Per-day figures of agents' calls (issue 38, docs/guide/productivity.md), so productivity never scans call_attempts:
// per local day, agent, campaign, shift (of the attempt's sign-in record) and disposition, the calls, completes and
// handle seconds, kept by statement-level triggers on call_attempts in the transaction of every insert (modules/crm/
// save.ts writes attempts), update and delete, as migration 0012 keeps lead_counts.
//
// A trigger cannot know the server's TIME_ZONE: the zone the days are cut in is stored (agent_day_calls_zone, 'UTC'
// to start); the server rebuilds the summary in its own zone when they differ, and until then reads the attempts
// themselves (modules/productivity/summary.ts).
import { sql, type Kysely } from 'kysely';

/** The figures of each attempt of `source` (a transition table), signed: +1 for new rows, -1 for old ones. */
function figuresOf(source: 'new_attempts' | 'old_attempts', sign: '+' | '-'): string {
  return `
    select (a.ended_at at time zone z.time_zone)::date as day, a.user_id, a.campaign_id, coalesce(s.shift, '') as shift,
           a.disposition_code,
           ${sign}1 as calls,
           ${sign}(a.completed)::int as completed,
           ${sign}a.handle_seconds::bigint as handle_seconds
      from ${source} a left join agent_sessions s on s.id = a.session_id cross join agent_day_calls_zone z`;
}

/** A trigger function: sum the deltas per key, upsert in key order, then remove the rows that fell to no calls. */
async function createTriggerFunction(db: Kysely<unknown>, name: string, deltas: string): Promise<void> {
  // SQL text of our own making only (no value from outside), dollar-quoted.
  await sql
    .raw(
      `
    create function ${name}() returns trigger language plpgsql as $body$
    declare
      emptied date[];
    begin
      with delta as (
        select day, user_id, campaign_id, shift, disposition_code,
               sum(calls) as calls, sum(completed) as completed, sum(handle_seconds) as handle_seconds
          from (${deltas}) d
         group by day, user_id, campaign_id, shift, disposition_code
        having sum(calls) <> 0 or sum(completed) <> 0 or sum(handle_seconds) <> 0
      ),
      applied as (
        insert into agent_day_calls as c (day, user_id, campaign_id, shift, disposition_code, calls, completed, handle_seconds)
        select day, user_id, campaign_id, shift, disposition_code, calls, completed, handle_seconds
          from delta
         order by day, user_id, campaign_id, shift, disposition_code
        on conflict (day, user_id, campaign_id, shift, disposition_code) do update
           set calls = c.calls + excluded.calls,
               completed = c.completed + excluded.completed,
               handle_seconds = c.handle_seconds + excluded.handle_seconds
        returning c.day, c.calls
      )
      select array_agg(distinct day) into emptied from applied where calls = 0;
      -- A second statement: the upsert's own rows are not yet visible to another part of the statement that wrote them.
      if emptied is not null then
        delete from agent_day_calls where day = any(emptied) and calls = 0;
      end if;
      return null;
    end
    $body$`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // No attempt is written between the backfill below and the triggers (held until the migration commits).
  await sql`lock table call_attempts in share mode`.execute(db);
  await sql`
    create table agent_day_calls (
      day date not null,
      -- No foreign keys: a campaign's delete cascades to its attempts, whose trigger then takes their figures out here.
      user_id integer not null,
      campaign_id integer not null,
      -- The shift of the attempt's sign-in record; '' for an attempt made outside one.
      shift text not null,
      disposition_code text not null,
      calls integer not null,
      completed integer not null,
      handle_seconds bigint not null,
      primary key (day, user_id, campaign_id, shift, disposition_code)
    )`.execute(db);

  // The zone the days are cut in: one row.
  await sql`create table agent_day_calls_zone (
      only_row boolean primary key default true check (only_row),
      time_zone text not null
    )`.execute(db);
  await sql`insert into agent_day_calls_zone (time_zone) values ('UTC')`.execute(db);

  await createTriggerFunction(db, 'agent_day_calls_after_insert', figuresOf('new_attempts', '+'));
  await createTriggerFunction(
    db,
    'agent_day_calls_after_update',
    `${figuresOf('new_attempts', '+')} union all ${figuresOf('old_attempts', '-')}`,
  );
  await createTriggerFunction(db, 'agent_day_calls_after_delete', figuresOf('old_attempts', '-'));
  await sql`create function agent_day_calls_after_truncate() returns trigger language plpgsql as $$
    begin
      delete from agent_day_calls;
      return null;
    end $$`.execute(db);

  await sql`create trigger agent_day_calls_insert after insert on call_attempts referencing new table as new_attempts
    for each statement execute function agent_day_calls_after_insert()`.execute(db);
  await sql`create trigger agent_day_calls_update after update on call_attempts
    referencing old table as old_attempts new table as new_attempts
    for each statement execute function agent_day_calls_after_update()`.execute(db);
  await sql`create trigger agent_day_calls_delete after delete on call_attempts referencing old table as old_attempts
    for each statement execute function agent_day_calls_after_delete()`.execute(db);
  await sql`create trigger agent_day_calls_truncate after truncate on call_attempts
    for each statement execute function agent_day_calls_after_truncate()`.execute(db);

  await sql`
    insert into agent_day_calls (day, user_id, campaign_id, shift, disposition_code, calls, completed, handle_seconds)
    select (a.ended_at at time zone 'UTC')::date, a.user_id, a.campaign_id, coalesce(s.shift, ''), a.disposition_code,
           count(*), count(*) filter (where a.completed), sum(a.handle_seconds)
      from call_attempts a left join agent_sessions s on s.id = a.session_id
     group by 1, 2, 3, 4, 5`.execute(db);

  // The sign-ins that reach into a range: those ending after its start (an open one ends at its expiry).
  await sql`create index agent_sessions_ended_idx on agent_sessions ((coalesce(signed_out_at, expires_at)))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index agent_sessions_ended_idx`.execute(db);
  await sql`drop trigger agent_day_calls_truncate on call_attempts`.execute(db);
  await sql`drop trigger agent_day_calls_delete on call_attempts`.execute(db);
  await sql`drop trigger agent_day_calls_update on call_attempts`.execute(db);
  await sql`drop trigger agent_day_calls_insert on call_attempts`.execute(db);
  await sql`drop function agent_day_calls_after_truncate()`.execute(db);
  await sql`drop function agent_day_calls_after_delete()`.execute(db);
  await sql`drop function agent_day_calls_after_update()`.execute(db);
  await sql`drop function agent_day_calls_after_insert()`.execute(db);
  await sql`drop table agent_day_calls`.execute(db);
  await sql`drop table agent_day_calls_zone`.execute(db);
}
