// The agent's call in progress: the answers so far of a lead, kept as a draft per caller and lead, so a reload, a
// crashed browser or a return to /CRM resumes the call where it was. A saved call (or Partial Call) deletes it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per caller and lead, written by one upsert at each answer: small, and never read by anyone else.
  // A draft is nobody's history: deleting the user, the lead or the campaign deletes it.
  await sql`create table call_drafts (
    user_id integer not null references users (id) on delete cascade,
    lead_id bigint not null references leads (id) on delete cascade,
    campaign_id integer not null references campaigns (id) on delete cascade,
    path text[] not null check (cardinality(path) between 1 and 500),
    current_qno text not null,
    answers jsonb not null default '{}'::jsonb,
    lead_version integer,
    updated_at timestamptz not null default now(),
    primary key (user_id, lead_id)
  )`.execute(db);
  // Deleting a day's leads looks their drafts up by lead.
  await sql`create index call_drafts_lead_idx on call_drafts (lead_id)`.execute(db);
  // The CRM's idle screen: the caller's saves of today (partial calls to resume, the last calls saved).
  await sql`create index lead_answer_history_user_idx on lead_answer_history (user_id, saved_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index lead_answer_history_user_idx`.execute(db);
  await sql`drop table call_drafts`.execute(db);
}
