// Schemas of the QC work queue (docs/qc-queue.md).
export {};
