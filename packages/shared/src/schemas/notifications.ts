// Notifications in the app, for every role (issue 37, docs/notifications.md): stored per user, read or unread, kept
// 90 days; the bell in the top bar lists them and a server-sent-events stream pushes each new one.
import { z } from 'zod';

/** What a notification tells, one kind per event of the QC loop and of the dialer. */
export const NOTIFICATION_KINDS = [
  /** To the agent: a call of theirs was scored (in-house QC record). */
  'qc-record',
  /** To the agent: their dispute was answered or decided. */
  'dispute-answered',
  /** To the agent: a coaching session was planned, held or closed for them. */
  'coaching',
  /** To the inspector who scored the record: an agent disputed it. */
  'dispute-new',
  /** To admins and the record's inspector: an agent escalated a dispute. */
  'dispute-escalated',
  /** To the inspector who scored the record: the agent has not acknowledged it within the campaign's window. */
  'acknowledgement-overdue',
  /** To admins: a callback's time passed with nobody calling. */
  'callback-missed',
  /** To admins: a send to VICIdial stopped before it finished. */
  'send-stopped',
] as const;
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);
export type TNotificationKind = z.infer<typeof ZNotificationKind>;

/** Days a notification is kept, read or not. */
export const NOTIFICATION_KEEP_DAYS = 90;

/** A notification to store: who is told, what, and where the screen that shows it is (a path of the web app). */
export const ZNewNotification = z.object({
  userId: z.number().int().positive(),
  kind: ZNotificationKind,
  title: z.string().min(1).max(200),
  body: z.string().max(1000).default(''),
  /** The web path that opens the thing told of, e.g. /agent-performance?qcId=12. */
  link: z.string().max(300).nullable().default(null),
});
export type TNewNotification = z.input<typeof ZNewNotification>;

export const ZNotification = z.object({
  id: z.number().int(),
  kind: ZNotificationKind,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  /** When its user read it; null while unread. */
  readAt: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** GET /api/notifications[?unread=true]: the user's newest first, and how many are unread in all. */
export const ZNotificationList = z.object({
  items: z.array(ZNotification),
  unread: z.number().int(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

export const ZNotificationQuery = z.object({
  unread: z.enum(['true', 'false']).optional(),
});

/** POST /api/notifications/read: some of the user's own by id, or all of them. */
export const ZNotificationsRead = z.union([
  z.object({ ids: z.array(z.coerce.number().int().positive()).min(1).max(500) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type TNotificationsRead = z.infer<typeof ZNotificationsRead>;

/** The most GET /api/notifications lists, newest first (the unread count counts them all). */
export const NOTIFICATION_LIST_LIMIT = 100;

/** POST /api/notifications/read: how many of the caller's own this marked read, and how many stay unread. */
export const ZNotificationsReadReply = z.object({
  marked: z.number().int(),
  unread: z.number().int(),
});
export type TNotificationsReadReply = z.infer<typeof ZNotificationsReadReply>;

/** The name of every event of GET /api/notifications/stream. */
export const NOTIFICATION_EVENT = 'notifications';

/**
 * An event of the stream: the unread count, with the new notification when there is one. The first event (no
 * notification) gives the count when the stream opened; later ones without a notification say the count changed
 * otherwise (read in another tab, or the server reconnected to the database: fetch the list again).
 */
export const ZNotificationStreamEvent = z.object({
  unread: z.number().int(),
  notification: ZNotification.nullable(),
});
export type TNotificationStreamEvent = z.infer<typeof ZNotificationStreamEvent>;

export const NOTIFICATIONS_MESSAGES = {
  bellLabel: (unread: number) => `Notifications, ${unread} unread`,
  listTitle: 'Notifications',
  markAllRead: 'Mark all read',
  empty: 'No notifications in the last 90 days.',
  unreadMark: 'Unread',
} as const;
