// What other modules call to tell users of an event (docs/notifications.md): stores one notification per user and
// pushes it to the user's open streams. Called inside the caller's transaction where there is one, so a refused
// change tells nobody.
import { sql, type Kysely, type Transaction } from 'kysely';
import { NOTIFICATION_KEEP_DAYS, ZNewNotification, type TNewNotification } from '@crm/shared';
import type { DB } from '../../db/schema.ts';

/** The channel PostgreSQL carries news of notifications on, to the stream runtime of every server (stream.ts). */
export const NOTIFICATIONS_CHANNEL = 'crm_notifications';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: a payload names at most this many notifications. */
const IDS_PER_PAYLOAD = 300;
/** Old notifications deleted per call at most: the deletion stays one short indexed statement. */
const PRUNE_LIMIT = 1000;

/**
 * What a NOTIFY on the channel says: new notifications (pairs of id and user id), or that a user's read marks changed.
 * Ids only: the runtime reads the rows, so nothing told travels outside the database's own checks.
 */
export type TNotificationSignal = { new: [id: number, userId: number][] } | { read: number };

/** The signal back from a payload; null when it is not one (anyone who may connect to the database can NOTIFY). */
export function decodeSignal(payload: string | undefined): TNotificationSignal | null {
  try {
    const v: unknown = JSON.parse(payload ?? '');
    if (typeof v !== 'object' || v === null) return null;
    if ('read' in v && Number.isInteger(v.read)) return { read: Number(v.read) };
    if ('new' in v && Array.isArray(v.new)) {
      const pairs = v.new.filter(
        (p): p is [number, number] =>
          Array.isArray(p) && p.length === 2 && Number.isInteger(p[0]) && Number.isInteger(p[1]),
      );
      return { new: pairs };
    }
    return null;
  } catch {
    return null;
  }
}

/** Sends the signal with the statement's transaction: it reaches the listeners only if, and when, that commits. */
export async function sendSignal(db: Kysely<DB>, signal: TNotificationSignal): Promise<void> {
  await sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${JSON.stringify(signal)})`.execute(db);
}

/**
 * Stores the notifications and pushes each to its user's open streams once the statement commits.
 *
 * One notice per user, kind and link in a call (an inspector who is also an admin is told of an escalation once; an
 * inspector with two overdue records in one batch is told of each). The
 * users' notifications older than NOTIFICATION_KEEP_DAYS are deleted on the way (at most PRUNE_LIMIT).
 */
export async function notifyUsers(
  db: Kysely<DB> | Transaction<DB>,
  notices: readonly TNewNotification[],
): Promise<void> {
  const seen = new Set<string>();
  const rows = notices
    .map((n) => ZNewNotification.parse(n))
    .filter((n) => {
      const key = `${n.userId}:${n.kind}:${n.link ?? ''}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  if (rows.length === 0) return;
  const store = async (trx: Kysely<DB>) => {
    const inserted = await trx
      .insertInto('notifications')
      .values(rows.map((n) => ({ userId: n.userId, kind: n.kind, title: n.title, body: n.body, link: n.link })))
      .returning(['id', 'userId'])
      .execute();
    const userIds = [...new Set(rows.map((n) => n.userId))];
    await sql`delete from notifications where id in (
        select id from notifications
         where user_id = any(${userIds}::int[])
           and created_at < now() - make_interval(days => ${NOTIFICATION_KEEP_DAYS})
         limit ${PRUNE_LIMIT})`.execute(trx);
    for (let i = 0; i < inserted.length; i += IDS_PER_PAYLOAD) {
      const pairs = inserted.slice(i, i + IDS_PER_PAYLOAD).map((r): [number, number] => [r.id, r.userId]);
      await sendSignal(trx, { new: pairs });
    }
  };
  if (db.isTransaction) await store(db);
  else await db.transaction().execute(store);
}

/** The active administrators' user ids: those told of escalations, missed callbacks and stopped sends. */
export async function findAdminUserIds(db: Kysely<DB>): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('active', '=', true)
    .execute();
  return rows.map((r) => r.id);
}
