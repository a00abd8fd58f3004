// Who may see and do what in a calibration session: admins everything; an inspector only the sessions it takes part
// in, the others' marks of a call only after its own, and the results only once the session is closed.
import { CALIBRATION_MESSAGES, type TTokenPayload } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { isAdmin, userIdOf } from '../../auth/access.ts';

export { isAdmin, userIdOf };

export type TSessionRow = {
  id: number;
  name: string;
  deadline: string;
  closesAt: Date;
  closedAt: Date | null;
  closedBy: string | null;
  createdBy: string;
  createdAt: Date;
};

/** Closed by an admin, or its deadline day is over. */
export function isClosed(session: Pick<TSessionRow, 'closedAt' | 'closesAt'>, now: Date = new Date()): boolean {
  return session.closedAt !== null || session.closesAt.getTime() <= now.getTime();
}

export async function findSessionRow(db: Db, id: number): Promise<TSessionRow> {
  const row = await db
    .selectFrom('calibrationSessions')
    .select(['id', 'name', 'deadline', 'closesAt', 'closedAt', 'closedBy', 'createdBy', 'createdAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(`No calibration session with id ${id}`);
  return row;
}

export async function isParticipant(db: Db, sessionId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('calibrationInspectors')
    .select('userId')
    .where('sessionId', '=', sessionId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The session, or 404; 403 for an inspector who does not take part in it. */
export async function sessionForCaller(
  db: Db,
  user: TTokenPayload,
  id: number,
): Promise<{ session: TSessionRow; participant: boolean }> {
  const session = await findSessionRow(db, id);
  const participant = await isParticipant(db, id, userIdOf(user));
  if (!isAdmin(user) && !participant) throw forbidden(CALIBRATION_MESSAGES.notParticipant);
  return { session, participant };
}
