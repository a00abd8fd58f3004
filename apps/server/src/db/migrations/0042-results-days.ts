// Survey results by day (issue 38, docs/guide/results.md "What a call is"): a lead counts once, on the local day of its
// latest attempt ever, with that attempt's agent and disposition, and its answers as they stand now. So that no read
// goes through the attempts:
// - result_leads (migration 0041) gains that attempt (its id, end, local day, agent, disposition), kept by triggers on
//   call_attempts, and a copy of the lead fields a filter, a cross-tab or a quota names, kept by the trigger on leads;
// - result_answers gains its lead's key (campaign, day, disposition, completed), copied by the triggers on result_leads;
// - two per-day counters: the calls' shapes (result_day_shapes) and the answers' values (result_day_values, the text
//   answers folded into '' as the results count them), kept by statement-level triggers on result_leads and
//   result_answers in the transaction of every change, upserts in key order, rows that fall to 0 removed. Each key is
//   spread over 8 rows (lead id % 8) so that concurrent saves of one day seldom wait on one counter row.
// The days are cut in the zone stored in result_zone ('UTC' to start); the server recuts them in its own TIME_ZONE when
// they differ (modules/results/days.ts).
import { sql, type Kysely } from 'kysely';

/** What marks where a partial call stopped (PARTIAL_CALL_ANSWER of @crm/shared). */
const PARTIAL = 'Partial Call';
const SLOTS = 8;

/** The lead columns copied into result_leads (filters, cross-tabs and quotas read them there). */
export const RESULT_LEAD_COPIED = [
  'did',
  'data_status',
  'br_id',
  'region',
  'territory',
  'area',
  'respondent_name',
  'brand',
  'target_selector',
  'fields',
] as const;

const copied = (alias: string) => RESULT_LEAD_COPIED.map((c) => `${alias}.${c}`).join(', ');
const copiedNames = RESULT_LEAD_COPIED.join(', ');
const copiedSet = RESULT_LEAD_COPIED.map((c) => `${c} = excluded.${c}`).join(', ');

/** The value a counter keeps of an answer: a text question's (anything but choices and numbers) folded into ''. */
const FOLDED = `case when coalesce(q.type, '') not in ('Select Option', 'Multi Select Option', 'Number')
                        and trim(a.value) <> '${PARTIAL}' then '' else a.value end`;

/** Shape deltas of `source` (result_leads rows), signed. */
const shapesOf = (source: string, sign: string) => `
  select campaign_id, day, disposition_code, is_called, coalesce(last_qno, -1) as last_qno,
         coalesce(partial_qno, -1) as partial_qno, (lead_id % ${SLOTS})::smallint as slot, ${sign}1 as n
    from ${source} where day is not null`;

/** Value deltas of `source` (result_answers rows), signed. */
const valuesOf = (source: string, sign: string) => `
  select a.campaign_id, a.day, a.disposition_code, a.is_called, a.qno, ${FOLDED} as value,
         (a.lead_id % ${SLOTS})::smallint as slot, ${sign}1 as n
    from ${source} a left join questions q on q.campaign_id = a.campaign_id and q.qno = a.qno
   where a.day is not null`;

const SHAPE_KEY = 'campaign_id, day, disposition_code, is_called, last_qno, partial_qno, slot';
const VALUE_KEY = 'campaign_id, day, disposition_code, is_called, qno, value, slot';

/** Statements applying `deltas` to `table` (key `key`): summed, upserted in key order, emptied rows removed. */
const applyDeltas = (table: string, key: string, deltas: string) => `
      with delta as (
        select ${key}, sum(n) as n from (${deltas}) d group by ${key} having sum(n) <> 0
      ), applied as (
        insert into ${table} as c (${key}, n)
        select ${key}, n from delta order by ${key}
        on conflict (${key}) do update set n = c.n + excluded.n
        returning c.campaign_id, c.day, c.n
      )
      select array_agg(distinct campaign_id), array_agg(distinct day) into emptied_campaigns, emptied
        from applied where n = 0;
      -- A second statement: the upsert's own rows are not visible to another part of the statement that wrote them.
      if emptied is not null then
        delete from ${table} where campaign_id = any(emptied_campaigns) and day = any(emptied) and n = 0;
      end if;`;

