// Disputes per criterion of the record's own scorecard version (issue 36, docs/scorecards.md "Disputes"): each disputed
// criterion keeps its name on that version and the choices (labels) as scored, proposed, answered and decided beside
// their marks. Marks become double precision, as a scorecard's choices may have two decimals. Rows of earlier disputes
// keep null choices: they are on "Standard", whose labels follow from the marks.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dispute_criteria
    add column criterion_name text,
    add column original_choice text,
    add column proposed_choice text,
    add column answered_choice text,
    add column decided_choice text,
    alter column original_mark type double precision,
    alter column proposed_mark type double precision,
    alter column answered_mark type double precision,
    alter column decided_mark type double precision`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dispute_criteria
    drop column criterion_name,
    drop column original_choice,
    drop column proposed_choice,
    drop column answered_choice,
    drop column decided_choice,
    alter column original_mark type integer using round(original_mark),
    alter column proposed_mark type integer using round(proposed_mark),
    alter column answered_mark type integer using round(answered_mark),
    alter column decided_mark type integer using round(decided_mark)`.execute(db);
}
