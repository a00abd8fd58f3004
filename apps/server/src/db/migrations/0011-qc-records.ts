// One word for a scored call: the tables the code calls QC records are named so too (qc_reports → qc_records,
// qc_report_files → qc_record_files with qc_record_id), and so are their constraints, indexes and sequences.
// A rename only: no row is read or rewritten, so it is instant on any size of table.
import { sql, type Kysely } from 'kysely';

/** Renames every constraint, index and sequence of the table whose name starts with `from` to start with `to`. */
async function renameParts(db: Kysely<unknown>, table: string, from: string, to: string): Promise<void> {
  await sql`do $$
    declare r record;
    begin
      for r in select conname as name from pg_constraint
               where conrelid = ${sql.lit(table)}::regclass and left(conname, ${sql.lit(from.length)}) = ${sql.lit(from)} loop
        execute format('alter table %I rename constraint %I to %I', ${sql.lit(table)}, r.name, ${sql.lit(to)} || substr(r.name, ${sql.lit(from.length + 1)}));
      end loop;
      for r in select c.relname as name, case c.relkind when 'S' then 'sequence' else 'index' end as kind
               from pg_class c
               where c.relkind in ('i', 'S') and left(c.relname, ${sql.lit(from.length)}) = ${sql.lit(from)}
                 and exists (select 1 from pg_depend d where d.objid = c.oid and d.refobjid = ${sql.lit(table)}::regclass) loop
        execute format('alter %s %I rename to %I', r.kind, r.name, ${sql.lit(to)} || substr(r.name, ${sql.lit(from.length + 1)}));
      end loop;
    end $$`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table qc_report_files rename column qc_report_id to qc_record_id`.execute(db);
  await sql`alter table qc_report_files rename to qc_record_files`.execute(db);
  await sql`alter table qc_reports rename to qc_records`.execute(db);
  // qc_report_files_ first: qc_reports_ is not a prefix of it, and each table's own parts are renamed with it.
  await renameParts(db, 'qc_record_files', 'qc_report_files_', 'qc_record_files_');
  await renameParts(db, 'qc_records', 'qc_reports_', 'qc_records_');
  // The link's foreign key was named after the old column.
  await sql`alter table qc_record_files rename constraint qc_record_files_qc_report_id_fkey to qc_record_files_qc_record_id_fkey`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table qc_record_files rename constraint qc_record_files_qc_record_id_fkey to qc_record_files_qc_report_id_fkey`.execute(
    db,
  );
  await renameParts(db, 'qc_records', 'qc_records_', 'qc_reports_');
  await renameParts(db, 'qc_record_files', 'qc_record_files_', 'qc_report_files_');
  await sql`alter table qc_records rename to qc_reports`.execute(db);
  await sql`alter table qc_record_files rename to qc_report_files`.execute(db);
  await sql`alter table qc_report_files rename column qc_record_id to qc_report_id`.execute(db);
}
