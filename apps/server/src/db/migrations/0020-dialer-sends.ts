// Sends to VICIdial (docs/guide/dialer.md): each campaign's add_lead settings, each send of a date's generated leads,
// and each lead's outcome. A lead is in one send at most (the unique lead_id), so no lead is ever sent twice.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table campaign_dialer_settings (
    campaign_id integer primary key references campaigns (id) on delete cascade,
    list_id text not null check (list_id ~ '^[0-9]{3,12}$'),
    duplicate_check text not null default 'NONE' check (duplicate_check in ('NONE', 'DUPLIST', 'DUPCAMP', 'DUPSYS')),
    dnc_check boolean not null default false,
    campaign_dnc_check boolean not null default false,
    vicidial_campaign_id text,
    -- Leads a second; 0: as fast as the dialer answers.
    rate integer not null default 20 check (rate between 0 and 1000),
    updated_by text not null,
    updated_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table dialer_sends (
    id integer generated always as identity primary key,
    campaign_id integer not null references campaigns (id) on delete cascade,
    data_date date not null,
    state text not null default 'running' check (state in ('running', 'cancelled', 'stopped', 'finished')),
    -- The settings the send uses (taken at the start, taken again by a resume).
    list_id text not null,
    duplicate_check text not null,
    dnc_check boolean not null,
    campaign_dnc_check boolean not null,
    vicidial_campaign_id text,
    rate integer not null,
    total integer not null,
    added integer not null default 0,
    duplicate integer not null default 0,
    dnc integer not null default 0,
    refused integer not null default 0,
    failed integer not null default 0,
    message text,
    started_by text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    finished_at timestamptz
  )`.execute(db);
  // One running send per campaign: a second start is refused, never run beside the first.
  await sql`create unique index dialer_sends_one_running on dialer_sends (campaign_id) where state = 'running'`.execute(
    db,
  );
  await sql`create index dialer_sends_campaign_date_idx on dialer_sends (campaign_id, data_date, id desc)`.execute(db);

  // No foreign key to leads: a deleted lead's outcome stays in its send's report.
  await sql`create table dialer_send_leads (
    send_id integer not null references dialer_sends (id) on delete cascade,
    lead_id bigint not null,
    phone_number text not null,
    -- pending: not tried; sending: handed to the dialer, outcome not yet known (checked before any new try).
    outcome text not null default 'pending' check (outcome in ('pending', 'sending', 'added', 'duplicate', 'dnc', 'refused', 'failed')),
    message text not null default '',
    attempts smallint not null default 0,
    vicidial_lead_id bigint,
    sent_at timestamptz,
    primary key (send_id, lead_id)
  )`.execute(db);
  await sql`create unique index dialer_send_leads_lead_key on dialer_send_leads (lead_id)`.execute(db);
  // The leads still to send, in order, without reading the finished ones.
  await sql`create index dialer_send_leads_todo_idx on dialer_send_leads (send_id, lead_id) where outcome in ('pending', 'sending')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table dialer_send_leads`.execute(db);
  await sql`drop table dialer_sends`.execute(db);
  await sql`drop table campaign_dialer_settings`.execute(db);
}
