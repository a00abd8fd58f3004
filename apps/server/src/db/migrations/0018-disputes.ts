// Tables of disputes per criterion of in-house QC records, and the QC settings (dispute and answer windows).
// A contract: the QC analytics read these tables by these names and meanings (docs/guide/disputes.md).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row: the windows an admin sets on /flag-raised.
  await sql`create table qc_settings (
    id boolean primary key default true check (id),
    dispute_window_days integer not null default 7,
    answer_window_hours integer not null default 48,
    updated_at timestamptz,
    updated_by text
  )`.execute(db);
  await sql`insert into qc_settings (id) values (true)`.execute(db);

  await sql`create table disputes (
    id serial primary key,
    qc_record_id integer not null references qc_records(id) on delete cascade,
    review_id integer not null unique references agent_reviews(id) on delete cascade,
    agent_user_id integer references users(id) on delete restrict,
    inspector_id integer references users(id) on delete restrict,
    status text not null check (status in ('open', 'answered', 'escalated', 'decided')),
    raised_at timestamptz not null default now(),
    answer_due_at timestamptz not null,
    answered_at timestamptz,
    answered_by_id integer references users(id) on delete restrict,
    answered_by text,
    escalated_at timestamptz,
    escalation_reason text,
    decided_at timestamptz,
    decided_by_id integer references users(id) on delete restrict,
    decided_by text
  )`.execute(db);
  // The lists: open or escalated first by due date; an inspector's and an agent's own.
  await sql`create index disputes_status_due_idx on disputes (status, answer_due_at, id)`.execute(db);
  await sql`create index disputes_inspector_idx on disputes (inspector_id, raised_at)`.execute(db);
  await sql`create index disputes_agent_idx on disputes (agent_user_id, raised_at)`.execute(db);
  await sql`create index disputes_record_idx on disputes (qc_record_id)`.execute(db);

  await sql`create table dispute_criteria (
    id serial primary key,
    dispute_id integer not null references disputes(id) on delete cascade,
    criterion text not null,
    original_mark integer not null,
    proposed_mark integer not null,
    reason text not null,
    outcome text check (outcome in ('kept', 'accepted', 'changed')),
    answered_mark integer,
    answer_reason text,
    decision text check (decision in ('kept', 'accepted', 'changed')),
    decided_mark integer,
    decision_reason text,
    unique (dispute_id, criterion)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table dispute_criteria`.execute(db);
  await sql`drop table disputes`.execute(db);
  await sql`drop table qc_settings`.execute(db);
}
