// Schemas of qc-records (issue 37, docs/qc-records.md).
export {};
