// "Show only if" conditions of survey questions (issue 22; domain/survey-conditions.ts): one per question at most, as
// JSON (comparisons over earlier answers and lead fields). Deleting a question deletes its own condition; a question
// another condition uses is refused deletion by the application (the reference is inside the JSON).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table question_conditions (
    question_id integer primary key references questions (id) on delete cascade,
    show_if jsonb not null,
    updated_by text not null,
    updated_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table question_conditions`.execute(db);
}
