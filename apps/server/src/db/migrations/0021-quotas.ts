// Quotas (docs/guide/quotas.md): per campaign, a limit on the completed calls of leads with a lead field's value or with
// an answer to a question, and the live count of those calls. The count is raised by the survey save that completes
// a call, in its transaction, only while it is below the limit (modules/quotas/counting.ts).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table quotas (
    id integer generated always as identity primary key,
    campaign_id integer not null references campaigns (id) on delete cascade,
    -- Exactly one of: a lead field (a default lead column's key or a column of the campaign's data table) ...
    field text,
    -- ... or a question. Cascade: a quota on a deleted question has nothing left to count (docs/guide/quotas.md).
    question_id integer references questions (id) on delete cascade,
    value text not null check (length(value) between 1 and 500),
    "limit" integer not null check ("limit" > 0),
    count integer not null default 0 check (count >= 0),
    created_by text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check ((field is null) <> (question_id is null))
  )`.execute(db);
  await sql`create unique index quotas_field_value_key on quotas (campaign_id, field, value) where field is not null`.execute(
    db,
  );
  await sql`create unique index quotas_question_value_key on quotas (campaign_id, question_id, value) where question_id is not null`.execute(
    db,
  );
  // The agent's lookup and generate ask only "which field quotas of this campaign are full?": a probe of this small
  // index, empty for a campaign with none.
  await sql`create index quotas_full_field_idx on quotas (campaign_id) where field is not null and count >= "limit"`.execute(
    db,
  );
  await sql`create index quotas_question_idx on quotas (question_id) where question_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table quotas`.execute(db);
}
