// Suspicious completes kept per agent and day (issue 38, docs/guide/productivity.md "Speed"), so productivity's count
// follows the agent-days asked for, not the completes behind them. Two tables, kept by triggers in the transaction of
// every change they depend on:
// - suspicious_completes: per completed attempt, what its flags are judged by apart from the campaign's settings (its
//   local day, handle seconds, the agent's completes of the campaign in the hour up to it, and whether it repeats the
//   previous complete's answers or has no recording on an indexed day), judged as modules/suspicious/flags.ts does;
// - suspicious_days: per local day, agent and campaign, how many of those are flagged under the campaign's settings
//   (rows with none are left out), recounted from the first when its completes or the campaign's settings change.
// - qc_days: in-house QC records per call date, campaign name, agent (account, or agent ID for a record without one):
//   how many, the sum of their totals and how many passed (their scorecard version's pass mark, no auto-fail choice),
//   kept by deltas like the calls' summary, so productivity's QC figures no longer read every record of the range.
// The days are cut in the zone of the calls' summary (agent_day_calls_zone, migration 0039); the server rebuilds both
// when it rebuilds that one (modules/productivity/summary.ts).
import { sql, type Kysely } from 'kysely';
import { SUSPICIOUS_DEFAULTS } from '@crm/shared';

/** Agents whose summary rows one statement rewrites, at most, under an advisory lock each. */
const LOCKED_AGENTS_AT_MOST = 500;

/** SQL text of our own making only (no value from outside), run as it is. */
const run = (db: Kysely<unknown>, text: string) => sql.raw(text).execute(db);

/**
 * The statement triggers `<fn>_insert`, `<fn>_update` and `<fn>_delete` on `table`, calling `<fn>_inserted()`,
 * `<fn>_updated()` and `<fn>_deleted()`, whose transition tables are `new_<rows>` and `old_<rows>`.
 */
async function createStatementTriggers(db: Kysely<unknown>, fn: string, table: string, rows: string): Promise<void> {
  await run(
    db,
    `create trigger ${fn}_insert after insert on ${table} referencing new table as new_${rows}
     for each statement execute function ${fn}_inserted()`,
  );
  await run(
    db,
    `create trigger ${fn}_update after update on ${table}
     referencing old table as old_${rows} new table as new_${rows}
     for each statement execute function ${fn}_updated()`,
  );
  await run(
    db,
    `create trigger ${fn}_delete after delete on ${table} referencing old table as old_${rows}
     for each statement execute function ${fn}_deleted()`,
  );
}

/**
 * A trigger function that judges again the attempts `ids` selects (SQL, indented to sit in the body as it is), with
 * `tz`, the summary's zone, declared when `zoned`. Every function of the judgement is made by this one text.
 */
const createSettleFunction = (db: Kysely<unknown>, name: string, ids: string, zoned = false) =>
  run(
    db,
    `create function ${name}() returns trigger language plpgsql as $body$
       ${zoned ? 'declare\n         tz text := (select time_zone from agent_day_calls_zone);\n       ' : ''}begin
         perform suspicious_settle(array(
           ${ids}));
         return null;
       end
       $body$`,
  );

