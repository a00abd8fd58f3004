// The sign-in limits that outlast a restart and hold across server processes (issue 33; docs/trust.md, Sign-in limits):
// failed sign-ins of an account (its growing wait) and of a client address (its daily cap), within a day.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per account (the lower-cased username tried, known or not) or address with failures in its day; written
  // on a failure only, deleted by an account's success, forgotten a day after its window started.
  await sql`create table sign_in_failures (
    kind text not null check (kind in ('account', 'address')),
    key text not null,
    failures integer not null check (failures > 0),
    window_started_at timestamptz not null,
    wait_until timestamptz,
    primary key (kind, key)
  )`.execute(db);
  await sql`create index sign_in_failures_window on sign_in_failures (window_started_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sign_in_failures`.execute(db);
}
