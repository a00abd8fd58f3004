// Lead counters (docs/architecture.md §3): the figures the dashboard, the campaign list and the lead pages show, per
// campaign, data date, target selector and slot, kept by statement-level triggers in the transaction of every change
// to leads, so no screen counts the leads table.
//
// Each trigger reads the statement's transition tables (the rows it inserted, the rows before and after an update,
// the rows it deleted) and adds one aggregated delta per key in one upsert: a 1M-row COPY, a generate or the delete
// of a date is one statement on a few dozen counter rows, an agent's save one row. Every way of writing leads (the
// upload's COPY, generate, regenerate, delete, the agent's save, the demo, tests writing rows by hand) keeps the
// counters without knowing of them.
//
// A lead counts in slot id % 8: the agents' saves of one date spread over eight rows rather than queueing on one,
// and readers sum the slots. Since a lead never changes slot, every counter row is the exact count of its leads;
// a row that falls to total 0 (its leads deleted) is removed, so only keys with leads have rows.
import { sql, type Kysely } from 'kysely';

/** Rows per key. Fixed here for good: changing it means a new migration that rebuilds the table. */
const SLOTS = 8;

/**
 * The figures of each lead row of `source` (a transition table), signed: +1 for new rows, -1 for old ones.
 * total; fresh (generate_status = 0, the lead browser's "fresh"); generated (for_d = 'd', the dashboard's
 * "generated"); uncalled (generate_status > 0 and is_called = 0, the lead browser's "generated"); called (is_called = 1).
 */
function figuresOf(source: 'new_leads' | 'old_leads', sign: '+' | '-'): string {
  return `
    select campaign_id, data_date, coalesce(target_selector, '') as target_selector, (id % ${SLOTS})::smallint as slot,
           ${sign}1 as total,
           ${sign}(generate_status = 0)::int as fresh,
           ${sign}(for_d = 'd')::int as generated,
           ${sign}(generate_status > 0 and is_called = 0)::int as uncalled,
           ${sign}(is_called = 1)::int as called
      from ${source}`;
}

/**
 * A trigger function: sum the deltas per key, leave out keys whose figures did not move (a save that changes answers
 * only touches no counter), upsert in key order (two statements never lock counter rows in opposite orders), then
 * remove the rows that fell to zero.
 */
async function createTriggerFunction(db: Kysely<unknown>, name: string, deltas: string): Promise<void> {
  // SQL text of our own making only (no value from outside), dollar-quoted.
  await sql
    .raw(
      `
    create function ${name}() returns trigger language plpgsql as $body$
    declare
      emptied int[];
    begin
      with delta as (
        select campaign_id, data_date, target_selector, slot,
               sum(total) as total, sum(fresh) as fresh, sum(generated) as generated, sum(uncalled) as uncalled, sum(called) as called
          from (${deltas}) d
         group by campaign_id, data_date, target_selector, slot
        having sum(total) <> 0 or sum(fresh) <> 0 or sum(generated) <> 0 or sum(uncalled) <> 0 or sum(called) <> 0
      ),
      applied as (
        insert into lead_counts as c (campaign_id, data_date, target_selector, slot, total, fresh, generated, uncalled, called)
        select campaign_id, data_date, target_selector, slot, total, fresh, generated, uncalled, called
          from delta
         order by campaign_id, data_date, target_selector, slot
        on conflict (campaign_id, data_date, target_selector, slot) do update
           set total = c.total + excluded.total,
               fresh = c.fresh + excluded.fresh,
               generated = c.generated + excluded.generated,
               uncalled = c.uncalled + excluded.uncalled,
               called = c.called + excluded.called
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

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table lead_counts (
      campaign_id integer not null references campaigns (id) on delete cascade,
      data_date date not null,
      target_selector text not null default '',
      slot smallint not null,
      total integer not null default 0,
      fresh integer not null default 0,
      generated integer not null default 0,
      uncalled integer not null default 0,
      called integer not null default 0,
      primary key (campaign_id, data_date, target_selector, slot)
    ) with (fillfactor = 50)`.execute(db);

  await createTriggerFunction(db, 'lead_counts_after_insert', figuresOf('new_leads', '+'));
  await createTriggerFunction(
    db,
    'lead_counts_after_update',
    `${figuresOf('new_leads', '+')} union all ${figuresOf('old_leads', '-')}`,
  );
  await createTriggerFunction(db, 'lead_counts_after_delete', figuresOf('old_leads', '-'));
  await sql`create function lead_counts_after_truncate() returns trigger language plpgsql as $$
    begin
      delete from lead_counts;
      return null;
    end $$`.execute(db);

  // Creating the triggers locks leads against writes until this migration commits, so the backfill below sees
  // every lead and no change slips between it and the triggers.
  await sql`create trigger lead_counts_insert after insert on leads referencing new table as new_leads
    for each statement execute function lead_counts_after_insert()`.execute(db);
  await sql`create trigger lead_counts_update after update on leads referencing old table as old_leads new table as new_leads
    for each statement execute function lead_counts_after_update()`.execute(db);
  await sql`create trigger lead_counts_delete after delete on leads referencing old table as old_leads
    for each statement execute function lead_counts_after_delete()`.execute(db);
  await sql`create trigger lead_counts_truncate after truncate on leads
    for each statement execute function lead_counts_after_truncate()`.execute(db);

  await sql`
    insert into lead_counts (campaign_id, data_date, target_selector, slot, total, fresh, generated, uncalled, called)
    select campaign_id, data_date, coalesce(target_selector, ''), (id % ${sql.lit(SLOTS)})::smallint,
           count(*),
           count(*) filter (where generate_status = 0),
           count(*) filter (where for_d = 'd'),
           count(*) filter (where generate_status > 0 and is_called = 0),
           count(*) filter (where is_called = 1)
      from leads
     group by 1, 2, 3, 4`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger lead_counts_truncate on leads`.execute(db);
  await sql`drop trigger lead_counts_delete on leads`.execute(db);
  await sql`drop trigger lead_counts_update on leads`.execute(db);
  await sql`drop trigger lead_counts_insert on leads`.execute(db);
  await sql`drop function lead_counts_after_truncate()`.execute(db);
  await sql`drop function lead_counts_after_delete()`.execute(db);
  await sql`drop function lead_counts_after_update()`.execute(db);
  await sql`drop function lead_counts_after_insert()`.execute(db);
  await sql`drop table lead_counts`.execute(db);
}
