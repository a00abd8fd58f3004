// Changing one's own password (PUT /api/users/{id} of the caller): the current password, and a code of the second
// factor when one is enrolled, so a session left open or a stolen token cannot take the account over (docs/trust.md).
import { OWN_PASSWORD_CODES, PASSWORD_MESSAGES, type TUpdateUserRequest } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { verifyPassword } from '../../auth/password.ts';
import { AppError } from '../../http/errors.ts';
import { checkSecondFactor } from '../mfa/verify.ts';
import { currentUser } from '../../auth/guard.ts';
import type { AttemptUser } from '../../auth/sign-in-limits.ts';

/**
 * The current password is required and must be right: 400 CURRENT_PASSWORD_REQUIRED, 403 CURRENT_PASSWORD_WRONG (not
 * 401: the session is fine; counted by the sign-in limits all the same). With a second factor enrolled, a code is
 * required too (400 MFA_CODE_REQUIRED); it is checked with the change (assertOwnSecondFactor).
 */
export async function assertCurrentPassword(db: Db, userId: number, input: TUpdateUserRequest): Promise<void> {
  const current = input.currentPassword ?? '';
  if (current === '')
    throw new AppError(
      'BAD_REQUEST',
      PASSWORD_MESSAGES.currentPasswordRequired,
      OWN_PASSWORD_CODES.currentPasswordRequired,
    );
  const user = await db
    .selectFrom('users')
    .select(['passwordHash', 'mfaEnrolledAt'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(current, user.passwordHash)))
    throw new AppError('FORBIDDEN', PASSWORD_MESSAGES.currentPasswordWrong, OWN_PASSWORD_CODES.currentPasswordWrong);
  if (user.mfaEnrolledAt !== null && (input.mfaCode ?? '').trim() === '') {
    throw new AppError('BAD_REQUEST', PASSWORD_MESSAGES.mfaCodeRequired, OWN_PASSWORD_CODES.mfaCodeRequired);
  }
}

/** Inside the change's transaction: a code of the enrolled second factor, used up with it (403 MFA_CODE_WRONG). */
export async function assertOwnSecondFactor(trx: Db, userId: number, input: TUpdateUserRequest): Promise<void> {
  if ((await checkSecondFactor(trx, userId, input.mfaCode)) === 'refused') {
    throw new AppError('FORBIDDEN', PASSWORD_MESSAGES.mfaCodeWrong, OWN_PASSWORD_CODES.mfaCodeWrong);
  }
}

/** The sign-in limits count a change of one's own password under one's username; any other update is no attempt. */
export const ownPasswordAttempt: AttemptUser = (req) => {
  const body = req.body as TUpdateUserRequest;
  const { id } = req.params as { id: number };
  const me = currentUser(req);
  return body.password !== undefined && id === Number(me.sub) ? me.userName.toLowerCase() : null;
};
