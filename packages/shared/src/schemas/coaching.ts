// Schemas of coaching (issue 37, docs/coaching.md).
export {};