/** After result_leads' rows change: their key copied to their answers, then their shapes counted. */
const PROPAGATE = `
      update result_answers ra
         set campaign_id = n.campaign_id, day = n.day, disposition_code = n.disposition_code, is_called = n.is_called
        from new_rows n
       where ra.lead_id = n.lead_id
         and (ra.campaign_id, ra.day, ra.disposition_code, ra.is_called)
             is distinct from (n.campaign_id, n.day, n.disposition_code, n.is_called);`;

async function fn(db: Kysely<unknown>, name: string, body: string): Promise<void> {
  // SQL text of our own making only (no value from outside), dollar-quoted.
  await sql
    .raw(
      `create or replace function ${name}() returns trigger language plpgsql as $body$
    declare
      emptied date[];
      emptied_campaigns integer[];
    begin
      ${body}
      return null;
    end
    $body$`,
    )
    .execute(db);
}

/** The latest attempt of each lead of `leadIds`, written into its result_leads row (none: cleared). */
const REFRESH_ATTEMPT = `
    create or replace function result_leads_refresh_attempts(lead_ids bigint[]) returns void language sql as $body$
      update result_leads r
         set attempt_id = x.id, ended_at = x.ended_at,
             day = (x.ended_at at time zone (select time_zone from result_zone))::date,
             agent_id = x.agent_id, disposition_code = x.disposition_code
        from result_leads r2
        left join lateral (
          select a.id, a.ended_at, a.agent_id, a.disposition_code from call_attempts a
           where a.lead_id = r2.lead_id order by a.ended_at desc, a.id desc limit 1
        ) x on true
       where r2.lead_id = any(lead_ids) and r.lead_id = r2.lead_id and r.attempt_id is distinct from x.id
    $body$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Nothing saved or called while the summaries are built (held until the migration commits).
  await sql`lock table leads, call_attempts, questions in share mode`.execute(db);

  await sql`create table result_zone (
      only_row boolean primary key default true check (only_row),
      time_zone text not null
    )`.execute(db);
  await sql`insert into result_zone (time_zone) values ('UTC')`.execute(db);

  await sql`alter table result_leads
      add column attempt_id bigint, add column ended_at timestamptz, add column day date,
      add column agent_id text, add column disposition_code text,
      add column did text, add column data_status text, add column br_id text, add column region text,
      add column territory text, add column area text, add column respondent_name text, add column brand text,
      add column target_selector text, add column fields jsonb not null default '{}'::jsonb`.execute(db);
  await sql`alter table result_answers
      add column campaign_id integer, add column day date, add column disposition_code text,
      add column is_called smallint`.execute(db);

  await sql`create table result_day_shapes (
      campaign_id integer not null,
      day date not null,
      disposition_code text not null,
      is_called smallint not null,
      -- -1: none.
      last_qno integer not null,
      partial_qno integer not null,
      slot smallint not null,
      n integer not null,
      primary key (campaign_id, day, disposition_code, is_called, last_qno, partial_qno, slot)
    )`.execute(db);
  await sql`create table result_day_values (
      campaign_id integer not null,
      day date not null,
      disposition_code text not null,
      is_called smallint not null,
      qno integer not null,
      value text not null,
      slot smallint not null,
      n integer not null,
      primary key (campaign_id, day, disposition_code, is_called, qno, value, slot)
    )`.execute(db);

  // The lead's copy: its latest attempt and the fields read.
  await sql
    .raw(
      `
    update result_leads r
       set attempt_id = x.id, ended_at = x.ended_at, day = (x.ended_at at time zone 'UTC')::date,
           agent_id = x.agent_id, disposition_code = x.disposition_code
      from (select distinct on (lead_id) lead_id, id, ended_at, agent_id, disposition_code
              from call_attempts order by lead_id, ended_at desc, id desc) x
     where x.lead_id = r.lead_id`,
    )
    .execute(db);
  await sql
    .raw(
      `
    insert into result_leads (lead_id, campaign_id, is_called, phone_key, attempt_id, ended_at, day, agent_id,
                              disposition_code)
    select l.id, l.campaign_id, l.is_called, regexp_replace(l.cell_number, '\\D', '', 'g'), x.id, x.ended_at,
           (x.ended_at at time zone 'UTC')::date, x.agent_id, x.disposition_code
      from (select distinct on (lead_id) lead_id, id, ended_at, agent_id, disposition_code
              from call_attempts order by lead_id, ended_at desc, id desc) x
      join leads l on l.id = x.lead_id
     where not exists (select 1 from result_leads r where r.lead_id = x.lead_id)`,
    )
    .execute(db);
  await sql
    .raw(`update result_leads r set (${copiedNames}) = (select ${copied('l')} from leads l where l.id = r.lead_id)`)
    .execute(db);
  await sql
    .raw(
      `
    update result_answers ra
       set campaign_id = r.campaign_id, day = r.day, disposition_code = r.disposition_code, is_called = r.is_called
      from result_leads r where r.lead_id = ra.lead_id`,
    )
    .execute(db);
  await sql`create index result_leads_campaign_day_idx on result_leads (campaign_id, day)`.execute(db);
  await sql`create index result_leads_campaign_agent_day_idx on result_leads (campaign_id, lower(agent_id), day)`.execute(
    db,
  );
  await sql`create index result_answers_campaign_qno_day_idx on result_answers (campaign_id, qno, day)`.execute(db);

  await sql
    .raw(
      `insert into result_day_shapes (${SHAPE_KEY}, n) select ${SHAPE_KEY}, sum(n) from (${shapesOf('result_leads', '+')}) d group by ${SHAPE_KEY}`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into result_day_values (${VALUE_KEY}, n) select ${VALUE_KEY}, sum(n) from (${valuesOf('result_answers', '+')}) d group by ${VALUE_KEY}`,
    )
    .execute(db);

  // The triggers on leads (0041's row triggers replaced by statement triggers, so that a statement saving many leads
  // moves each counter row once): the copied fields too, and the answers written with their lead's key.
  const sync = (changed: string, answersChanged: string, guard = '') => `
    begin
      ${guard}
      insert into result_leads as r (lead_id, campaign_id, is_called, phone_key, last_qno, partial_qno, ${copiedNames})
      select c.id, c.campaign_id, c.is_called, regexp_replace(c.cell_number, '\\D', '', 'g'), a.last_qno, a.partial_qno,
             ${copied('c')}
        from (${changed}) c
        cross join lateral (
          select max(substr(key, 2)::int) as last_qno,
                 max(substr(key, 2)::int) filter (where trim(value) = '${PARTIAL}') as partial_qno
            from jsonb_each_text(c.answers) where key ~ '^Q[0-9]{1,9}$' and trim(value) <> ''
        ) a
       order by c.id
      on conflict (lead_id) do update
         set campaign_id = excluded.campaign_id, is_called = excluded.is_called, phone_key = excluded.phone_key,
             last_qno = excluded.last_qno, partial_qno = excluded.partial_qno, ${copiedSet}
       where (r.campaign_id, r.is_called, r.phone_key, r.last_qno, r.partial_qno, ${copied('r')})
             is distinct from (excluded.campaign_id, excluded.is_called, excluded.phone_key, excluded.last_qno,
                               excluded.partial_qno, ${copied('excluded')});
      delete from result_answers ra using (${answersChanged}) c where ra.lead_id = c.id;
      insert into result_answers (lead_id, qno, value, campaign_id, day, disposition_code, is_called)
      select c.id, substr(a.key, 2)::int, a.value, r.campaign_id, r.day, r.disposition_code, r.is_called
        from (${answersChanged}) c join result_leads r on r.lead_id = c.id cross join jsonb_each_text(c.answers) a
       where a.key ~ '^Q[0-9]{1,9}$' and trim(a.value) <> ''
       order by c.id, 2;
      return null;
    end`;
  const inserted = `select * from new_leads where answers <> '{}'::jsonb or is_called = 1`;
  const moved = `select n.* from new_leads n join old_leads o on o.id = n.id
      where (o.answers, o.is_called, o.cell_number, o.campaign_id, ${copied('o')})
            is distinct from (n.answers, n.is_called, n.cell_number, n.campaign_id, ${copied('n')})
        and (n.answers <> '{}'::jsonb or n.is_called = 1
             or exists (select 1 from result_leads x where x.lead_id = n.id))`;
  // A statement that changes none of what the summaries hold (a generate, a version bump) stops at one set
  // difference, which hashes or sorts: the joins below are planned on row counts alone (a transition table has no
  // statistics) and can be slow over many rows.
  const summarised = `id, answers, is_called, cell_number, campaign_id, ${copiedNames}`;
  const unchanged = `if not exists (select ${summarised} from new_leads except select ${summarised} from old_leads) then
        return null;
      end if;`;
  const answered = `select n.* from new_leads n join old_leads o on o.id = n.id
      where o.answers is distinct from n.answers`;
  await sql
    .raw(
      `create function result_leads_after_leads_insert() returns trigger language plpgsql as $body$
      ${sync(inserted, inserted)} $body$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function result_leads_after_leads_update() returns trigger language plpgsql as $body$
      ${sync(moved, answered, unchanged)} $body$`,
    )
    .execute(db);
  await sql`drop trigger result_leads_after_update on leads`.execute(db);
  await sql`drop trigger result_leads_after_insert on leads`.execute(db);
  await sql`create trigger result_leads_leads_insert after insert on leads referencing new table as new_leads
    for each statement execute function result_leads_after_leads_insert()`.execute(db);
  await sql`create trigger result_leads_leads_update after update on leads
    referencing old table as old_leads new table as new_leads
    for each statement execute function result_leads_after_leads_update()`.execute(db);

  // The counters' triggers.
  await fn(
    db,
    'result_day_shapes_after_insert',
    `${PROPAGATE} ${applyDeltas('result_day_shapes', SHAPE_KEY, shapesOf('new_rows', '+'))}`,
  );
  await fn(
    db,
    'result_day_shapes_after_update',
    `${PROPAGATE} ${applyDeltas('result_day_shapes', SHAPE_KEY, `${shapesOf('new_rows', '+')} union all ${shapesOf('old_rows', '-')}`)}`,
  );
  await fn(
    db,
    'result_day_shapes_after_delete',
    applyDeltas('result_day_shapes', SHAPE_KEY, shapesOf('old_rows', '-')),
  );
  await fn(
    db,
    'result_day_values_after_insert',
    applyDeltas('result_day_values', VALUE_KEY, valuesOf('new_rows', '+')),
  );
  await fn(
    db,
    'result_day_values_after_update',
    applyDeltas('result_day_values', VALUE_KEY, `${valuesOf('new_rows', '+')} union all ${valuesOf('old_rows', '-')}`),
  );
  await fn(
    db,
    'result_day_values_after_delete',
    applyDeltas('result_day_values', VALUE_KEY, valuesOf('old_rows', '-')),
  );
  for (const [table, counter] of [
    ['result_leads', 'result_day_shapes'],
    ['result_answers', 'result_day_values'],
  ] as const) {
    await sql
      .raw(
        `create trigger ${counter}_insert after insert on ${table} referencing new table as new_rows
      for each statement execute function ${counter}_after_insert()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${counter}_update after update on ${table} referencing old table as old_rows new table as new_rows
      for each statement execute function ${counter}_after_update()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${counter}_delete after delete on ${table} referencing old table as old_rows
      for each statement execute function ${counter}_after_delete()`,
      )
      .execute(db);
  }

  // A question's type decides whether its answers are folded: its campaign's values are counted again when it changes.
  await sql`create function result_day_values_recount(campaign_ids integer[]) returns void language plpgsql as $body$
    declare
      c integer;
    begin
      foreach c in array campaign_ids loop
        delete from result_day_values where campaign_id = c;
        insert into result_day_values (campaign_id, day, disposition_code, is_called, qno, value, slot, n)
        select a.campaign_id, a.day, a.disposition_code, a.is_called, a.qno,
               case when coalesce(q.type, '') not in ('Select Option', 'Multi Select Option', 'Number')
                         and trim(a.value) <> 'Partial Call' then '' else a.value end,
               (a.lead_id % 8)::smallint, count(*)
          from result_answers a left join questions q on q.campaign_id = a.campaign_id and q.qno = a.qno
         where a.campaign_id = c and a.day is not null
         group by 1, 2, 3, 4, 5, 6, 7;
      end loop;
    end $body$`.execute(db);
  // Only campaigns holding answers of that question number are counted again.
  const recount = (source: string) => `
    begin
      perform result_day_values_recount(array(
        select distinct x.campaign_id from (${source}) x
         where exists (select 1 from result_answers a where a.campaign_id = x.campaign_id and a.qno = x.qno)
         order by 1));
      return null;
    end`;
  await sql
    .raw(
      `create function result_day_values_after_question_insert() returns trigger language plpgsql as $body$
      ${recount('select campaign_id, qno from new_questions')} $body$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function result_day_values_after_question_delete() returns trigger language plpgsql as $body$
      ${recount('select campaign_id, qno from old_questions')} $body$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function result_day_values_after_question_update() returns trigger language plpgsql as $body$
      ${recount(`select o.campaign_id, o.qno from old_questions o join new_questions n on n.id = o.id
                   where (o.campaign_id, o.qno, o.type) is distinct from (n.campaign_id, n.qno, n.type)
                 union all
                 select n.campaign_id, n.qno from old_questions o join new_questions n on n.id = o.id
                   where (o.campaign_id, o.qno, o.type) is distinct from (n.campaign_id, n.qno, n.type)`)} $body$`,
    )
    .execute(db);
  await sql`create trigger result_day_values_question_insert after insert on questions
    referencing new table as new_questions
    for each statement execute function result_day_values_after_question_insert()`.execute(db);
  await sql`create trigger result_day_values_question_update after update on questions
    referencing old table as old_questions new table as new_questions
    for each statement execute function result_day_values_after_question_update()`.execute(db);
  await sql`create trigger result_day_values_question_delete after delete on questions
    referencing old table as old_questions
    for each statement execute function result_day_values_after_question_delete()`.execute(db);

  // The attempts: a lead's latest one kept in its row.
  await sql.raw(REFRESH_ATTEMPT).execute(db);
  await sql
    .raw(
      `
    create function result_leads_after_attempts() returns trigger language plpgsql as $body$
    begin
      insert into result_leads as r (lead_id, campaign_id, is_called, phone_key, attempt_id, ended_at, day, agent_id,
                                     disposition_code, ${copiedNames})
      select l.id, l.campaign_id, l.is_called, regexp_replace(l.cell_number, '\\D', '', 'g'), a.id, a.ended_at,
             (a.ended_at at time zone z.time_zone)::date, a.agent_id, a.disposition_code, ${copied('l')}
        from (select distinct on (lead_id) lead_id, id, ended_at, agent_id, disposition_code
                from new_attempts order by lead_id, ended_at desc, id desc) a
        join leads l on l.id = a.lead_id
        cross join result_zone z
       order by l.id
      on conflict (lead_id) do update
         set attempt_id = excluded.attempt_id, ended_at = excluded.ended_at, day = excluded.day,
             agent_id = excluded.agent_id, disposition_code = excluded.disposition_code
       where r.ended_at is null or (excluded.ended_at, excluded.attempt_id) > (r.ended_at, r.attempt_id);
      return null;
    end
    $body$`,
    )
    .execute(db);
  await sql`create function result_leads_after_attempts_gone() returns trigger language plpgsql as $body$
    begin
      perform result_leads_refresh_attempts(array(
        select distinct lead_id from old_attempts o
         where exists (select 1 from result_leads r where r.lead_id = o.lead_id and r.attempt_id = o.id)
         order by 1));
      return null;
    end $body$`.execute(db);
  await sql`create function result_leads_after_attempt_moved() returns trigger language plpgsql as $body$
    begin
      perform result_leads_refresh_attempts(array(select distinct x from unnest(array[old.lead_id, new.lead_id]) x order by 1));
      return null;
    end $body$`.execute(db);
  await sql`create trigger result_leads_attempts_insert after insert on call_attempts
    referencing new table as new_attempts for each statement execute function result_leads_after_attempts()`.execute(
    db,
  );
  await sql`create trigger result_leads_attempts_delete after delete on call_attempts
    referencing old table as old_attempts for each statement execute function result_leads_after_attempts_gone()`.execute(
    db,
  );
  await sql`create trigger result_leads_attempts_update after update of lead_id, ended_at, agent_id, disposition_code
    on call_attempts for each row when (old.lead_id is distinct from new.lead_id or old.ended_at is distinct from new.ended_at
      or old.agent_id is distinct from new.agent_id or old.disposition_code is distinct from new.disposition_code)
    execute function result_leads_after_attempt_moved()`.execute(db);

  await sql`analyze result_leads`.execute(db);
  await sql`analyze result_answers`.execute(db);
  await sql`analyze result_day_shapes`.execute(db);
  await sql`analyze result_day_values`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger result_leads_attempts_update on call_attempts`.execute(db);
  await sql`drop trigger result_leads_attempts_delete on call_attempts`.execute(db);
  await sql`drop trigger result_leads_attempts_insert on call_attempts`.execute(db);
  await sql`drop function result_leads_after_attempt_moved()`.execute(db);
  await sql`drop function result_leads_after_attempts_gone()`.execute(db);
  await sql`drop function result_leads_after_attempts()`.execute(db);
  await sql`drop function result_leads_refresh_attempts(bigint[])`.execute(db);
  for (const op of ['insert', 'update', 'delete']) {
    await sql.raw(`drop trigger result_day_values_question_${op} on questions`).execute(db);
    await sql.raw(`drop function result_day_values_after_question_${op}()`).execute(db);
  }
  await sql`drop function result_day_values_recount(integer[])`.execute(db);
  for (const [table, counter] of [
    ['result_leads', 'result_day_shapes'],
    ['result_answers', 'result_day_values'],
  ] as const) {
    for (const op of ['insert', 'update', 'delete'])
      await sql.raw(`drop trigger ${counter}_${op} on ${table}`).execute(db);
    for (const op of ['insert', 'update', 'delete'])
      await sql.raw(`drop function ${counter}_after_${op}()`).execute(db);
  }
  await sql`drop table result_day_values`.execute(db);
  await sql`drop table result_day_shapes`.execute(db);
  await sql`drop index result_answers_campaign_qno_day_idx`.execute(db);
  await sql`drop index result_leads_campaign_agent_day_idx`.execute(db);
  await sql`drop index result_leads_campaign_day_idx`.execute(db);
  // Back to 0041's row triggers on leads (its function was left as it was).
  await sql`drop trigger result_leads_leads_update on leads`.execute(db);
  await sql`drop trigger result_leads_leads_insert on leads`.execute(db);
  await sql`drop function result_leads_after_leads_update()`.execute(db);
  await sql`drop function result_leads_after_leads_insert()`.execute(db);
  await sql`create trigger result_leads_after_insert after insert on leads for each row
    when (new.answers <> '{}'::jsonb or new.is_called = 1) execute function result_leads_sync()`.execute(db);
  await sql`create trigger result_leads_after_update after update of answers, is_called, cell_number, campaign_id on leads
    for each row when (old.answers is distinct from new.answers or old.is_called is distinct from new.is_called
      or old.cell_number is distinct from new.cell_number or old.campaign_id is distinct from new.campaign_id)
    execute function result_leads_sync()`.execute(db);
  // The rows only an attempt made (no answers, not completed): 0041 had none such.
  await sql`delete from result_leads where last_qno is null and is_called <> 1
    and not exists (select 1 from leads l where l.id = lead_id and l.answers <> '{}'::jsonb)`.execute(db);
  await sql`alter table result_answers drop column campaign_id, drop column day, drop column disposition_code,
    drop column is_called`.execute(db);
  await sql`alter table result_leads drop column attempt_id, drop column ended_at, drop column day,
    drop column agent_id, drop column disposition_code, drop column did, drop column data_status, drop column br_id,
    drop column region, drop column territory, drop column area, drop column respondent_name, drop column brand,
    drop column target_selector, drop column fields`.execute(db);
  await sql`drop table result_zone`.execute(db);
}
