// Agent profiles, data tables (one per campaign, its own columns) and the one leads table of all campaigns.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // An agent is a user (username = agentId, name, password, active = status) plus this profile.
  await db.schema
    .createTable('agents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('Physical', 'Virtual')`))
    .addColumn('cell_number', 'text')
    .addColumn('joining_date', 'date')
    .addColumn('bank_ac_number', 'text')
    .addColumn('nagad_ac_number', 'text')
    .addColumn('bkash_ac_number', 'text')
    .addColumn('email', 'text')
    .addColumn('father_name', 'text')
    .addColumn('mother_name', 'text')
    .addColumn('dob', 'date')
    .addColumn('sex', 'text')
    .addColumn('blood_group', 'text')
    .addColumn('present_address', 'text')
    .addColumn('permanent_address', 'text')
    .addColumn('home_district', 'text')
    .addColumn('emergency_contact_number', 'text')
    .addColumn('emergency_contact_person', 'text')
    .addColumn('religion', 'text')
    .addColumn('marital_status', 'text')
    .addColumn('highest_education', 'text')
    .addColumn('institute', 'text')
    .addColumn('previous_company', 'text')
    .addColumn('photo', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('data_tables')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().unique().references('campaigns.id').onDelete('restrict'))
    .addColumn('name', 'text', (c) => c.notNull())
    // The campaign's own lead columns, in order; values live in leads.fields.
    .addColumn('columns', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('leads')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id').onDelete('restrict'))
    .addColumn('did', 'text')
    .addColumn('data_status', 'text')
    .addColumn('br_id', 'text')
    .addColumn('region', 'text')
    .addColumn('territory', 'text')
    .addColumn('area', 'text')
    .addColumn('respondent_name', 'text')
    .addColumn('cell_number', 'text', (c) => c.notNull())
    .addColumn('data_date', 'date', (c) => c.notNull())
    .addColumn('brand', 'text')
    .addColumn('target_selector', 'text')
    .addColumn('for_d', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('generate_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_called', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`is_called in (0, 1)`),
    )
    .addColumn('called_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('called_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('fields', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  // One lead per campaign, data date and number: duplicates in uploads are skipped against this.
  await sql`create unique index leads_campaign_date_cell_key on leads (campaign_id, data_date, cell_number)`.execute(
    db,
  );
  await sql`create index leads_campaign_cell_idx on leads (campaign_id, cell_number)`.execute(db);
  await sql`create index leads_generate_idx on leads (campaign_id, data_date, target_selector, br_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('leads').execute();
  await db.schema.dropTable('data_tables').execute();
  await db.schema.dropTable('agents').execute();
}
