// Tables of calibration sessions (calls, inspectors, blind scorings, expert marks). Kept apart from qc_records on
// purpose: no QC list, export, summary or agent review reads these tables, so a calibration scoring never counts.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table calibration_sessions (
    id integer generated always as identity primary key,
    name text not null,
    deadline date not null,
    closes_at timestamptz not null,
    closed_at timestamptz,
    closed_by text,
    created_by_id integer references users (id) on delete restrict,
    created_by text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index calibration_sessions_created_idx on calibration_sessions (created_at desc, id desc)`.execute(
    db,
  );

  await sql`create table calibration_inspectors (
    session_id integer not null references calibration_sessions (id) on delete cascade,
    user_id integer not null references users (id) on delete restrict,
    primary key (session_id, user_id)
  )`.execute(db);
  // "My sessions": an inspector's list.
  await sql`create index calibration_inspectors_user_idx on calibration_inspectors (user_id, session_id)`.execute(db);

  await sql`create table calibration_calls (
    id integer generated always as identity primary key,
    session_id integer not null references calibration_sessions (id) on delete cascade,
    position integer not null,
    campaign_id integer references campaigns (id) on delete set null,
    campaign_name text not null,
    consumer_number text not null,
    call_date date not null,
    file_name text,
    expert jsonb,
    expert_by text,
    expert_at timestamptz,
    unique (session_id, position)
  )`.execute(db);

  await sql`create table calibration_scorings (
    id integer generated always as identity primary key,
    call_id integer not null references calibration_calls (id) on delete cascade,
    inspector_id integer not null references users (id) on delete restrict,
    scores jsonb not null,
    total integer not null,
    grade text not null,
    comment text not null default '',
    submitted_at timestamptz not null default now(),
    constraint calibration_scorings_once unique (call_id, inspector_id)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table calibration_scorings`.execute(db);
  await sql`drop table calibration_calls`.execute(db);
  await sql`drop table calibration_inspectors`.execute(db);
  await sql`drop table calibration_sessions`.execute(db);
}
