// Kysely table types of the QC work queue (migration 0016); spread into DB by db/schema.ts.

export type QcQueueTables = Record<never, never>;
