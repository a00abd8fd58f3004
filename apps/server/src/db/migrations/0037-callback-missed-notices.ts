// The admins were told a callback was missed (docs/notifications.md, callback-missed): one row per callback, so each
// missed callback is told once whichever server process finds it first.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table callback_missed_notices (
    callback_id bigint primary key references callbacks (id) on delete cascade,
    notified_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table callback_missed_notices`.execute(db);
}
