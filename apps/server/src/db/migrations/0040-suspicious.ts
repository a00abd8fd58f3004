// Suspicious completes (issue 38, docs/guide/suspicious.md): each campaign's thresholds and the QC queue's order.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // No row: the campaign uses SUSPICIOUS_DEFAULTS (@crm/shared); a PUT stores the campaign's own.
  await sql`create table suspicious_settings (
    campaign_id integer primary key references campaigns (id) on delete cascade,
    min_handle_seconds integer not null check (min_handle_seconds between 0 and 3600),
    hourly_limit integer not null check (hourly_limit between 1 and 1000),
    flagged_first boolean not null,
    updated_at timestamptz not null default now()
  )`.execute(db);
  // The agent's previous complete (repeated answers) and the completes of the hour before (the hourly limit): one
  // index range per call, completes only.
  await sql`create index call_attempts_user_completed_idx on call_attempts (user_id, ended_at, id) where completed`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index call_attempts_user_completed_idx`.execute(db);
  await sql`drop table suspicious_settings`.execute(db);
}
