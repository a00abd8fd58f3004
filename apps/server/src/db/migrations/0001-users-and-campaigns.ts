// Users (admin, QC inspectors, agents) and campaigns: what sign-in needs.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'qc', 'agent')`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Usernames are unique whatever their case: "Admin" and "admin" are one account.
  await sql`create unique index users_username_key on users (lower(username))`.execute(db);

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('campaign_name', 'text', (c) => c.notNull())
    .addColumn('campaign_type', 'text', (c) => c.notNull().check(sql`campaign_type in ('Inbound', 'Outbound')`))
    .addColumn('call_target', 'integer')
    .addColumn('status', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index campaigns_campaign_name_key on campaigns (lower(campaign_name))`.execute(db);
  await sql`create unique index campaigns_campaign_id_key on campaigns (lower(campaign_id))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('campaigns').execute();
  await db.schema.dropTable('users').execute();
}
