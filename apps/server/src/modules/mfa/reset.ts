// Resetting a second factor: an administrator resets another account's (DELETE /api/users/{id}/mfa), and the
// `admin` user's own is reset by a command run on the server (reset-mfa.ts). Either way audited, sessions ended.
import { MFA_CODES, type TMfaResetResult } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { endUserSessions } from '../../auth/end-sessions.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { MFA_MESSAGES } from './messages.ts';

/**
 * Clears the account's factor: secret, recovery codes, open challenges, the last step used, and the skips (it enrols
 * again at its next sign-in, with MFA_GRACE_SIGNINS skips again), and ends every session it holds: whoever had the
 * lost device signed in has to sign in again.
 */
async function clearFactor(db: Db, userId: number, actor: TAuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('users')
      .select(['mfaEnrolledAt', 'mfaSkips'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('users')
      .set({ mfaSecret: null, mfaEnrolledAt: null, mfaLastStep: null, mfaSkips: 0, updatedAt: new Date() })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('mfaRecoveryCodes').where('userId', '=', userId).execute();
    await trx.deleteFrom('mfaChallenges').where('userId', '=', userId).execute();
    await endUserSessions(trx, userId);
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'user',
      objectId: userId,
      changes: {
        before: { mfaEnrolled: before.mfaEnrolledAt !== null, mfaSkips: before.mfaSkips },
        after: { mfaEnrolled: false, mfaSkips: 0 },
        note: 'second factor reset',
      },
    });
  });
}

/**
 * DELETE /api/users/{id}/mfa: an administrator resets another admin's or QC inspector's factor. Their own is refused
 * (403 MFA_RESET_OWN): a stolen session must not be able to take the factor off its account; another administrator
 * resets it, or for the `admin` user the server command.
 */
export async function resetSecondFactor(db: Db, id: number, actor: TAuditActor): Promise<TMfaResetResult> {
  const target = await db
    .selectFrom('users')
    .select(['id', 'username', 'role'])
    .where('id', '=', id)
    .executeTakeFirst();
  // Agents have no second factor: like the other account routes, they are not found here.
  if (!target || target.role === 'agent') throw notFound(`No user with id ${id}`);
  if (id === actor.userId) throw new AppError('FORBIDDEN', MFA_MESSAGES.resetOwn, MFA_CODES.resetOwn);
  await clearFactor(db, id, actor);
  return { message: MFA_MESSAGES.reset(target.username) };
}

/** Who the server command acts as in the audit log. */
export const SERVER_COMMAND_ACTOR: TAuditActor = {
  userId: null,
  username: 'server command (reset-mfa)',
  role: 'ADMIN',
  ip: null,
};

/** The server command: resets the factor of an admin or QC account by username; undefined when there is none. */
export async function resetSecondFactorByUsername(db: Db, username: string): Promise<{ username: string } | undefined> {
  const target = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .where('role', 'in', ['admin', 'qc'])
    .executeTakeFirst();
  if (!target) return undefined;
  await clearFactor(db, target.id, SERVER_COMMAND_ACTOR);
  return { username: target.username };
}
