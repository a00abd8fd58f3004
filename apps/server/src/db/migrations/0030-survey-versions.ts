// The survey's version (issue 35; docs/guide/crm.md "The campaign's survey"): a number that changes whenever a question,
// a logic rule or a "show only if" condition of the campaign changes, whichever server or statement changes it. The
// agent's lookup reads it with the lead and sends it; the server keeps each campaign's survey per version in memory
// and the screen fetches the survey again only when the number it holds differs. Taken from one sequence, so a version
// is never reused, not even by a campaign deleted and made again under the same name.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence survey_versions as integer`.execute(db);
  await sql`alter table campaigns add column survey_version integer not null default nextval('survey_versions')`.execute(
    db,
  );
  // A row trigger: survey edits are few and small; the campaign's row is updated in the same transaction as the edit.
  await sql`create function bump_survey_version() returns trigger language plpgsql as $$
    declare
      changed integer;
    begin
      if TG_TABLE_NAME = 'question_conditions' and TG_OP = 'DELETE' then
        select q.campaign_id into changed from questions q where q.id = OLD.question_id;
      elsif TG_TABLE_NAME = 'question_conditions' then
        select q.campaign_id into changed from questions q where q.id = NEW.question_id;
      elsif TG_OP = 'DELETE' then
        changed := OLD.campaign_id;
      else
        changed := NEW.campaign_id;
      end if;
      update campaigns set survey_version = nextval('survey_versions') where id = changed;
      -- A row moved to another campaign changes both (nested: PL/pgSQL evaluates every operand of an "and").
      if TG_OP = 'UPDATE' and TG_TABLE_NAME <> 'question_conditions' then
        if OLD.campaign_id is distinct from NEW.campaign_id then
          update campaigns set survey_version = nextval('survey_versions') where id = OLD.campaign_id;
        end if;
      end if;
      return null;
    end $$`.execute(db);
  for (const table of ['questions', 'logic_rules', 'question_conditions'])
    await sql`create trigger ${sql.raw(`${table}_survey_version`)} after insert or update or delete on ${sql.table(table)}
              for each row execute function bump_survey_version()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['questions', 'logic_rules', 'question_conditions'])
    await sql`drop trigger ${sql.raw(`${table}_survey_version`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function bump_survey_version()`.execute(db);
  await sql`alter table campaigns drop column survey_version`.execute(db);
  await sql`drop sequence survey_versions`.execute(db);
}
