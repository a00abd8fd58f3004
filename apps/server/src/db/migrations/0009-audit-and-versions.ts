// Trust (docs: docs/guide/audit.md): an append-only audit log, a version on every lead and QC record so a stale save
// is refused instead of silently overwriting, and the history of every survey save of a lead.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The actor is copied, not referenced: the trail outlives the accounts it names, and never blocks their delete.
  await sql`create table audit_log (
    id bigint generated always as identity primary key,
    at timestamptz not null default clock_timestamp(),
    actor_id integer,
    actor_username text not null,
    actor_role text not null,
    action text not null,
    object_type text not null,
    object_id text not null,
    changes jsonb not null default '{}'::jsonb,
    ip text
  )`.execute(db);
  await sql`create index audit_log_object_idx on audit_log (object_type, object_id, id)`.execute(db);
  await sql`create index audit_log_actor_idx on audit_log (lower(actor_username), id)`.execute(db);
  await sql`create index audit_log_at_idx on audit_log (at)`.execute(db);
  // Append-only for everyone who connects as the application: rows cannot be changed, deleted or truncated.
  await sql`create function audit_log_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only: % is not allowed', tg_op using errcode = '42501';
    end
  $$`.execute(db);
  await sql`create trigger audit_log_no_update_or_delete before update or delete on audit_log
    for each row execute function audit_log_refuse_change()`.execute(db);
  await sql`create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_refuse_change()`.execute(db);

  // Adding a column with a constant default changes the catalogue only: instant at millions of leads.
  await sql`alter table leads add column version integer not null default 0`.execute(db);
  await sql`alter table qc_reports add column version integer not null default 0`.execute(db);

  // Every survey save (agent, time, the answers as saved, is_called). No foreign key to leads: deleting a day's
  // leads (itself in the audit log, with its count) leaves their history readable and costs no extra scan.
  await sql`create table lead_answer_history (
    id bigint generated always as identity primary key,
    lead_id bigint not null,
    version integer not null,
    user_id integer,
    agent_id text not null,
    saved_at timestamptz not null default clock_timestamp(),
    answers jsonb not null,
    is_called smallint not null
  )`.execute(db);
  await sql`create index lead_answer_history_lead_idx on lead_answer_history (lead_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table lead_answer_history`.execute(db);
  await sql`alter table qc_reports drop column version`.execute(db);
  await sql`alter table leads drop column version`.execute(db);
  await sql`drop table audit_log`.execute(db);
  await sql`drop function audit_log_refuse_change()`.execute(db);
}
