// Kysely table types of disputes and QC settings (migration 0018); spread into DB by db/schema.ts.

export type DisputeTables = Record<never, never>;
