// Least privilege in the database (issue 33; docs/trust.md, Database roles): the application's role owns no table, so
// it may not ANALYZE one (before PostgreSQL 17 only the owner may). The one ANALYZE the application asks for, after a
// send's large insert (modules/dialer/sends/service.ts), runs through this function with the owner's rights; the
// owner grants EXECUTE on it to the application's role (db/roles.ts), to nobody else.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function analyze_dialer_send_leads() returns void language sql security definer
    set search_path = public, pg_temp
    as 'analyze public.dialer_send_leads'`.execute(db);
  await sql`revoke execute on function analyze_dialer_send_leads() from public`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function analyze_dialer_send_leads()`.execute(db);
}
