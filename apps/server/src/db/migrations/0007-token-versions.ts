// Every user's token version: sign-out, a new password, disabling and a role change raise it, ending every token
// made before, for every role at once; re-enabling an account raises nothing, so no old token comes back.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column token_version integer not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column token_version`.execute(db);
}
