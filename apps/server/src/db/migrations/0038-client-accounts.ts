// Client accounts (issue 38, docs/guide/clients.md): a read-only account of the BPO's client, the campaigns it may see,
// and whether it may play their recordings.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop constraint users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (role in ('admin', 'qc', 'agent', 'client'))`.execute(
    db,
  );
  // Recordings stay hidden from a client unless the admin allows them for that account.
  await sql`alter table users add column client_recordings boolean not null default false`.execute(db);
  await sql`create table client_campaigns (
    user_id integer not null references users (id) on delete cascade,
    campaign_id integer not null references campaigns (id) on delete cascade,
    primary key (user_id, campaign_id)
  )`.execute(db);
  await sql`create index client_campaigns_campaign_idx on client_campaigns (campaign_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table client_campaigns`.execute(db);
  await sql`delete from users where role = 'client'`.execute(db);
  await sql`alter table users drop column client_recordings`.execute(db);
  await sql`alter table users drop constraint users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (role in ('admin', 'qc', 'agent'))`.execute(db);
}
