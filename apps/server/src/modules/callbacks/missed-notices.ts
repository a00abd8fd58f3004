// The missed-callback notice (docs/notifications.md, callback-missed): a periodic check (routes.ts) tells every active
// admin of each callback that became missed, by the missed list's own rule (list.ts), once per callback.
import { localDayText, localTimeText } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { findAdminUserIds, notifyUsers } from '../notifications/notify.ts';
import { selectMissedCallbacks } from './list.ts';
import { atTextOf } from './rows.ts';

/** Callbacks told of in one transaction of the check. */
const NOTICE_BATCH = 100;
/** The screen that lists the missed callbacks (the dashboard's Missed callbacks card). */
export const MISSED_CALLBACKS_LINK = '/dashboard';
/** A respondent's name is cut to this in the title (at most 200 characters), and the body to BODY_MAX. */
const NAME_MAX = 80;
const BODY_MAX = 1000;

type TMissed = {
  cellNumber: string;
  respondentName: string | null;
  dueAt: Date;
  campaignName: string;
  agentId: string;
  agentName: string;
  note: string;
};

/** "Missed callback: 01712345678 (Rahim Uddin), due 14:30"; the day too when it was due before today. */
export function missedCallbackTitle(c: TMissed, timeZone: string, now: Date): string {
  const name = c.respondentName?.trim() ?? '';
  const who = name === '' ? '' : ` (${name.length > NAME_MAX ? `${name.slice(0, NAME_MAX - 1)}…` : name})`;
  const due =
    localDayText(c.dueAt, timeZone) === localDayText(now, timeZone)
      ? localTimeText(c.dueAt, timeZone)
      : atTextOf(c.dueAt, timeZone);
  return `Missed callback: ${c.cellNumber}${who}, due ${due}`;
}

/** "Campaign Mobile, agent Rina Akter (AG-1001): call after 6 pm" (the note when there is one). */
export function missedCallbackBody(c: TMissed): string {
  const note = c.note.trim() === '' ? '' : `: ${c.note.trim()}`;
  const body = `Campaign ${c.campaignName}, agent ${c.agentName} (${c.agentId})${note}`;
  return body.length > BODY_MAX ? `${body.slice(0, BODY_MAX - 1)}…` : body;
}

/** How far back a missed callback is still news worth a notification. */
const NEWS_DAYS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The missed-callback check (every few minutes in the server, routes.ts): each missed callback not yet told of is told
 * to every active admin ('callback-missed'), once: the notice row and the notifications are written in one
 * transaction, and only the rows this process inserted are told of, so two servers never tell one callback twice.
 * Answers how many callbacks this process told of.
 */
export async function notifyMissedCallbacks(db: Db, timeZone: string, now: Date = new Date()): Promise<number> {
  let told = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const missed = await selectMissedCallbacks(trx, now)
        // News only: a callback due before then stays on the dashboard's list without a notice (after an upgrade, or
        // days with the server down, admins are not flooded with old ones).
        .where('cb.dueAt', '>', new Date(now.getTime() - NEWS_DAYS * DAY_MS))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('callbackMissedNotices as n').select('n.callbackId').whereRef('n.callbackId', '=', 'cb.id'),
            ),
          ),
        )
        .orderBy('cb.id')
        .limit(NOTICE_BATCH)
        .execute();
      if (missed.length === 0) return { found: 0, told: 0 };
      const inserted = await trx
        .insertInto('callbackMissedNotices')
        .values(missed.map((c) => ({ callbackId: c.id })))
        .onConflict((oc) => oc.column('callbackId').doNothing())
        .returning('callbackId')
        .execute();
      const mine = new Set(inserted.map((r) => r.callbackId));
      const admins = await findAdminUserIds(trx);
      // One call per callback: notifyUsers tells a user once per kind in a call.
      for (const c of missed) {
        if (!mine.has(c.id) || admins.length === 0) continue;
        const title = missedCallbackTitle(c, timeZone, now);
        const body = missedCallbackBody(c);
        await notifyUsers(
          trx,
          admins.map((userId) => ({
            userId,
            kind: 'callback-missed' as const,
            title,
            body,
            link: MISSED_CALLBACKS_LINK,
          })),
        );
      }
      return { found: missed.length, told: mine.size };
    });
    told += batch.told;
    if (batch.found < NOTICE_BATCH) return told;
  }
}