/** The completes after each of `x` (rows with user_id, ended_at, id): those its hour count and repeat check reach. */
const reachedFrom = (x: string) => `
  select b.id from ${x} x join call_attempts b on b.user_id = x.user_id and b.completed
     and b.ended_at >= x.ended_at and b.ended_at <= x.ended_at + interval '1 hour'
  union
  select n.id from ${x} x cross join lateral (select b.id from call_attempts b
     where b.user_id = x.user_id and b.completed and (b.ended_at, b.id) > (x.ended_at, x.id)
     order by b.ended_at, b.id limit 1) n`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Nothing that the judgement reads is written between the backfill below and the triggers.
  await sql`lock table call_attempts, lead_answer_history, recordings, recording_folders in share mode`.execute(db);
  await sql`lock table leads, suspicious_settings in share row exclusive mode`.execute(db);
  await run(
    db,
    `create table suspicious_completes (
      attempt_id bigint primary key,
      day date not null,
      user_id integer not null,
      campaign_id integer not null,
      handle_seconds integer not null,
      completes_in_hour integer not null,
      -- Repeats the previous complete's answers, or no recording on a day whose recordings are indexed.
      flagged_always boolean not null
    )`,
  );
  await run(db, `create index suspicious_completes_key_idx on suspicious_completes (campaign_id, day, user_id)`);
  // An agent-day counted again after its completes are judged: by agent and day.
  await run(db, `create index suspicious_completes_agent_idx on suspicious_completes (user_id, day)`);
  await run(
    db,
    `create table suspicious_days (
      day date not null,
      user_id integer not null,
      campaign_id integer not null,
      flagged integer not null,
      primary key (campaign_id, day, user_id)
    )`,
  );
  await run(db, `create index suspicious_days_agent_idx on suspicious_days (user_id, day)`);

  // One writer per agent at a time, in agent order (no deadlock), each then reading what the others committed: an
  // agent's completes and counts are rewritten whole, never merged with a write not yet seen. Beyond
  // ${LOCKED_AGENTS_AT_MOST} agents (the lock table holds a few thousand locks in all) the summary's tables are locked
  // instead: every other writer waits for this one.
  await run(
    db,
    `create function suspicious_lock_agents(agents integer[]) returns void language plpgsql as $body$
     begin
       if cardinality(agents) > ${LOCKED_AGENTS_AT_MOST} then
         lock table suspicious_completes, suspicious_days in exclusive mode;
       else
         perform pg_advisory_xact_lock(43043, a.agent) from unnest(agents) as a(agent) order by a.agent;
       end if;
     end
     $body$`,
  );

  // Recounts the flagged completes of `campaigns`, or of the days × users given, from suspicious_completes.
  await run(
    db,
    `create function suspicious_recount(days date[], users integer[], campaigns integer[]) returns void
     language plpgsql as $body$
     begin
       delete from suspicious_days
        where (campaigns is not null and campaign_id = any(campaigns))
           or (campaigns is null and day = any(days) and user_id = any(users));
       insert into suspicious_days (day, user_id, campaign_id, flagged)
       select f.day, f.user_id, f.campaign_id, count(*)
         from suspicious_completes f left join suspicious_settings s on s.campaign_id = f.campaign_id
        where ((campaigns is not null and f.campaign_id = any(campaigns))
               or (campaigns is null and f.day = any(days) and f.user_id = any(users)))
          and (f.flagged_always
               or f.handle_seconds < coalesce(s.min_handle_seconds, ${SUSPICIOUS_DEFAULTS.minHandleSeconds})
               or f.completes_in_hour > coalesce(s.hourly_limit, ${SUSPICIOUS_DEFAULTS.hourlyLimit}))
        group by f.day, f.user_id, f.campaign_id
        order by f.campaign_id, f.day, f.user_id;
     end
     $body$`,
  );

  // Judges the attempts `ids` again (those no longer completed, or gone, are taken out), then recounts their days.
  await run(
    db,
    `create function suspicious_settle(ids bigint[]) returns void language plpgsql as $body$
     declare
       tz text := (select time_zone from agent_day_calls_zone);
       days date[];
       users integer[];
     begin
       if ids is null or cardinality(ids) = 0 then return; end if;
       perform suspicious_lock_agents(array(
         select user_id from call_attempts where id = any(ids)
         union select user_id from suspicious_completes where attempt_id = any(ids)));
       with gone as (delete from suspicious_completes where attempt_id = any(ids) returning day, user_id)
       select array_agg(distinct day), array_agg(distinct user_id) into days, users from gone;
       with judged as (
         insert into suspicious_completes
           (attempt_id, day, user_id, campaign_id, handle_seconds, completes_in_hour, flagged_always)
         select t.id, t.call_date, t.user_id, t.campaign_id, t.handle_seconds, hour.n,
           rep.id is not null
           or (rec.id is null and exists (select 1 from recording_folders f where f.call_date = t.call_date
                 and f.scanned_at >= ((t.call_date + 1)::timestamp at time zone tz)))
         from (select a.id, a.lead_id, a.campaign_id, a.user_id, a.ended_at, a.handle_seconds,
                 (a.ended_at at time zone tz)::date as call_date
                 from call_attempts a where a.id = any(ids) and a.completed) t
         join leads l on l.id = t.lead_id
         cross join lateral (select count(*)::int as n from call_attempts b
           where b.user_id = t.user_id and b.completed and b.campaign_id = t.campaign_id
             and b.ended_at > t.ended_at - interval '1 hour' and (b.ended_at, b.id) <= (t.ended_at, t.id)) hour
         left join lateral (select p.id from (select p.id, p.lead_id, p.user_id, p.ended_at from call_attempts p
             where p.user_id = t.user_id and p.completed and (p.ended_at, p.id) < (t.ended_at, t.id)
             order by p.ended_at desc, p.id desc limit 1) p
           where (select jsonb_object_agg(e.key, e.value) from jsonb_each((select h.answers from lead_answer_history h
                    where h.lead_id = t.lead_id and h.user_id = t.user_id and h.is_called = 1 and h.saved_at >= t.ended_at
                    order by h.id limit 1)) e where e.value <> 'null'::jsonb and btrim(e.value #>> '{}') <> '')
               = (select jsonb_object_agg(e.key, e.value) from jsonb_each((select h.answers from lead_answer_history h
                    where h.lead_id = p.lead_id and h.user_id = p.user_id and h.is_called = 1 and h.saved_at >= p.ended_at
                    order by h.id limit 1)) e where e.value <> 'null'::jsonb and btrim(e.value #>> '{}') <> '')) rep on true
         left join lateral (select r.id from recordings r
           where r.call_date = t.call_date and r.phone_key = l.cell_number and r.gone_at is null limit 1) rec on true
         order by t.id
         returning day, user_id
       )
       select array_agg(distinct day) || coalesce(days, '{}'), array_agg(distinct user_id) || coalesce(users, '{}')
         into days, users from judged;
       if days is not null then
         perform suspicious_recount(days, users, null);
       end if;
     end
     $body$`,
  );

  // call_attempts: the attempts written, and the completes after them whose hour count or previous complete they are.
  const attemptsSettle = (name: string, rows: string) =>
    createSettleFunction(
      db,
      name,
      `with x as (select id, user_id, ended_at from (${rows}) r where r.completed)
           select id from x union ${reachedFrom('x')}`,
    );
  await attemptsSettle('suspicious_attempts_inserted', 'select * from new_attempts');
  await attemptsSettle('suspicious_attempts_deleted', 'select * from old_attempts');
  const judgedColumns = 'completed, ended_at, user_id, lead_id, campaign_id, handle_seconds';
  await attemptsSettle(
    'suspicious_attempts_updated',
    `select o.* from old_attempts o join new_attempts n on n.id = o.id
      where (o.${judgedColumns.split(', ').join(', o.')}) is distinct from (n.${judgedColumns.split(', ').join(', n.')})
     union all
     select n.* from old_attempts o join new_attempts n on n.id = o.id
      where (o.${judgedColumns.split(', ').join(', o.')}) is distinct from (n.${judgedColumns.split(', ').join(', n.')})`,
  );
  await run(
    db,
    `create function suspicious_attempts_truncated() returns trigger language plpgsql as $$
     begin
       delete from suspicious_completes;
       delete from suspicious_days;
       return null;
     end $$`,
  );
  await createStatementTriggers(db, 'suspicious_attempts', 'call_attempts', 'attempts');
  await run(
    db,
    `create trigger suspicious_attempts_truncate after truncate on call_attempts
     for each statement execute function suspicious_attempts_truncated()`,
  );

  // lead_answer_history: a save's answers are those of the agent's completes of the lead that ended before it, and
  // the previous answers of the completes after those.
  const historySettle = (name: string, rows: string) =>
    createSettleFunction(
      db,
      name,
      `with x as (select a.id, a.user_id, a.ended_at from (${rows}) h
             join call_attempts a on a.lead_id = h.lead_id and a.user_id = h.user_id and a.completed
              and a.ended_at <= h.saved_at
             where h.is_called = 1)
           select id from x union ${reachedFrom('x')}`,
    );
  await historySettle('suspicious_history_inserted', 'select * from new_history');
  await historySettle('suspicious_history_deleted', 'select * from old_history');
  await historySettle('suspicious_history_updated', 'select * from old_history union all select * from new_history');
  await createStatementTriggers(db, 'suspicious_history', 'lead_answer_history', 'history');

  // recordings: the completes of leads with the recording's number that ended on its day (by each campaign's numbers).
  const recordingsSettle = (name: string, rows: string) =>
    createSettleFunction(
      db,
      name,
      `select distinct a.id from (${rows}) r
             cross join campaigns c
             join leads l on l.campaign_id = c.id and l.cell_number = r.phone_key
             join call_attempts a on a.lead_id = l.id and a.completed
            where a.ended_at >= (r.call_date::timestamp at time zone tz)
              and a.ended_at < ((r.call_date + 1)::timestamp at time zone tz)`,
      true,
    );
  await recordingsSettle('suspicious_recordings_inserted', 'select * from new_recordings');
  await recordingsSettle('suspicious_recordings_deleted', 'select * from old_recordings');
  // Only a change of number, day or presence matters (attribution and analysis write recordings often).
  await recordingsSettle(
    'suspicious_recordings_updated',
    `select x.* from old_recordings o join new_recordings n on n.id = o.id
       cross join lateral (select o.phone_key, o.call_date union all select n.phone_key, n.call_date) x
      where (o.phone_key, o.call_date, o.gone_at is null) is distinct from (n.phone_key, n.call_date, n.gone_at is null)`,
  );
  await createStatementTriggers(db, 'suspicious_recordings', 'recordings', 'recordings');

  // recording_folders: every complete of a day whose "indexed after the day ended" changed.
  const foldersSettle = (name: string, rows: string) =>
    createSettleFunction(
      db,
      name,
      `select a.id from (${rows}) f
             cross join campaigns c
             join call_attempts a on a.campaign_id = c.id and a.completed
              and a.ended_at >= (f.call_date::timestamp at time zone tz)
              and a.ended_at < ((f.call_date + 1)::timestamp at time zone tz)`,
      true,
    );
  await foldersSettle('suspicious_folders_inserted', 'select call_date from new_folders');
  await foldersSettle('suspicious_folders_deleted', 'select call_date from old_folders');
  await foldersSettle(
    'suspicious_folders_updated',
    `select n.call_date from old_folders o join new_folders n on n.call_date = o.call_date
       cross join agent_day_calls_zone z
      where (o.scanned_at >= ((o.call_date + 1)::timestamp at time zone z.time_zone)) is distinct from
            (n.scanned_at >= ((n.call_date + 1)::timestamp at time zone z.time_zone))
     union select o.call_date from old_folders o where not exists (select 1 from new_folders n where n.call_date = o.call_date)
     union select n.call_date from new_folders n where not exists (select 1 from old_folders o where o.call_date = n.call_date)`,
  );
  await createStatementTriggers(db, 'suspicious_folders', 'recording_folders', 'folders');

  // leads: a new number changes which recordings are the lead's (a row trigger: it fires only when the number changes).
  await run(
    db,
    `create function suspicious_lead_number_changed() returns trigger language plpgsql as $$
     begin
       perform suspicious_settle(array(select a.id from call_attempts a where a.lead_id = new.id and a.completed));
       return null;
     end $$`,
  );
  await run(
    db,
    `create trigger suspicious_lead_number after update of cell_number on leads for each row
     when (old.cell_number is distinct from new.cell_number) execute function suspicious_lead_number_changed()`,
  );

  // suspicious_settings: the campaign's counts again, under its new minimum and hourly limit.
  const settingsRecount = (name: string, rows: string) =>
    run(
      db,
      `create function ${name}() returns trigger language plpgsql as $body$
       declare
         campaigns integer[] := array(select distinct campaign_id from (${rows}) s);
       begin
         perform suspicious_lock_agents(array(
           select distinct user_id from suspicious_completes where campaign_id = any(campaigns)));
         perform suspicious_recount(null, null, campaigns);
         return null;
       end
       $body$`,
    );
  await settingsRecount('suspicious_settings_inserted', 'select campaign_id from new_settings');
  await settingsRecount('suspicious_settings_deleted', 'select campaign_id from old_settings');
  await settingsRecount(
    'suspicious_settings_updated',
    'select campaign_id from old_settings union select campaign_id from new_settings',
  );
  await createStatementTriggers(db, 'suspicious_settings', 'suspicious_settings', 'settings');

  // Every complete stored so far.
  await run(db, `select suspicious_settle(array(select id from call_attempts where completed))`);

  await createQcDays(db);
}

