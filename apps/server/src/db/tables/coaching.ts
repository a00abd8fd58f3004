// The tables of coaching sessions, their focus criteria, linked QC records and action items (issue 37, docs/coaching.md).

export type CoachingTables = Record<never, never>;
