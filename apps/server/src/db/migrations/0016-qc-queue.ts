// Tables of the QC work queue (per-campaign targets, claims; recordings attributed to an agent and campaign).
// docs/guide/qc-queue.md explains the design: a recording is attributed to the agent of its file name and the campaign that
// agent signed into that day; each attributed agent-day gets a row in qc_queue_days, closed once its target is met
// (or nothing is left to score), so "score next" only ever looks at the open days.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Nullable, no default: instant on any size of table; existing rows are attributed by the catch-up.
  await sql`alter table recordings
    add column campaign_id integer references campaigns (id) on delete set null,
    add column agent_user_id integer references users (id) on delete set null,
    add column attributed_at timestamptz`.execute(db);
  // The calls of one agent-day, oldest first: what "score next" walks (only recordings still there and attributed).
  await sql`create index recordings_queue_idx on recordings (campaign_id, agent_user_id, call_date, call_time, id)
    where gone_at is null and campaign_id is not null`.execute(db);
  // The catch-up's work: rows not yet looked at.
  await sql`create index recordings_unattributed_idx on recordings (id) where attributed_at is null`.execute(db);
  // "Is this recording scored?": a link naming its file (with a QC record of the same call date).
  await sql`create index qc_record_files_file_name_idx on qc_record_files (file_name)`.execute(db);
  // Per-agent-day counting of the QC records of a campaign.
  await sql`create index qc_records_agent_day_idx on qc_records (agent_user_id, call_date, campaign_id) where kind = 'in-house'`.execute(
    db,
  );

  await sql`create table qc_queue_settings (
    campaign_id integer primary key references campaigns (id) on delete cascade,
    target_per_agent_day integer not null check (target_per_agent_day between 1 and 1000),
    min_duration_sec integer not null check (min_duration_sec between 0 and 86400),
    updated_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table qc_queue_days (
    campaign_id integer not null references campaigns (id) on delete cascade,
    call_date date not null,
    agent_user_id integer not null references users (id) on delete cascade,
    closed boolean not null default false,
    primary key (campaign_id, call_date, agent_user_id)
  )`.execute(db);
  await sql`create index qc_queue_days_open_idx on qc_queue_days (call_date, campaign_id) where not closed`.execute(db);

  // One claim per recording and one per inspector: two inspectors never hold the same call, nobody holds two.
  await sql`create table qc_queue_claims (
    id bigint generated always as identity primary key,
    recording_id bigint not null unique references recordings (id) on delete cascade,
    inspector_id integer not null unique references users (id) on delete cascade,
    claimed_at timestamptz not null default now(),
    expires_at timestamptz not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table qc_queue_claims`.execute(db);
  await sql`drop table qc_queue_days`.execute(db);
  await sql`drop table qc_queue_settings`.execute(db);
  await sql`drop index qc_records_agent_day_idx`.execute(db);
  await sql`drop index qc_record_files_file_name_idx`.execute(db);
  await sql`alter table recordings drop column attributed_at, drop column agent_user_id, drop column campaign_id`.execute(
    db,
  );
}
