// Reading coaching sessions as the API shows them (docs/coaching.md): the agent, campaign, focus criteria by name, the
// linked QC records, the state and its times, overdue acknowledgement; private notes only for inspectors and admins.
import { COACHING_MESSAGES, type TCoachingListQuery, type TCoachingSession, type TTokenPayload } from '@crm/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { isAgent, userIdOf } from '../../auth/access.ts';
import { findScorecardVersion } from '../scorecards/lookup.ts';
import { criteriaByKey } from './focus.ts';

/** The most sessions a list answers (newest first). */
export const LIST_CAP = 500;

function selectSessions(db: Db) {
  return db
    .selectFrom('coachingSessions as s')
    .innerJoin('users as u', 'u.id', 's.agentUserId')
    .innerJoin('campaigns as c', 'c.id', 's.campaignId')
    .selectAll('s')
    .select(['u.username as agentId', 'u.name as agentName', 'c.campaignName']);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectSessions>['executeTakeFirstOrThrow']>>;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** Rows as sessions: focus names from each session's version, the linked records in one read. */
async function shapesOf(db: Db, rows: Row[], forAgent: boolean, now = new Date()): Promise<TCoachingSession[]> {
  if (rows.length === 0) return [];
  const linked = await db
    .selectFrom('coachingRecords as l')
    .innerJoin('qcRecords as q', 'q.id', 'l.qcRecordId')
    .select(['l.sessionId', 'q.id', 'q.callDate', 'q.total', 'q.agentGrade'])
    .where(
      'l.sessionId',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('q.id')
    .execute();
  const names = new Map<number, Map<string, string>>();
  for (const id of new Set(rows.map((r) => r.scorecardId)))
    names.set(id, new Map([...criteriaByKey(await findScorecardVersion(db, id))].map(([k, c]) => [k, c.name])));
  return rows.map((r) => {
    const byKey = names.get(r.scorecardId);
    const session: TCoachingSession = {
      id: r.id,
      state: r.state,
      agentUserId: r.agentUserId,
      agentId: r.agentId,
      agentName: r.agentName,
      campaignId: r.campaignId,
      campaignName: r.campaignName,
      scorecardId: r.scorecardId,
      focus: r.focus.map((key) => ({ key, name: byKey?.get(key) ?? key })),
      qcRecords: linked
        .filter((l) => l.sessionId === r.id)
        .map((l) => ({ id: l.id, callDate: l.callDate, total: l.total, agentGrade: l.agentGrade })),
      notes: r.notes,
      actionItems: r.actionItems,
      meetingDate: r.meetingDate,
      autoOpened: r.autoOpened,
      coachId: r.coachId,
      coach: r.coach,
      createdAt: r.createdAt.toISOString(),
      heldAt: iso(r.heldAt),
      acknowledgeDueAt: iso(r.acknowledgeDueAt),
      overdue: r.state === 'held' && r.acknowledgeDueAt !== null && r.acknowledgeDueAt < now,
      acknowledgedAt: iso(r.acknowledgedAt),
      acknowledgement: r.acknowledgement,
      closedAt: iso(r.closedAt),
      closedBy: r.closedBy,
      result: r.result,
    };
    return forAgent ? session : { ...session, privateNotes: r.privateNotes };
  });
}

/** One session as `user` may see it: an agent only their own (403 otherwise), without private notes. */
export async function findCoachingSession(db: Db, user: TTokenPayload, id: number): Promise<TCoachingSession> {
  const row = await selectSessions(db).where('s.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(COACHING_MESSAGES.noSession(id));
  assertCanSeeSession(user, row);
  const [shape] = await shapesOf(db, [row], isAgent(user));
  return shape!;
}

/** 403 unless the caller may see the session: inspectors and admins any, an agent only their own. */
export function assertCanSeeSession(user: TTokenPayload, session: { agentUserId: number }): void {
  if (isAgent(user) && session.agentUserId !== userIdOf(user)) throw forbidden(COACHING_MESSAGES.otherAgent);
}

/** GET /api/coaching: inspectors and admins all (filtered), an agent only their own; newest first, at most LIST_CAP. */
export async function listCoachingSessions(
  db: Db,
  user: TTokenPayload,
  query: TCoachingListQuery,
): Promise<TCoachingSession[]> {
  const agent = isAgent(user);
  const rows = await selectSessions(db)
    .$if(agent, (q) => q.where('s.agentUserId', '=', userIdOf(user)))
    .$if(query.agentId !== undefined, (q) =>
      q.where(sql<string>`lower(u.username)`, '=', (query.agentId ?? '').toLowerCase()),
    )
    .$if(query.campaignName !== undefined, (q) =>
      q.where(sql<string>`lower(c.campaign_name)`, '=', (query.campaignName ?? '').toLowerCase()),
    )
    .$if(query.state !== undefined, (q) => q.where('s.state', '=', query.state!))
    .orderBy('s.createdAt', 'desc')
    .orderBy('s.id', 'desc')
    .limit(LIST_CAP)
    .execute();
  return shapesOf(db, rows, agent);
}
