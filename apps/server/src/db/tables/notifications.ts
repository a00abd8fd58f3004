// The tables of notifications per user, read or unread, kept 90 days (issue 37, docs/notifications.md).
import type { ColumnType, Generated } from 'kysely';
import type { TNotificationKind } from '@crm/shared';

/** One per user told of an event (migration 0035); deleted NOTIFICATION_KEEP_DAYS after it was made. */
export type NotificationsTable = {
  id: Generated<number>;
  userId: number;
  kind: TNotificationKind;
  title: string;
  body: Generated<string>;
  link: string | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
  /** When its user read it; null while unread. */
  readAt: Date | null;
};

export type NotificationTables = {
  notifications: NotificationsTable;
};
