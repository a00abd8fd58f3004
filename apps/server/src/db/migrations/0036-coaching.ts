// The tables of coaching sessions, their linked QC records and the per-campaign coaching settings (issue 37,
// docs/coaching.md). The QC queue reads coaching_sessions and coaching_settings in its own SQL (the raised target while
// a session of the agent is open), so these names and meanings are a contract.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table coaching_sessions (
    id serial primary key,
    agent_user_id integer not null references users(id) on delete restrict,
    campaign_id integer not null references campaigns(id) on delete cascade,
    scorecard_id integer not null references scorecards(id) on delete restrict,
    state text not null default 'planned' check (state in ('planned', 'held', 'acknowledged', 'closed')),
    focus jsonb not null,
    notes text not null default '',
    private_notes text not null default '',
    action_items jsonb not null default '[]',
    meeting_date date,
    auto_opened boolean not null default false,
    coach_id integer references users(id) on delete restrict,
    coach text not null,
    created_at timestamptz not null default now(),
    held_at timestamptz,
    acknowledge_due_at timestamptz,
    acknowledged_at timestamptz,
    acknowledgement text,
    closed_at timestamptz,
    closed_by text,
    result jsonb
  )`.execute(db);
  // The queue's question for every agent-day it reads: is a session of this agent and campaign open?
  await sql`create index coaching_sessions_open_idx on coaching_sessions (agent_user_id, campaign_id)
    where state <> 'closed'`.execute(db);
  await sql`create index coaching_sessions_created_idx on coaching_sessions (created_at desc, id desc)`.execute(db);

  await sql`create table coaching_records (
    session_id integer not null references coaching_sessions(id) on delete cascade,
    qc_record_id integer not null references qc_records(id) on delete cascade,
    primary key (session_id, qc_record_id)
  )`.execute(db);
  await sql`create index coaching_records_record_idx on coaching_records (qc_record_id)`.execute(db);

  await sql`create table coaching_settings (
    campaign_id integer primary key references campaigns(id) on delete cascade,
    sampling_factor numeric(4, 2) not null default 2 check (sampling_factor between 1 and 10),
    compare_count integer not null default 10 check (compare_count between 1 and 100),
    acknowledge_days integer not null default 3 check (acknowledge_days between 1 and 60),
    updated_at timestamptz not null default now(),
    updated_by text
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table coaching_settings`.execute(db);
  await sql`drop table coaching_records`.execute(db);
  await sql`drop table coaching_sessions`.execute(db);
}
