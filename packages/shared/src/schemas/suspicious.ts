// Schemas of suspicious (issue 38, docs/guide/suspicious.md). Filled by the suspicious work.
export {};
