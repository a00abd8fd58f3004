// Schemas of productivity (issue 38, docs/guide/productivity.md). Filled by the productivity work.
export {};
