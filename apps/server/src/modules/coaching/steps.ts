// A session's steps (docs/coaching.md, States): planned → held (its inspector or an admin) → acknowledged (the agent,
// with a comment) → closed (its inspector or an admin, with the before/after figure). A held session may be closed
// without the agent's acknowledgement; any other step is 409 naming the state. Audited; the agent is told of held and
// closed.
import {
  COACHING_MESSAGES,
  type TCoachingAcknowledge,
  type TCoachingSession,
  type TCoachingState,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { isAdmin, hasRole, userIdOf } from '../../auth/access.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { notifyUsers } from '../notifications/notify.ts';
import { sessionLink } from './create.ts';
import { beforeAfter } from './figure.ts';
import { findCoachingSession } from './rows.ts';
import { readCoachingSettings } from './settings.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The session locked for the step (a second step at once waits and then sees the new state). */
async function lockSession(db: Db, id: number) {
  const row = await db.selectFrom('coachingSessions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(COACHING_MESSAGES.noSession(id));
  return row;
}

function assertCoach(user: TTokenPayload, session: { coachId: number | null }): void {
  if (isAdmin(user)) return;
  if (!hasRole(user, 'QC') || session.coachId !== userIdOf(user)) throw forbidden(COACHING_MESSAGES.notCoach);
}

/** Why a step is refused from a state: what to do instead. */
const HINTS: Record<string, Partial<Record<TCoachingState, string>>> = {
  held: {
    held: 'it is already held',
    acknowledged: 'it was held and acknowledged already',
    closed: 'it is closed',
  },
  acknowledged: {
    planned: 'it has to be held first',
    acknowledged: 'it is already acknowledged',
    closed: 'it is closed',
  },
  closed: {
    planned: 'hold it first (a session is closed after the meeting)',
    closed: 'it is already closed',
  },
};

function assertStep(state: TCoachingState, step: 'held' | 'acknowledged' | 'closed'): void {
  const hint = HINTS[step]?.[state];
  if (hint !== undefined) throw conflict(COACHING_MESSAGES.illegalStep(state, step, hint));
}

async function tell(db: Db, agentUserId: number, id: number, title: string, body = ''): Promise<void> {
  await notifyUsers(db, [{ userId: agentUserId, kind: 'coaching', title, body, link: sessionLink(id) }]);
}

/** POST /api/coaching/{id}/held: the acknowledgement is due within the campaign's window from now. */
export async function holdCoachingSession(
  db: Db,
  user: TTokenPayload,
  id: number,
  actor: TAuditActor,
): Promise<TCoachingSession> {
  await db.transaction().execute(async (trx) => {
    const s = await lockSession(trx, id);
    assertCoach(user, s);
    assertStep(s.state, 'held');
    const { acknowledgeDays } = await readCoachingSettings(trx, s.campaignId);
    const heldAt = new Date();
    const acknowledgeDueAt = new Date(heldAt.getTime() + acknowledgeDays * DAY_MS);
    await trx
      .updateTable('coachingSessions')
      .set({ state: 'held', heldAt, acknowledgeDueAt })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'coachingSession',
      objectId: id,
      changes: {
        before: { state: s.state },
        after: { state: 'held', acknowledgeDueAt: acknowledgeDueAt.toISOString() },
      },
    });
    await tell(trx, s.agentUserId, id, COACHING_MESSAGES.held, `Acknowledge within ${acknowledgeDays} days`);
  });
  return findCoachingSession(db, user, id);
}

/** POST /api/coaching/{id}/acknowledge: the session's agent, once, after it was held. */
export async function acknowledgeCoachingSession(
  db: Db,
  user: TTokenPayload,
  id: number,
  body: TCoachingAcknowledge,
  actor: TAuditActor,
): Promise<TCoachingSession> {
  await db.transaction().execute(async (trx) => {
    const s = await lockSession(trx, id);
    if (s.agentUserId !== userIdOf(user)) throw forbidden(COACHING_MESSAGES.otherAgent);
    assertStep(s.state, 'acknowledged');
    await trx
      .updateTable('coachingSessions')
      .set({ state: 'acknowledged', acknowledgedAt: new Date(), acknowledgement: body.comment })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'coachingSession',
      objectId: id,
      changes: { before: { state: s.state }, after: { state: 'acknowledged', acknowledgement: body.comment } },
    });
  });
  return findCoachingSession(db, user, id);
}

/** POST /api/coaching/{id}/close: from held or acknowledged; the before/after figure computed now and kept. */
export async function closeCoachingSession(
  db: Db,
  user: TTokenPayload,
  id: number,
  actor: TAuditActor,
): Promise<TCoachingSession> {
  await db.transaction().execute(async (trx) => {
    const s = await lockSession(trx, id);
    assertCoach(user, s);
    assertStep(s.state, 'closed');
    const { compareCount } = await readCoachingSettings(trx, s.campaignId);
    const result = await beforeAfter(trx, s, compareCount);
    await trx
      .updateTable('coachingSessions')
      .set({ state: 'closed', closedAt: new Date(), closedBy: user.userName, result: JSON.stringify(result) })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'coachingSession',
      objectId: id,
      changes: {
        before: { state: s.state },
        after: { state: 'closed', verdict: result.verdict },
        ...(s.state === 'held' ? { note: 'closed without the agent’s acknowledgement' } : {}),
      },
    });
    await tell(trx, s.agentUserId, id, COACHING_MESSAGES.closed, result.summary);
  });
  return findCoachingSession(db, user, id);
}
