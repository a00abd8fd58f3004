// Schemas of the do-not-call lists (docs/dnc.md).
export {};
