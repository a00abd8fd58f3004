// Kysely table types of calibration sessions (migration 0017); spread into DB by db/schema.ts.

export type CalibrationTables = Record<never, never>;
