// The agent's call loop (issue 32; docs/guide/call-loop.md): each campaign's dispositions, each call's start (the first
// lookup or the dialer's pop) until its save, every call ended as an attempt, and callbacks.
import { sql, type Kysely } from 'kysely';
import * as leadCounts from './0012-lead-counts.ts';

/** lead_counts' slots (migration 0012): fixed for good. */
const SLOTS = 8;

/**
 * The lead counters' figures of each lead of `source` (migration 0012), with `attempted`: a lead called at least once.
 * A save that ends a call writes the lead's call attempt and sets its called_at in one statement (modules/crm/
 * save.ts), and nothing else sets called_at, so "called_at is set" is "has an attempt": the dashboard's Called is read
 * from the counters, never by counting call_attempts.
 */
function figuresOf(source: 'new_leads' | 'old_leads', sign: '+' | '-'): string {
  return `
    select campaign_id, data_date, coalesce(target_selector, '') as target_selector, (id % ${SLOTS})::smallint as slot,
           ${sign}1 as total,
           ${sign}(generate_status = 0)::int as fresh,
           ${sign}(for_d = 'd')::int as generated,
           ${sign}(generate_status > 0 and is_called = 0)::int as uncalled,
           ${sign}(is_called = 1)::int as called,
           ${sign}(called_at is not null)::int as attempted
      from ${source}`;
}

/** Migration 0012's trigger function, replaced with `attempted` among the figures it moves. */
async function replaceTriggerFunction(db: Kysely<unknown>, name: string, deltas: string): Promise<void> {
  // SQL text of our own making only (no value from outside), dollar-quoted.
  await sql
    .raw(
      `
    create or replace function ${name}() returns trigger language plpgsql as $body$
    declare
      emptied int[];
    begin
      with delta as (
        select campaign_id, data_date, target_selector, slot,
               sum(total) as total, sum(fresh) as fresh, sum(generated) as generated, sum(uncalled) as uncalled, sum(called) as called,
               sum(attempted) as attempted
          from (${deltas}) d
         group by campaign_id, data_date, target_selector, slot
        having sum(total) <> 0 or sum(fresh) <> 0 or sum(generated) <> 0 or sum(uncalled) <> 0 or sum(called) <> 0 or sum(attempted) <> 0
      ),
      applied as (
        insert into lead_counts as c (campaign_id, data_date, target_selector, slot, total, fresh, generated, uncalled, called, attempted)
        select campaign_id, data_date, target_selector, slot, total, fresh, generated, uncalled, called, attempted
          from delta
         order by campaign_id, data_date, target_selector, slot
        on conflict (campaign_id, data_date, target_selector, slot) do update
           set total = c.total + excluded.total,
               fresh = c.fresh + excluded.fresh,
               generated = c.generated + excluded.generated,
               uncalled = c.uncalled + excluded.uncalled,
               called = c.called + excluded.called,
               attempted = c.attempted + excluded.attempted
        returning c.campaign_id, c.total
      )
      select array_agg(distinct campaign_id) into emptied from applied where total = 0;
      if emptied is not null then
        delete from lead_counts where campaign_id = any(emptied) and total = 0;
      end if;
      return null;
    end
    $body$`,
    )
    .execute(db);
}

/**
 * lead_counts.attempted (leads called at least once) and the triggers that keep it; exported so the counters' test can
 * rebuild them after migration 0012's down and up.
 */
export async function addAttemptedCounter(db: Kysely<unknown>): Promise<void> {
  // No lead changes between the count below and the new triggers (held until the migration commits).
  await sql`lock table leads in share mode`.execute(db);
  await sql`alter table lead_counts add column attempted integer not null default 0`.execute(db);
  await replaceTriggerFunction(db, 'lead_counts_after_insert', figuresOf('new_leads', '+'));
  await replaceTriggerFunction(
    db,
    'lead_counts_after_update',
    `${figuresOf('new_leads', '+')} union all ${figuresOf('old_leads', '-')}`,
  );
  await replaceTriggerFunction(db, 'lead_counts_after_delete', figuresOf('old_leads', '-'));
  await sql`
    update lead_counts c set attempted = a.n
      from (select campaign_id, data_date, coalesce(target_selector, '') as target_selector, (id % ${sql.lit(SLOTS)})::smallint as slot, count(*)::int as n
              from leads where called_at is not null group by 1, 2, 3, 4) a
     where c.campaign_id = a.campaign_id and c.data_date = a.data_date and c.target_selector = a.target_selector and c.slot = a.slot`.execute(
    db,
  );
}

/** Migration 0012's counters as they were: rebuilt by its own down and up (from the leads, as on its first run). */
async function dropAttemptedCounter(db: Kysely<unknown>): Promise<void> {
  await leadCounts.down(db);
  await leadCounts.up(db);
}

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
  await sql`alter table campaigns add column callback_grace_minutes integer not null default 120 check (callback_grace_minutes between 0 and 10080)`.execute(
    db,
  );

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
  await sql`create index callbacks_open_campaign_idx on callbacks (campaign_id, due_at) where state = 'open'`.execute(
    db,
  );
  await sql`create index callbacks_open_user_idx on callbacks (user_id, due_at) where state = 'open'`.execute(db);
  await sql`create index callbacks_lead_idx on callbacks (lead_id) where state = 'open'`.execute(db);

  await addAttemptedCounter(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropAttemptedCounter(db);
  await sql`drop table callbacks`.execute(db);
  await sql`drop table call_attempts`.execute(db);
  await sql`drop table call_starts`.execute(db);
  await sql`alter table campaigns drop column callback_grace_minutes`.execute(db);
  await sql`drop table campaign_dispositions`.execute(db);
}
