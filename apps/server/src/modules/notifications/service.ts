// A user's own notifications (docs/notifications.md): the bell's list with the unread count, and read marks. Every
// statement names the caller's user id: nobody reads or marks another's.
import { sql, type Selectable } from 'kysely';
import {
  NOTIFICATION_KEEP_DAYS,
  NOTIFICATION_LIST_LIMIT,
  type TNotification,
  type TNotificationList,
  type TNotificationsRead,
  type TNotificationsReadReply,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import type { NotificationsTable } from '../../db/tables/notifications.ts';
import { sendSignal } from './notify.ts';

/** Those older than the keeping time are gone for the user even before the next deletion reaches them. */
const kept = sql<boolean>`created_at >= now() - make_interval(days => ${NOTIFICATION_KEEP_DAYS})`;

export function toNotification(row: Selectable<NotificationsTable>): TNotification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt === null ? null : row.readAt.toISOString(),
  };
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .where(kept)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** GET /api/notifications: the user's newest first (NOTIFICATION_LIST_LIMIT at most), unread ones only if asked. */
export async function listNotifications(db: Db, userId: number, unreadOnly: boolean): Promise<TNotificationList> {
  let query = db.selectFrom('notifications').selectAll().where('userId', '=', userId).where(kept);
  if (unreadOnly) query = query.where('readAt', 'is', null);
  const [rows, unread] = await Promise.all([
    query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(NOTIFICATION_LIST_LIMIT).execute(),
    countUnread(db, userId),
  ]);
  return { items: rows.map(toNotification), unread };
}

/**
 * POST /api/notifications/read: the user's own by id, or all of them. Ids of another user's notifications (or of none)
 * are ignored, not refused: the reply's `marked` counts the caller's own only, and says nothing of others'.
 */
export async function markNotificationsRead(
  db: Db,
  userId: number,
  body: TNotificationsRead,
): Promise<TNotificationsReadReply> {
  return db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable('notifications')
      .set({ readAt: new Date() })
      .where('userId', '=', userId)
      .where('readAt', 'is', null);
    if ('ids' in body) update = update.where('id', 'in', body.ids);
    const result = await update.executeTakeFirst();
    const marked = Number(result.numUpdatedRows);
    // The user's other tabs and devices update their bells.
    if (marked > 0) await sendSignal(trx, { read: userId });
    return { marked, unread: await countUnread(trx, userId) };
  });
}

/** The rows of new notifications for the users with open streams here (the runtime's read after a signal). */
export async function findNotificationsOf(
  db: Db,
  ids: readonly number[],
  userIds: readonly number[],
): Promise<Selectable<NotificationsTable>[]> {
  if (ids.length === 0 || userIds.length === 0) return [];
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('id', 'in', ids)
    .where('userId', 'in', userIds)
    .orderBy('id')
    .execute();
}
