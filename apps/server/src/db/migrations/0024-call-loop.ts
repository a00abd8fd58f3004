// The agent's call loop (issue 32; docs/call-loop.md): each campaign's dispositions, each call's start (the first
// lookup or the dialer's pop) until its save, every call ended as an attempt, and callbacks.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // No rows: the campaign uses the default set (DEFAULT_DISPOSITIONS); a PUT stores its whole set.
  await sql`create table campaign_dispositions (
    campaign_id integer not null references campaigns (id) on delete cascade,
    position smallint not null,
    code text not null check (code ~ '^[A-Za-z0-9_-]{1,20}$'),
    name text not null check (length(name) between 1 and 60),
    kind text not null check (kind in ('completed', 'callback', 'dnc', 'final', 'retry')),
    vicidial_status text not null check (vicidial_status ~ '^[A-Za-z0-9_]{1,6}$'),
    primary key (campaign_id, code)
  )`.execute(db);
  // Past due by more than this, a callback is missed (listed for admins).
  await sql`alter table campaigns add column callback_grace_minutes integer not null default 120 check (callback_grace_minutes between 0 and 10080)`.execute(db);

  // A call on an agent's screen, from its first lookup (or the dialer's pop) until its save ends it as an attempt.
  await sql`create table call_starts (
    user_id integer not null references users (id) on delete cascade,
    lead_id bigint not null references leads (id) on delete cascade,
    started_at timestamptz not null default now(),
    session_id integer,
    dialer_call_id text,
    primary key (user_id, lead_id)
  )`.execute(db);

  await sql`create table call_attempts (
    id bigint generated always as identity primary key,
    lead_id bigint not null references leads (id) on delete cascade,
    campaign_id integer not null references campaigns (id) on delete cascade,
    user_id integer not null references users (id) on delete restrict,
    agent_id text not null,
    session_id integer references agent_sessions (id) on delete set null,
    started_at timestamptz not null,
    ended_at timestamptz not null default now(),
    handle_seconds integer not null check (handle_seconds >= 0),
    disposition_code text not null,
    disposition_name text not null,
    disposition_kind text not null check (disposition_kind in ('completed', 'callback', 'dnc', 'final', 'retry')),
    vicidial_status text,
    completed boolean not null,
    dialer_call_id text,
    -- What VICIdial answered external_status (null: not the dialer's call, or not yet answered).
    dialer_status text
  )`.execute(db);
  await sql`create index call_attempts_lead_idx on call_attempts (lead_id, id desc)`.execute(db);
  await sql`create index call_attempts_campaign_idx on call_attempts (campaign_id, ended_at)`.execute(db);
  await sql`create index call_attempts_user_idx on call_attempts (user_id, ended_at)`.execute(db);

  await sql`create table callbacks (
    id bigint generated always as identity primary key,
    lead_id bigint not null references leads (id) on delete cascade,
    campaign_id integer not null references campaigns (id) on delete cascade,
    user_id integer not null references users (id) on delete restrict,
    agent_id text not null,
    attempt_id bigint references call_attempts (id) on delete set null,
    due_at timestamptz not null,
    mine_only boolean not null,
    note text not null default '' check (length(note) <= 500),
    -- open until the lead's next save (done) or a delete (cancelled).
    state text not null default 'open' check (state in ('open', 'done', 'cancelled')),
    -- Why a due callback is not offered (do-not-call, full quota), set when it was checked at its time.
    blocked_reason text,
    checked_at timestamptz,
    created_at timestamptz not null default now(),
    closed_at timestamptz
  )`.execute(db);
  await sql`create index callbacks_open_campaign_idx on callbacks (campaign_id, due_at) where state = 'open'`.execute(db);
  await sql`create index callbacks_open_user_idx on callbacks (user_id, due_at) where state = 'open'`.execute(db);
  await sql`create index callbacks_lead_idx on callbacks (lead_id) where state = 'open'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table callbacks`.execute(db);
  await sql`drop table call_attempts`.execute(db);
  await sql`drop table call_starts`.execute(db);
  await sql`alter table campaigns drop column callback_grace_minutes`.execute(db);
  await sql`drop table campaign_dispositions`.execute(db);
}
