// Survey results (issue 38, docs/guide/results.md): the summaries a campaign's results are read from. A compact copy of
// each called lead's answers (one row per question answered) and of what its call's figures need (completed, its
// number's digits, the last question reached, where a partial call stopped), kept by a trigger on leads in the same
// transaction as every save, so the results never read the leads' jsonb answers.
import { sql, type Kysely } from 'kysely';

/** What marks where a partial call stopped (PARTIAL_CALL_ANSWER of @crm/shared). */
const PARTIAL = 'Partial Call';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per lead that was ever saved with an answer or completed.
  await sql`create table result_leads (
    lead_id bigint primary key references leads (id) on delete cascade,
    campaign_id integer not null,
    is_called smallint not null,
    -- The cell number's digits, as the QC records' consumer numbers are matched to it.
    phone_key text not null,
    -- The highest question number holding a value ('Partial Call' included); null: none.
    last_qno integer,
    -- The highest question number holding 'Partial Call'; null: not a partial call.
    partial_qno integer
  )`.execute(db);
  // One row per question a lead holds a value for (blank values left out), the value as stored.
  await sql`create table result_answers (
    lead_id bigint not null references leads (id) on delete cascade,
    qno integer not null,
    value text not null,
    primary key (lead_id, qno)
  )`.execute(db);
  // QC-passed only: a campaign's records of the range.
  await sql`create index qc_records_campaign_day_idx on qc_records (campaign_id, call_date)`.execute(db);

  // SQL text of our own making only, dollar-quoted.
  await sql
    .raw(
      `
    create function result_leads_sync() returns trigger language plpgsql as $body$
    begin
      insert into result_leads as r (lead_id, campaign_id, is_called, phone_key, last_qno, partial_qno)
      select new.id, new.campaign_id, new.is_called, regexp_replace(new.cell_number, '\\D', '', 'g'),
             max(substr(a.key, 2)::int),
             max(substr(a.key, 2)::int) filter (where trim(a.value) = '${PARTIAL}')
        from (select key, value from jsonb_each_text(new.answers) where key ~ '^Q[0-9]{1,9}$' and trim(value) <> '') a
      on conflict (lead_id) do update
         set campaign_id = excluded.campaign_id, is_called = excluded.is_called, phone_key = excluded.phone_key,
             last_qno = excluded.last_qno, partial_qno = excluded.partial_qno;
      if tg_op = 'INSERT' or old.answers is distinct from new.answers then
        delete from result_answers where lead_id = new.id;
        insert into result_answers (lead_id, qno, value)
        select new.id, substr(key, 2)::int, value
          from jsonb_each_text(new.answers) where key ~ '^Q[0-9]{1,9}$' and trim(value) <> '';
      end if;
      return null;
    end
    $body$`,
    )
    .execute(db);
  // An upload's leads (no answers, not called) cost the WHEN test only.
  await sql`create trigger result_leads_after_insert after insert on leads for each row
    when (new.answers <> '{}'::jsonb or new.is_called = 1) execute function result_leads_sync()`.execute(db);
  await sql`create trigger result_leads_after_update after update of answers, is_called, cell_number, campaign_id on leads
    for each row when (old.answers is distinct from new.answers or old.is_called is distinct from new.is_called
      or old.cell_number is distinct from new.cell_number or old.campaign_id is distinct from new.campaign_id)
    execute function result_leads_sync()`.execute(db);

  // The leads saved so far (held still until the migration commits).
  await sql`lock table leads in share mode`.execute(db);
  await sql
    .raw(
      `
    insert into result_leads (lead_id, campaign_id, is_called, phone_key, last_qno, partial_qno)
    select l.id, l.campaign_id, l.is_called, regexp_replace(l.cell_number, '\\D', '', 'g'), a.last_qno, a.partial_qno
      from leads l
      left join lateral (
        select max(substr(key, 2)::int) as last_qno,
               max(substr(key, 2)::int) filter (where trim(value) = '${PARTIAL}') as partial_qno
          from jsonb_each_text(l.answers) where key ~ '^Q[0-9]{1,9}$' and trim(value) <> ''
      ) a on true
     where l.answers <> '{}'::jsonb or l.is_called = 1`,
    )
    .execute(db);
  await sql
    .raw(
      `
    insert into result_answers (lead_id, qno, value)
    select l.id, substr(a.key, 2)::int, a.value
      from leads l cross join lateral jsonb_each_text(l.answers) a
     where l.answers <> '{}'::jsonb and a.key ~ '^Q[0-9]{1,9}$' and trim(a.value) <> ''`,
    )
    .execute(db);
  await sql`analyze result_leads`.execute(db);
  await sql`analyze result_answers`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger result_leads_after_update on leads`.execute(db);
  await sql`drop trigger result_leads_after_insert on leads`.execute(db);
  await sql`drop function result_leads_sync()`.execute(db);
  await sql`drop index qc_records_campaign_day_idx`.execute(db);
  await sql`drop table result_answers`.execute(db);
  await sql`drop table result_leads`.execute(db);
}
