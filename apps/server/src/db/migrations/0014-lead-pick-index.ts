// Generate and regenerate pick a few fresh leads per group (br_id × target selector) of a date, valid ones first,
// then upload order. They ranked every fresh lead of the date to do it (a sort of the whole date, on disk when the
// date is large); this index holds the leads of a date in exactly that order within each group, so each group's
// first N are read straight from it (leads already generated are skipped on the way) and the groups are found by
// skipping from one to the next. It replaces leads_generate_idx (campaign_id, data_date, target_selector, br_id),
// whose uses it covers. No column a generate changes is in it, so marking a lead generated stays a HOT update
// (leads has fillfactor 50 for that, docs/architecture.md §12): generate_status in the index would make every
// generated lead a new entry in every index, several times slower for a large generate.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index leads_pick_idx on leads (
    campaign_id, data_date, (coalesce(target_selector, '')), (coalesce(br_id, '')),
    ((lower(trim(coalesce(data_status, ''))) = 'valid')) desc, id
  )`.execute(db);
  await sql`drop index leads_generate_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index leads_generate_idx on leads (campaign_id, data_date, target_selector, br_id)`.execute(db);
  await sql`drop index leads_pick_idx`.execute(db);
}