/** One in-house record's figures, signed (`sign` +1 / -1), from `source` (a transition table or qc_records). */
const qcFiguresOf = (source: string, sign: string) => `
  select r.call_date, r.campaign_name, coalesce(r.agent_user_id, 0) as agent_user_id,
    case when r.agent_user_id is null then r.agent_id else '' end as agent_id,
    ${sign}1 as records, ${sign}r.total::numeric as total_sum,
    ${sign}(r.total >= (s.definition ->> 'passMark')::numeric
      and not exists (select 1 from jsonb_array_elements(s.definition -> 'sections') sec,
        jsonb_array_elements(sec -> 'criteria') c
        where c ->> 'autoFailChoice' is not null and r.marks -> (c ->> 'key') ->> 'choice' = c ->> 'autoFailChoice'))::int
      as passed
  from ${source} r left join scorecards s on s.id = r.scorecard_id
  where r.kind = 'in-house'`;

async function createQcDays(db: Kysely<unknown>): Promise<void> {
  await sql`lock table qc_records, scorecards in share mode`.execute(db);
  await run(
    db,
    `create table qc_days (
      call_date date not null,
      -- By name, as productivity joins a record to its campaign; 0 and the agent ID for a record without an account.
      campaign_name text not null,
      agent_user_id integer not null,
      agent_id text not null,
      records integer not null,
      total_sum numeric not null,
      passed integer not null,
      primary key (call_date, campaign_name, agent_user_id, agent_id)
    )`,
  );
  const apply = (name: string, deltas: string) =>
    run(
      db,
      `create function ${name}() returns trigger language plpgsql as $body$
       begin
         insert into qc_days as q (call_date, campaign_name, agent_user_id, agent_id, records, total_sum, passed)
         select call_date, campaign_name, agent_user_id, agent_id, sum(records), sum(total_sum), sum(passed)
           from (${deltas}) d
          group by 1, 2, 3, 4
         having sum(records) <> 0 or sum(total_sum) <> 0 or sum(passed) <> 0
          order by 1, 2, 3, 4
         on conflict (call_date, campaign_name, agent_user_id, agent_id) do update
            set records = q.records + excluded.records, total_sum = q.total_sum + excluded.total_sum,
                passed = q.passed + excluded.passed;
         delete from qc_days where records = 0
           and call_date in (select call_date from (${deltas}) d);
         return null;
       end
       $body$`,
    );
  await apply('qc_days_inserted', qcFiguresOf('new_records', '+'));
  await apply('qc_days_deleted', qcFiguresOf('old_records', '-'));
  await apply('qc_days_updated', `${qcFiguresOf('new_records', '+')} union all ${qcFiguresOf('old_records', '-')}`);
  await run(
    db,
    `create function qc_days_rebuilt() returns trigger language plpgsql as $body$
     begin
       delete from qc_days;
       insert into qc_days (call_date, campaign_name, agent_user_id, agent_id, records, total_sum, passed)
       select call_date, campaign_name, agent_user_id, agent_id, sum(records), sum(total_sum), sum(passed)
         from (${qcFiguresOf('qc_records', '+')}) d
        group by 1, 2, 3, 4;
       return null;
     end
     $body$`,
  );
  await createStatementTriggers(db, 'qc_days', 'qc_records', 'records');
  await run(
    db,
    `create trigger qc_days_truncate after truncate on qc_records
     for each statement execute function qc_days_rebuilt()`,
  );
  // A scorecard version's content is never changed once published; were a draft's (with records) changed, all again.
  await run(
    db,
    `create trigger qc_days_scorecard after update of definition on scorecards
     for each statement execute function qc_days_rebuilt()`,
  );
  await run(
    db,
    `insert into qc_days (call_date, campaign_name, agent_user_id, agent_id, records, total_sum, passed)
     select call_date, campaign_name, agent_user_id, agent_id, sum(records), sum(total_sum), sum(passed)
       from (${qcFiguresOf('qc_records', '+')}) d
      group by 1, 2, 3, 4`,
  );
}

