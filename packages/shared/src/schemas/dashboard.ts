// Filled in by the admin master-data issue.
export {};
