// GET /api/ap/myShift: the agent's own shift so far on the idle CRM screen (docs/guide/call-loop.md, The agent's shift): calls
// and completed surveys since the sign-in, callbacks set, average handle time, calls today against the call target.
import { sql } from 'kysely';
import { startOfLocalDay, type TMyShift } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import type { TCaller } from '../../auth/guard.ts';
import { findCallbacks } from '../callbacks/list.ts';

/**
 * The caller's own figures, whatever the role (an admin's too; an admin signs in to no campaign, so has no call target).
 * `since` is the sign-in of the token's session (`sid`), or the start of today in the zone for a token without one.
 * Calls are the caller's call attempts ended since then; callbacksSet counts the leads the caller set a callback on
 * since then (setting one lead's callback again is one); callbacksDue is the due count of the caller's callback list.
 */
export async function findMyShift(db: Db, user: TCaller, timeZone: string, now: Date = new Date()): Promise<TMyShift> {
  const userId = Number(user.sub);
  const today = startOfLocalDay(now, timeZone);
  const [session, campaign] = await Promise.all([
    user.sid === undefined
      ? undefined
      : db
          .selectFrom('agentSessions')
          .select('signedInAt')
          .where('id', '=', user.sid)
          .where('userId', '=', userId)
          .executeTakeFirst(),
    // The campaign of the agent's sign-in record, by its id (auth/guard.ts).
    user.campaignId === undefined || user.campaignId === null
      ? undefined
      : db.selectFrom('campaigns').select(['id', 'callTarget']).where('id', '=', user.campaignId).executeTakeFirst(),
  ]);
  const since = session?.signedInAt ?? today;

  const attempts = db.selectFrom('callAttempts').where('userId', '=', userId);
  const [shift, todays, set, callbacks] = await Promise.all([
    attempts
      .select((eb) => [
        eb.fn.countAll<string>().as('calls'),
        sql<string>`count(*) filter (where completed)`.as('completed'),
        eb.fn.avg<string | null>('handleSeconds').as('averageHandleSeconds'),
      ])
      .where('endedAt', '>=', since)
      .executeTakeFirstOrThrow(),
    // Against the call target of the campaign signed into: today's calls of that campaign (an admin's: all of today's).
    attempts
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('endedAt', '>=', today)
      .$if(campaign !== undefined, (qb) => qb.where('campaignId', '=', campaign?.id ?? 0))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('callbacks')
      .select(sql<string>`count(distinct lead_id)`.as('n'))
      .where('userId', '=', userId)
      .where('createdAt', '>=', since)
      .executeTakeFirstOrThrow(),
    findCallbacks(db, user, timeZone, now),
  ]);
  return {
    since: since.toISOString(),
    calls: Number(shift.calls),
    completed: Number(shift.completed),
    callbacksSet: Number(set.n),
    averageHandleSeconds: shift.averageHandleSeconds === null ? null : Math.round(Number(shift.averageHandleSeconds)),
    callTarget: campaign?.callTarget ?? null,
    callsToday: Number(todays.n),
    callbacksDue: callbacks.dueCount,
  };
}