const TRIGGERS: [string, string][] = [
  ['suspicious_attempts_insert', 'call_attempts'],
  ['suspicious_attempts_update', 'call_attempts'],
  ['suspicious_attempts_delete', 'call_attempts'],
  ['suspicious_attempts_truncate', 'call_attempts'],
  ['suspicious_history_insert', 'lead_answer_history'],
  ['suspicious_history_update', 'lead_answer_history'],
  ['suspicious_history_delete', 'lead_answer_history'],
  ['suspicious_recordings_insert', 'recordings'],
  ['suspicious_recordings_update', 'recordings'],
  ['suspicious_recordings_delete', 'recordings'],
  ['suspicious_folders_insert', 'recording_folders'],
  ['suspicious_folders_update', 'recording_folders'],
  ['suspicious_folders_delete', 'recording_folders'],
  ['suspicious_lead_number', 'leads'],
  ['suspicious_settings_insert', 'suspicious_settings'],
  ['suspicious_settings_update', 'suspicious_settings'],
  ['suspicious_settings_delete', 'suspicious_settings'],
];

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, `drop trigger qc_days_scorecard on scorecards`);
  for (const op of ['insert', 'update', 'delete', 'truncate'])
    await run(db, `drop trigger qc_days_${op} on qc_records`);
  for (const fn of ['inserted', 'updated', 'deleted', 'rebuilt']) await run(db, `drop function qc_days_${fn}()`);
  await run(db, `drop table qc_days`);
  for (const [name, table] of TRIGGERS) await run(db, `drop trigger ${name} on ${table}`);
  for (const [name] of TRIGGERS) {
    const fn = name
      .replace(/_insert$/, '_inserted')
      .replace(/_update$/, '_updated')
      .replace(/_delete$/, '_deleted')
      .replace(/_truncate$/, '_truncated')
      .replace('suspicious_lead_number', 'suspicious_lead_number_changed');
    await run(db, `drop function ${fn}()`);
  }
  await run(db, `drop function suspicious_settle(bigint[])`);
  await run(db, `drop function suspicious_lock_agents(integer[])`);
  await run(db, `drop function suspicious_recount(date[], integer[], integer[])`);
  await run(db, `drop table suspicious_days`);
  await run(db, `drop table suspicious_completes`);
}
