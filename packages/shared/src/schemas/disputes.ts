// Schemas of disputes per criterion (docs/disputes.md).
export {};
