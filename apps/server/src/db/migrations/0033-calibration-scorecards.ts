// Calibration on any scorecard (issue 36, docs/scorecards.md "Calibration"): each call keeps the scorecard version it
// is scored on (the campaign's in-house version when the session was created; "Standard" for older sessions), and
// scorings and expert marks keep their marks on that version ({key: {choice, marks|null, comment}}). The spec's 14
// marks (`scores`, `expert`) stay for calls on "Standard"; totals of other scorecards have decimals.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table calibration_calls
    add column scorecard_id integer not null default 1 references scorecards (id) on delete restrict,
    add column expert_marks jsonb`.execute(db);
  await sql`alter table calibration_scorings
    alter column scores drop not null,
    alter column total type double precision,
    add column marks jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table calibration_scorings drop column marks, alter column total type integer using round(total)::integer`.execute(
    db,
  );
  await sql`delete from calibration_scorings where scores is null`.execute(db);
  await sql`alter table calibration_scorings alter column scores set not null`.execute(db);
  await sql`alter table calibration_calls drop column expert_marks, drop column scorecard_id`.execute(db);
}
