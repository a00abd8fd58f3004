// GET /api/callbacks (the agent's callbacks of today, due first) and GET /api/callbacks/missed (admins): docs/guide/call-loop.md.
import { sql } from 'kysely';
import { startOfNextLocalDay, type TCallback, type TCallbacks, type TMissedCallbacks } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import type { TCaller } from '../../auth/guard.ts';
import { findCampaignByName } from '../campaigns/service.ts';
import { isAdmin } from '../../auth/access.ts';
import { recheckDueCallbacks } from './blocks.ts';
import { findLeadsWithDraft, selectCallbacks, toCallback } from './rows.ts';

/** More than a day of one agent's callbacks: the list stays short whatever was set. */
const LIST_LIMIT = 200;
/** The missed list shows the longest missed first, this many at most. */
const MISSED_LIMIT = 500;

/** Offered first (due and not blocked), then later today, then the blocked ones; each by time. */
const rank = (c: TCallback) => (c.blocked !== null ? 2 : c.due ? 0 : 1);

/**
 * The caller's open callbacks (mine-only and anyone) and the anyone-callbacks of other agents, due before the end of
 * today in the zone (overdue ones included): an agent's of the campaign signed into, an admin's own of any campaign.
 * Another agent's mine-only callback is never listed. Due ones are checked again first (blocks.ts); `dueCount` counts
 * the due ones that may be called.
 */
export async function findCallbacks(
  db: Db,
  user: TCaller,
  timeZone: string,
  now: Date = new Date(),
): Promise<TCallbacks> {
  const userId = Number(user.sub);
  let query = selectCallbacks(db)
    .where('cb.state', '=', 'open')
    .where('cb.dueAt', '<', startOfNextLocalDay(now, timeZone));
  if (isAdmin(user)) {
    query = query.where('cb.userId', '=', userId);
  } else {
    // The campaign of the agent's sign-in record, by its id (auth/guard.ts).
    const campaignId = user.campaignId ?? null;
    if (campaignId === null) return { dueCount: 0, callbacks: [] };
    query = query
      .where('cb.campaignId', '=', campaignId)
      .where((eb) => eb.or([eb('cb.userId', '=', userId), eb('cb.mineOnly', '=', false)]));
  }
  const rows = await recheckDueCallbacks(
    db,
    await query.orderBy('cb.dueAt').orderBy('cb.id').limit(LIST_LIMIT).execute(),
    timeZone,
    now,
  );
  const drafts = await findLeadsWithDraft(
    db,
    userId,
    rows.map((r) => r.leadId),
  );
  const callbacks = rows
    .map((r) => toCallback(r, timeZone, now, drafts.has(r.leadId)))
    .sort((a, b) => rank(a) - rank(b) || a.at.localeCompare(b.at) || a.id - b.id);
  return { dueCount: callbacks.filter((c) => rank(c) === 0).length, callbacks };
}

/**
 * What makes a callback missed, for the list and for the admins' notice (missed-notices.ts): open, and past due by more
 * than its campaign's grace at `now`.
 */
export function selectMissedCallbacks(db: Db, now: Date) {
  return selectCallbacks(db)
    .where('cb.state', '=', 'open')
    .where(sql<boolean>`cb.due_at < ${now}::timestamptz - make_interval(mins => c.callback_grace_minutes)`);
}

/**
 * Open callbacks past due by more than their campaign's grace (campaigns.callback_grace_minutes, 120 unless set), the
 * longest missed first, of one campaign or all; checked again like the agents' lists. `hasDraft`: the callback's agent
 * has a draft of the lead.
 */
export async function findMissedCallbacks(
  db: Db,
  campaignName: string | undefined,
  timeZone: string,
  now: Date = new Date(),
): Promise<TMissedCallbacks> {
  let query = selectMissedCallbacks(db, now);
  if (campaignName !== undefined && campaignName !== '')
    query = query.where('cb.campaignId', '=', (await findCampaignByName(db, campaignName)).id);
  const rows = await recheckDueCallbacks(
    db,
    await query.orderBy('cb.dueAt').orderBy('cb.id').limit(MISSED_LIMIT).execute(),
    timeZone,
    now,
  );
  const drafts =
    rows.length === 0
      ? []
      : await db
          .selectFrom('callDrafts')
          .select(['userId', 'leadId'])
          .where('leadId', 'in', [...new Set(rows.map((r) => r.leadId))])
          .execute();
  const withDraft = new Set(drafts.map((d) => `${d.userId}:${d.leadId}`));
  return rows.map((r) => ({
    ...toCallback(r, timeZone, now, withDraft.has(`${r.userId}:${r.leadId}`)),
    minutesLate: Math.floor((now.getTime() - r.dueAt.getTime()) / 60_000),
  }));
}
