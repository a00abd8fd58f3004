// Indexes for the lists paged by key (docs/api.md "Pages"): each serves one list's order under its filters, so a page
// starts where the index puts its cursor and reads only its own rows, the last page as fast as the first (read
// backward); and the QC record counters that give those lists their totals without counting the records. Measured
// in docs/architecture.md §12.
import { sql, type Kysely } from 'kysely';

/** A record's counter key: kind, inspector (0 once its account is gone), inspector name as the lists match it, call date. */
const keyOf = (rows: string, delta: string) =>
  `select kind, coalesce(qc_inspector_id, 0) as inspector_id, lower(qc_inspector) as inspector_name, call_date, ${delta} as delta from ${rows}`;

/** A statement-level trigger function adding the statement's records to their counters (one upsert, in key order). */
async function createCountTrigger(db: Kysely<unknown>, name: string, records: string): Promise<void> {
  await sql`
    create function ${sql.raw(name)}() returns trigger language plpgsql as $body$
    begin
      insert into qc_record_counts as c (kind, inspector_id, inspector_name, call_date, records)
        select kind, inspector_id, inspector_name, call_date, sum(delta)
          from (${sql.raw(records)}) d
         group by 1, 2, 3, 4
        having sum(delta) <> 0
         order by 1, 2, 4, 3
      on conflict (kind, inspector_id, call_date, inspector_name) do update set records = c.records + excluded.records;
      return null;
    end $body$`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // The lead browser: a campaign's leads, newest data date first, then upload order (modules/leads/browse.ts); with a
  // data date it is that date's leads in upload order. Read backward for the last page.
  await sql`create index leads_browse_idx on leads (campaign_id, data_date desc, id)`.execute(db);

  // The QC record lists (modules/qc/list.ts), newest call first, then newest record (both read backward): an admin's
  // list of every record (and of one call date) …
  await sql`create index qc_records_list_idx on qc_records (kind, call_date, id)`.execute(db);
  // … an inspector's own records …
  await sql`create index qc_records_inspector_list_idx on qc_records (kind, qc_inspector_id, call_date, id)`.execute(
    db,
  );
  // … and an admin's list of one inspector, named as the records name it (any case).
  await sql`create index qc_records_inspector_name_list_idx on qc_records (kind, lower(qc_inspector), call_date, id)`.execute(
    db,
  );
  // (kind, call_date) is the start of qc_records_list_idx, which serves everything it did.
  await sql`drop index qc_records_date_idx`.execute(db);

  // The QC record lists' totals (modules/qc/list.ts): records per kind, inspector and call date, kept by
  // statement-level triggers in the transaction of every insert, update and delete of qc_records (an edit may move a
  // record to another day; an account deleted sets its records' inspector to null), so a list's total sums a few rows
  // a day instead of counting the records (~25 ms at 200k records). A search still counts its matches. Rows that
  // fall to zero stay (they add nothing); QC records grow by a few hundred a day, so no counter row is hot.
  await sql`create table qc_record_counts (
      kind text not null,
      inspector_id integer not null,
      inspector_name text not null,
      call_date date not null,
      records bigint not null,
      primary key (kind, inspector_id, call_date, inspector_name)
    )`.execute(db);
  await sql`create index qc_record_counts_name_idx on qc_record_counts (kind, inspector_name, call_date)`.execute(db);
  await createCountTrigger(db, 'qc_record_counts_after_insert', keyOf('new_records', '1'));
  await createCountTrigger(
    db,
    'qc_record_counts_after_update',
    `${keyOf('new_records', '1')} union all ${keyOf('old_records', '-1')}`,
  );
  await createCountTrigger(db, 'qc_record_counts_after_delete', keyOf('old_records', '-1'));
  await sql`create function qc_record_counts_after_truncate() returns trigger language plpgsql as $body$
    begin
      delete from qc_record_counts;
      return null;
    end $body$`.execute(db);
  // The records already there, counted under a lock that keeps them as they are until the triggers are in place.
  await sql`lock table qc_records in share row exclusive mode`.execute(db);
  await sql`create trigger qc_record_counts_insert after insert on qc_records referencing new table as new_records
    for each statement execute function qc_record_counts_after_insert()`.execute(db);
  await sql`create trigger qc_record_counts_update after update on qc_records referencing old table as old_records new table as new_records
    for each statement execute function qc_record_counts_after_update()`.execute(db);
  await sql`create trigger qc_record_counts_delete after delete on qc_records referencing old table as old_records
    for each statement execute function qc_record_counts_after_delete()`.execute(db);
  await sql`create trigger qc_record_counts_truncate after truncate on qc_records
    for each statement execute function qc_record_counts_after_truncate()`.execute(db);
  await sql`insert into qc_record_counts (kind, inspector_id, inspector_name, call_date, records)
    select kind, coalesce(qc_inspector_id, 0), lower(qc_inspector), call_date, count(*) from qc_records group by 1, 2, 3, 4`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const op of ['insert', 'update', 'delete', 'truncate']) {
    await sql`drop trigger ${sql.raw(`qc_record_counts_${op}`)} on qc_records`.execute(db);
    await sql`drop function ${sql.raw(`qc_record_counts_after_${op}`)}()`.execute(db);
  }
  await sql`drop table qc_record_counts`.execute(db);
  await sql`create index qc_records_date_idx on qc_records (kind, call_date)`.execute(db);
  await sql`drop index qc_records_inspector_name_list_idx`.execute(db);
  await sql`drop index qc_records_inspector_list_idx`.execute(db);
  await sql`drop index qc_records_list_idx`.execute(db);
  await sql`drop index leads_browse_idx`.execute(db);
}
