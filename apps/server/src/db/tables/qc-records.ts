// The tables of comments on a QC record's recording and criteria, and the agent's acknowledgement (issue 37, docs/qc-records.md).

export type QcRecordTables = Record<never, never>;
