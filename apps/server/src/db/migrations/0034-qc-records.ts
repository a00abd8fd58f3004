// The tables of comments on a QC record's recording and criteria, and the agent's acknowledgement (issue 37, docs/qc-records.md).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A comment on a moment of the recording (at_seconds), on a criterion of the record's version (criterion_key), both
  // or neither; the author's name is kept as written beside the author, who (like every history's user) is kept while
  // named: ON DELETE RESTRICT (migration 0008's rule).
  await sql`create table qc_record_comments (
    id serial primary key,
    qc_record_id integer not null references qc_records (id) on delete cascade,
    at_seconds double precision check (at_seconds >= 0),
    criterion_key text,
    text text not null,
    author_id integer references users (id) on delete restrict,
    author_name text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index qc_record_comments_record on qc_record_comments (qc_record_id, id)`.execute(db);

  // The agent's sign-off of an in-house record: one per record.
  await sql`create table qc_record_acknowledgements (
    qc_record_id integer primary key references qc_records (id) on delete cascade,
    agent_user_id integer references users (id) on delete restrict,
    comment text not null default '',
    acknowledged_at timestamptz not null default now()
  )`.execute(db);

  // The record's inspector was told its acknowledgement is overdue: once per record.
  await sql`create table qc_acknowledgement_overdue_notices (
    qc_record_id integer primary key references qc_records (id) on delete cascade,
    notified_at timestamptz not null default now()
  )`.execute(db);

  // A campaign's own acknowledgement window; a campaign without a row has the default (3 days).
  await sql`create table qc_acknowledgement_windows (
    campaign_id integer primary key references campaigns (id) on delete cascade,
    window_days integer not null check (window_days between 1 and 60),
    updated_at timestamptz not null default now(),
    updated_by text not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table qc_acknowledgement_windows`.execute(db);
  await sql`drop table qc_acknowledgement_overdue_notices`.execute(db);
  await sql`drop table qc_record_acknowledgements`.execute(db);
  await sql`drop table qc_record_comments`.execute(db);
}
