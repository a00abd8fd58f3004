// Tables of disputes per criterion of in-house QC records, and the QC settings (dispute and answer windows).
import type { Kysely } from 'kysely';

export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
