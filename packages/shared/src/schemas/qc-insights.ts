// Schemas of QC analytics (docs/qc-insights.md).
export {};
