// The screen pop (issue 32; docs/guide/call-loop.md, Screen pop): the agent's VICIdial user when it is not their agent ID.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // null: the agent's VICIdial user is their agent ID. The pattern is VICIDIAL_USER_PATTERN (packages/shared, agents.ts).
  await sql`alter table agents add column vicidial_user text check (vicidial_user ~ '^[A-Za-z0-9_.@-]{2,20}$')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table agents drop column vicidial_user`.execute(db);
}
