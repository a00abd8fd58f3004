// When a send's lead was claimed for the dialer (issue 31; docs/guide/dialer.md, "Two servers"): a process that takes a
// send over waits for the requests another process may still have on their way before it looks such leads up.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dialer_send_leads add column claimed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dialer_send_leads drop column claimed_at`.execute(db);
}
