// Survey questions (qno per campaign, never reused) and their branching rules.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The next question number of each campaign: it only grows, so a deleted Q3 is never handed out again.
  await db.schema
    .alterTable('campaigns')
    .addColumn('next_qno', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('questions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id').onDelete('restrict'))
    .addColumn('qno', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`type in ('Select Option', 'Multi Select Option', 'Plain Text', 'Text Input', 'Number', 'Email', 'Textarea')`,
        ),
    )
    .addColumn('options', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('optional_value', 'text', (c) =>
      c.check(sql`optional_value in ('Respondent', 'Territory', 'Agent', 'Brand', 'Data Date')`),
    )
    .addColumn('instruction', 'text')
    .addColumn('status', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index questions_campaign_qno_key on questions (campaign_id, qno)`.execute(db);

  await db.schema
    .createTable('logic_rules')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id').onDelete('restrict'))
    // Null for Text Input / Textarea rules, which match the question whatever the answer.
    .addColumn('option_title', 'text')
    // A rule that jumps to a deleted question goes with it.
    .addColumn('question_no_to_show', 'integer', (c) => c.references('questions.id').onDelete('cascade'))
    .addColumn('is_completed_call', 'smallint', (c) => c.check(sql`is_completed_call in (0, 1)`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index logic_rules_question_idx on logic_rules (question_id)`.execute(db);
  await sql`create index logic_rules_campaign_idx on logic_rules (campaign_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('logic_rules').execute();
  await db.schema.dropTable('questions').execute();
  await db.schema.alterTable('campaigns').dropColumn('next_qno').execute();
}
