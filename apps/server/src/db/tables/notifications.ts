// The tables of notifications per user, read or unread, kept 90 days (issue 37, docs/notifications.md).

export type NotificationTables = Record<never, never>;
