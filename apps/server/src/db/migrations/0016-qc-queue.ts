// Tables of the QC work queue (per-campaign targets, claims; recordings attributed to an agent and campaign).
import type { Kysely } from 'kysely';

export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
