// Quality control: QC records (in-house and client scorings of a call, one table), the recordings linked to them,
// and the agents' reviews of their records.
import { sql, type Kysely } from 'kysely';

const SCORE_COLUMNS = [
  'greetings',
  'liveliness',
  'pronunciation',
  'mumbling',
  'pace',
  'pitch',
  'courtesy',
  'hold_process',
  'taking_permission',
  'acknowledgement_and_follow_up',
  'poor_objection_and_negotiation_skill',
  'crm',
  'closing',
  'fatal',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  let qc = db.schema
    .createTable('qc_reports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('in-house', 'client')`))
    .addColumn('call_date', 'date', (c) => c.notNull())
    // The agent scored, by user id; its agentId and name as they were when scored, so the record keeps its
    // meaning when the agent is renamed or deleted.
    .addColumn('agent_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('agent_id', 'text', (c) => c.notNull())
    .addColumn('agent_name', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'integer', (c) => c.references('campaigns.id').onDelete('set null'))
    .addColumn('campaign_name', 'text', (c) => c.notNull())
    .addColumn('consumer_number', 'text', (c) => c.notNull())
    .addColumn('duration', 'integer')
    .addColumn('qc_inspector_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('qc_inspector', 'text', (c) => c.notNull());
  for (const column of SCORE_COLUMNS) qc = qc.addColumn(column, 'integer', (c) => c.notNull());
  await qc
    .addColumn('fatal_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('eas_voice_matched_with_report', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('suggestion', 'text', (c) => c.notNull().defaultTo(''))
    // Computed by the server from the scores, never taken from a request.
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('agent_grade', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index qc_reports_date_idx on qc_reports (kind, call_date)`.execute(db);
  await sql`create index qc_reports_inspector_idx on qc_reports (qc_inspector_id, kind, id)`.execute(db);
  await sql`create index qc_reports_agent_idx on qc_reports (agent_user_id, kind, call_date)`.execute(db);

  await db.schema
    .createTable('qc_report_files')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('qc_report_id', 'integer', (c) => c.notNull().references('qc_reports.id').onDelete('cascade'))
    // A file of the record's call-date folder: the audio is {call_date}/{file_name}.
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('qc_report_files_unique', ['qc_report_id', 'file_name'])
    .execute();

  await db.schema
    .createTable('agent_reviews')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // One review per record; it goes with its record.
    .addColumn('qc_id', 'integer', (c) => c.notNull().unique().references('qc_reports.id').onDelete('cascade'))
    .addColumn('agent_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('agreed', 'text', (c) => c.check(sql`agreed in ('Yes', 'No')`))
    .addColumn('raise_concern', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_resolved', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('resolved_message', 'text')
    .addColumn('resolved_by', 'text')
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index agent_reviews_open_idx on agent_reviews (qc_id) where not is_resolved`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('agent_reviews').execute();
  await db.schema.dropTable('qc_report_files').execute();
  await db.schema.dropTable('qc_reports').execute();
}
