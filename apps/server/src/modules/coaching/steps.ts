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
import type { Updateable } from 'kysely';
import type { Db } from '../../db/schema.ts';
import type { CoachingSessionsTable } from '../../db/tables/coaching.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { isAdmin, hasRole, userIdOf } from '../../auth/access.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { notifyUsers } from '../notifications/notify.ts';
import { sessionLink } from './create.ts';
import { beforeAfter } from './figure.ts';
import { findCoachingSession } from './rows.ts';
import { readCoachingSettings } from './settings.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type TStep = 'held' | 'acknowledged' | 'closed';

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

function assertStep(state: TCoachingState, step: TStep): void {
  const hint = HINTS[step]?.[state];
  if (hint !== undefined) throw conflict(COACHING_MESSAGES.illegalStep(state, step, hint));
}

type TSessionRow = Awaited<ReturnType<typeof lockSession>>;

/** What a step changes besides the state: the row's columns, the audit's after, the agent told of it. */
type TStepChange = {
  set: Omit<Updateable<CoachingSessionsTable>, 'state'>;
  after: Record<string, unknown>;
  note?: string;
  tell?: { title: string; body: string };
};

/**
 * One step in one transaction: the session locked, the caller checked (`allow`), the step checked against the state,
 * then the row, the audit and the agent's notification; the reply is the session as the caller sees it.
 */
async function takeStep(
  db: Db,
  user: TTokenPayload,
  id: number,
  step: TStep,
  actor: TAuditActor,
  allow: (s: TSessionRow) => void,
  change: (trx: Db, s: TSessionRow) => Promise<TStepChange>,
): Promise<TCoachingSession> {
  await db.transaction().execute(async (trx) => {
    const s = await lockSession(trx, id);
    allow(s);
    assertStep(s.state, step);
    const { set, after, note, tell } = await change(trx, s);
    await trx
      .updateTable('coachingSessions')
      .set({ state: step, ...set })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'coachingSession',
      objectId: id,
      changes: {
        before: { state: s.state },
        after: { state: step, ...after },
        ...(note === undefined ? {} : { note }),
      },
    });
    if (tell) {
      await notifyUsers(trx, [
        { userId: s.agentUserId, kind: 'coaching', title: tell.title, body: tell.body, link: sessionLink(id) },
      ]);
    }
  });
  return findCoachingSession(db, user, id);
}

/** POST /api/coaching/{id}/held: the acknowledgement is due within the campaign's window from now. */
export async function holdCoachingSession(
  db: Db,
  user: TTokenPayload,
  id: number,
  actor: TAuditActor,
): Promise<TCoachingSession> {
  return takeStep(
    db,
    user,
    id,
    'held',
    actor,
    (s) => assertCoach(user, s),
    async (trx, s) => {
      const { acknowledgeDays } = await readCoachingSettings(trx, s.campaignId);
      const heldAt = new Date();
      const acknowledgeDueAt = new Date(heldAt.getTime() + acknowledgeDays * DAY_MS);
      return {
        set: { heldAt, acknowledgeDueAt },
        after: { acknowledgeDueAt: acknowledgeDueAt.toISOString() },
        tell: { title: COACHING_MESSAGES.held, body: `Acknowledge within ${acknowledgeDays} days` },
      };
    },
  );
}

/** POST /api/coaching/{id}/acknowledge: the session's agent, once, after it was held. */
export async function acknowledgeCoachingSession(
  db: Db,
  user: TTokenPayload,
  id: number,
  body: TCoachingAcknowledge,
  actor: TAuditActor,
): Promise<TCoachingSession> {
  return takeStep(
    db,
    user,
    id,
    'acknowledged',
    actor,
    (s) => {
      if (s.agentUserId !== userIdOf(user)) throw forbidden(COACHING_MESSAGES.otherAgent);
    },
    async () => ({
      set: { acknowledgedAt: new Date(), acknowledgement: body.comment },
      after: { acknowledgement: body.comment },
    }),
  );
}

/** POST /api/coaching/{id}/close: from held or acknowledged; the before/after figure computed now and kept. */
export async function closeCoachingSession(
  db: Db,
  user: TTokenPayload,
  id: number,
  actor: TAuditActor,
): Promise<TCoachingSession> {
  return takeStep(
    db,
    user,
    id,
    'closed',
    actor,
    (s) => assertCoach(user, s),
    async (trx, s) => {
      const { compareCount } = await readCoachingSettings(trx, s.campaignId);
      const result = await beforeAfter(trx, s, compareCount);
      return {
        set: { closedAt: new Date(), closedBy: user.userName, result: JSON.stringify(result) },
        after: { verdict: result.verdict },
        ...(s.state === 'held' ? { note: 'closed without the agent’s acknowledgement' } : {}),
        tell: { title: COACHING_MESSAGES.closed, body: result.summary },
      };
    },
  );
}
