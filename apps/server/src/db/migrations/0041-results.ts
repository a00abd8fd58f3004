// Survey results (issue 38, docs/guide/results.md): the summaries a campaign's results are read from.
import type { Kysely } from 'kysely';

export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
