// The dialer kept in step (issue 32; docs/guide/call-loop.md "The dialer kept in step"): each campaign's VICIdial status for
// leads of a full quota, and every request that keeps VICIdial in step with the CRM (a number on a do-not-call list,
// a sent lead pulled for do-not-call or a full quota, a callback) with its outcome. A row is written in the same
// transaction as what caused it, so no restart loses one.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The status a full quota's sent, not yet called leads get in VICIdial (update_lead status: 1 to 6 letters or digits).
  await sql`alter table campaign_dialer_settings add column quota_status text not null default 'QUOTA' check (quota_status ~ '^[A-Z0-9]{1,6}$')`.execute(
    db,
  );

  // No foreign key to leads (a deleted lead's outcome stays, like the sends' rows); the triggers' rows may go too.
  await sql`create table dialer_sync_items (
    id bigint generated always as identity primary key,
    -- dnc_number: add_dnc_phone; lead_dnc / lead_quota: update_lead status; lead_callback: update_lead callback=Y.
    -- quota_full: a quota that filled in a save, turned by the worker into its leads' lead_quota rows (so the save
    -- itself writes one row, however many leads the quota holds).
    action text not null check (action in ('dnc_number', 'lead_dnc', 'lead_quota', 'lead_callback', 'quota_full')),
    -- What caused it: a do-not-call entry, a quota that filled, a callback.
    dnc_id integer references dnc_numbers (id) on delete set null,
    quota_id integer references quotas (id) on delete set null,
    callback_id bigint references callbacks (id) on delete set null,
    -- The list's campaign (null: the system list) or the lead's campaign.
    campaign_id integer references campaigns (id) on delete cascade,
    phone_number text not null default '',
    lead_id bigint,
    send_id integer references dialer_sends (id) on delete cascade,
    -- The request's own parameters (no user, no password), fixed when the row is written.
    params jsonb not null,
    -- waiting: not answered yet (tried again after next_at); done: VICIdial did it; refused: VICIdial answered ERROR.
    state text not null default 'waiting' check (state in ('waiting', 'done', 'refused')),
    -- VICIdial's reply (done, refused), or why the last try got none (waiting).
    message text not null default '',
    attempts integer not null default 0,
    next_at timestamptz not null default now(),
    -- When a worker took it; a claim older than a request's longest time is free again (its process died).
    claimed_at timestamptz,
    created_at timestamptz not null default now(),
    done_at timestamptz
  )`.execute(db);
  // The worker's next items: the waiting ones by due time, without reading the finished ones.
  await sql`create index dialer_sync_items_due_idx on dialer_sync_items (next_at, id) where state = 'waiting'`.execute(
    db,
  );
  await sql`create index dialer_sync_items_send_idx on dialer_sync_items (send_id, action, state) where send_id is not null`.execute(
    db,
  );
  await sql`create index dialer_sync_items_dnc_idx on dialer_sync_items (action, state) where action in ('dnc_number', 'lead_dnc')`.execute(
    db,
  );
  await sql`create index dialer_sync_items_lead_idx on dialer_sync_items (lead_id, action) where lead_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table dialer_sync_items`.execute(db);
  await sql`alter table campaign_dialer_settings drop column quota_status`.execute(db);
}
