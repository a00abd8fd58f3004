// Schemas of floor (issue 38, docs/guide/floor.md). Filled by the floor work.
export {};
