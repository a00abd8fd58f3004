// Schemas of notifications (issue 37, docs/notifications.md).
export {};
