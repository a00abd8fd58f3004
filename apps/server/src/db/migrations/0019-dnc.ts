// Do-not-call lists (docs/guide/dnc.md): one system-wide list and one per campaign, numbers in E.164. A lead upload skips
// listed numbers, generate and regenerate never select them, and the agent's lookup refuses them.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table dnc_numbers (
    id integer generated always as identity primary key,
    -- null: the system-wide list.
    campaign_id integer references campaigns (id) on delete cascade,
    phone_number text not null,
    reason text not null default '',
    added_by_id integer references users (id) on delete restrict,
    added_by text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  // One entry per list and number (the system list's campaign is null: coalesce makes it one key).
  await sql`create unique index dnc_numbers_list_number_key on dnc_numbers (coalesce(campaign_id, 0), phone_number)`.execute(
    db,
  );
  // "Is this number listed?" for a lookup, an upload row or a generate: by number first.
  await sql`create index dnc_numbers_number_idx on dnc_numbers (phone_number, campaign_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table dnc_numbers`.execute(db);
}
