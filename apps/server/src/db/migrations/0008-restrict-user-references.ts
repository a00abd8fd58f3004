// History keeps its people: every foreign key to users (except the agent profile's own) becomes ON DELETE RESTRICT.
import { sql, type Kysely } from 'kysely';

type Reference = { table: string; column: string; constraint: string; before: 'cascade' | 'set null' };

/**
 * Sign-in records, called leads, QC records (of the agent scored and of the inspector), agent reviews and lead
 * uploads. Deleting a user they name used to erase them (cascade) or blank the name (set null); now it fails, and
 * the agents' delete answers 409 (modules/agents/history.ts). agents.user_id stays CASCADE: the profile is the user's.
 */
const REFERENCES: readonly Reference[] = [
  { table: 'agent_sessions', column: 'user_id', constraint: 'agent_sessions_user_id_fkey', before: 'cascade' },
  { table: 'leads', column: 'called_by', constraint: 'leads_called_by_fkey', before: 'set null' },
  { table: 'lead_imports', column: 'user_id', constraint: 'lead_imports_user_id_fkey', before: 'set null' },
  { table: 'qc_reports', column: 'agent_user_id', constraint: 'qc_reports_agent_user_id_fkey', before: 'set null' },
  { table: 'qc_reports', column: 'qc_inspector_id', constraint: 'qc_reports_qc_inspector_id_fkey', before: 'set null' },
  {
    table: 'agent_reviews',
    column: 'agent_user_id',
    constraint: 'agent_reviews_agent_user_id_fkey',
    before: 'set null',
  },
];

/**
 * Drops and re-adds the key in one ALTER (PostgreSQL cannot change ON DELETE in place), NOT VALID so adding it scans
 * nothing, then validates it: one read of the referencing rows, which the old key already guaranteed.
 */
async function replaceForeignKey(
  db: Kysely<unknown>,
  { table, column, constraint }: Reference,
  onDelete: string,
): Promise<void> {
  const t = sql.table(table);
  const c = sql.id(constraint);
  await sql`alter table ${t} drop constraint ${c},
    add constraint ${c} foreign key (${sql.id(column)}) references users (id) on delete ${sql.raw(onDelete)} not valid`.execute(
    db,
  );
  await sql`alter table ${t} validate constraint ${c}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Deleting a user now looks for leads they called (the RESTRICT check and the agents' delete count them). Without
  // an index that is a full scan of leads, millions of rows; only called leads are indexed. Built before the keys,
  // so validating leads_called_by_fkey reads this index instead of the table.
  await sql`create index leads_called_by_idx on leads (called_by) where called_by is not null`.execute(db);
  for (const reference of REFERENCES) await replaceForeignKey(db, reference, 'restrict');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const reference of REFERENCES) await replaceForeignKey(db, reference, reference.before);
  await sql`drop index leads_called_by_idx`.execute(db);
}
