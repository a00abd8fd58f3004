// Suspicious completes (issue 38, docs/guide/suspicious.md): each campaign's thresholds and the QC queue's order.
import type { Kysely } from 'kysely';

export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
