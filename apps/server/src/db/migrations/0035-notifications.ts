// The tables of notifications per user, read or unread, kept 90 days (issue 37, docs/notifications.md).
// Two indexes serve the bell: a user's newest first (and the deletion of their oldest), and a user's unread count.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table notifications (
    id bigserial primary key,
    user_id integer not null references users (id) on delete cascade,
    kind text not null,
    title text not null,
    body text not null default '',
    link text,
    created_at timestamptz not null default now(),
    read_at timestamptz
  )`.execute(db);
  await sql`create index notifications_user_newest on notifications (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index notifications_user_unread on notifications (user_id) where read_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notifications`.execute(db);
}
