// Per-day figures of agents' work (issue 38, docs/guide/productivity.md), where a scan would grow with the table.
import type { Kysely } from 'kysely';

export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
