// Every agent sign-in (agent, shift, campaign, times), for the dashboard's "logged in now" and the day's record.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agent_sessions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // As signed in: the record keeps its meaning when the agent or campaign is renamed later.
    .addColumn('agent_id', 'text', (c) => c.notNull())
    .addColumn('agent_name', 'text', (c) => c.notNull())
    .addColumn('shift', 'text', (c) => c.notNull().check(sql`shift in ('Morning', 'Evening')`))
    .addColumn('campaign_id', 'integer', (c) => c.references('campaigns.id').onDelete('set null'))
    .addColumn('campaign_name', 'text', (c) => c.notNull())
    .addColumn('signed_in_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The token's expiry: a session never signed out ends then.
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('signed_out_at', 'timestamptz')
    .execute();
  await sql`create index agent_sessions_signed_in_idx on agent_sessions (signed_in_at)`.execute(db);
  await sql`create index agent_sessions_open_idx on agent_sessions (expires_at) where signed_out_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('agent_sessions').execute();
}
