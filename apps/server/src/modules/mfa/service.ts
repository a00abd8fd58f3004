// The sign-in's second step (docs/trust.md, Second factor): what the password step answers when a factor is due,
// the code that completes it (enrolling on the way), and putting enrolment off.
import {
  DB_ROLES,
  MFA_CODES,
  type TDbRole,
  type TEnrolRequired,
  type TMfaRequest,
  type TMfaRequired,
  type TMfaResult,
  type TMfaSkipRequest,
  type TSignInResponse,
} from '@crm/shared';
import type { TMfaConfig } from '../../config.ts';
import type { Db } from '../../db/schema.ts';
import type { TokenService } from '../../auth/tokens.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { signAccountSession, type TSessionAccount } from '../../auth/session-token.ts';
import { createChallenge, findOpenChallenge, spendChallenge, tokenInvalid } from './challenges.ts';
import { MFA_MESSAGES } from './messages.ts';
import { newRecoveryCodes } from './recovery-codes.ts';
import { newTotpSecret, totpUrl } from './totp.ts';
import { matchCode, spendCode } from './verify.ts';

/** The account that gave the right password. */
export type TSignedInAccount = { id: number; username: string; role: TDbRole };

/** Whether the role must have a second factor under MFA_REQUIRED (agents never: shared floor machines). */
function isRequired(role: TDbRole, mfa: TMfaConfig): boolean {
  return (mfa.requiredRoles as readonly TDbRole[]).includes(role);
}

/**
 * After the right password: null when no second factor is due (the caller issues the token), else the second step.
 * MFA_REQUIRED=none turns the step off for everyone. Otherwise an account with a factor enrolled gives its code
 * (even a QC inspector under MFA_REQUIRED=admins who enrolled), and one that must have a factor enrols: a new
 * secret, kept in the challenge until its first code confirms it, with skips while MFA_GRACE_SIGNINS allows.
 */
export async function startSecondFactor(
  db: Db,
  user: TSignedInAccount,
  mfa: TMfaConfig,
  nowMs: number = Date.now(),
): Promise<TMfaRequired | TEnrolRequired | null> {
  if (mfa.requiredRoles.length === 0 || user.role === 'agent') return null;
  const factor = await db
    .selectFrom('users')
    .select(['mfaSecret', 'mfaSkips'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  if (factor.mfaSecret !== null)
    return { mfaRequired: true, mfaToken: await createChallenge(db, user.id, 'verify', null, nowMs) };
  if (!isRequired(user.role, mfa)) return null;
  const secret = newTotpSecret();
  const mfaToken = await createChallenge(db, user.id, 'enrol', secret, nowMs);
  const skipsLeft = mfa.graceSignIns - factor.mfaSkips;
  return {
    enrolRequired: true,
    mfaToken,
    secret,
    otpauthUrl: totpUrl(secret, user.username),
    ...(skipsLeft > 0 ? { canSkip: true, skipsLeft } : {}),
  };
}

/** The account itself as the actor of its own enrolment or skip (the audit log's "who"). */
function selfActor(user: { userId: number; username: string; role: TDbRole }, ip: string | null): TAuditActor {
  return { userId: user.userId, username: user.username, role: DB_ROLES[user.role], ip };
}

/** The challenge's user as the token names it. */
function accountOf(c: {
  userId: number;
  username: string;
  name: string;
  role: TDbRole;
  tokenVersion: number;
}): TSessionAccount {
  return { id: c.userId, username: c.username, name: c.name, role: c.role, tokenVersion: c.tokenVersion };
}

export type TStepContext = { timeZone: string; ip: string | null };

const codeWrong = () => new AppError('UNAUTHORIZED', MFA_MESSAGES.codeWrong, MFA_CODES.codeWrong);
const codeUsed = () => new AppError('UNAUTHORIZED', MFA_MESSAGES.codeUsed, MFA_CODES.codeUsed);

/**
 * POST /api/auth/mfa: the code (authenticator or recovery) of the challenge's user → the session token, as the
 * password step would have issued it. An enrolment's first right code stores its secret and answers the ten recovery
 * codes (once); a recovery code answers how many are left. A wrong code is a 401 and leaves the mfaToken usable
 * until its 5 minutes are over (typing mistakes), the sign-in limits counting each; a right one uses it up.
 */
export async function completeSecondFactor(
  db: Db,
  tokens: TokenService,
  input: TMfaRequest,
  context: TStepContext,
  nowMs: number = Date.now(),
): Promise<TMfaResult> {
  const challenge = await findOpenChallenge(db, input.mfaToken, nowMs);
  const enrolling = challenge.kind === 'enrol';
  const secret = enrolling ? challenge.pendingSecret : challenge.mfaSecret;
  // The factor changed since the password step (reset, or enrolled by another sign-in): start again.
  if (secret === null || (enrolling && challenge.mfaSecret !== null)) throw tokenInvalid();
  // An enrolment's secret is new: no step of it was used, and there are no recovery codes yet.
  const match = await matchCode(
    db,
    challenge.userId,
    secret,
    enrolling ? null : challenge.mfaLastStep,
    input.code,
    nowMs,
  );
  if (match.kind === 'wrong' || (enrolling && match.kind === 'recovery')) throw codeWrong();
  if (match.kind === 'used') throw codeUsed();
  // Hashed before the transaction: ten argon2id hashes take a while, and need no connection.
  const recovery = enrolling ? await newRecoveryCodes() : null;

  return db.transaction().execute(async (trx) => {
    await spendChallenge(trx, challenge.tokenHash, nowMs);
    const result: Omit<TMfaResult, 'jwtToken'> = {};
    if (enrolling && recovery && match.kind === 'totp') {
      const enrolled = await trx
        .updateTable('users')
        .set({ mfaSecret: secret, mfaEnrolledAt: new Date(nowMs), mfaLastStep: match.step })
        .where('id', '=', challenge.userId)
        .where('mfaSecret', 'is', null)
        .executeTakeFirst();
      if (enrolled.numUpdatedRows !== 1n) throw tokenInvalid();
      await trx.deleteFrom('mfaRecoveryCodes').where('userId', '=', challenge.userId).execute();
      await trx
        .insertInto('mfaRecoveryCodes')
        .values(recovery.hashes.map((codeHash) => ({ userId: challenge.userId, codeHash, usedAt: null })))
        .execute();
      await recordAudit(trx, selfActor(challenge, context.ip), {
        action: 'update',
        objectType: 'user',
        objectId: challenge.userId,
        changes: { before: { mfaEnrolled: false }, after: { mfaEnrolled: true }, note: 'second factor enrolled' },
      });
      result.recoveryCodes = recovery.codes;
    } else {
      // Another request at the same moment took this code first.
      if (!(await spendCode(trx, challenge.userId, match))) throw match.kind === 'totp' ? codeUsed() : codeWrong();
      if (match.kind === 'recovery') {
        const left = await trx
          .selectFrom('mfaRecoveryCodes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('userId', '=', challenge.userId)
          .where('usedAt', 'is', null)
          .executeTakeFirstOrThrow();
        result.recoveryCodesLeft = Number(left.n);
      }
    }
    const jwtToken = await signAccountSession(tokens, accountOf(challenge), context.timeZone);
    return { jwtToken, ...result };
  });
}

/**
 * POST /api/auth/mfa/skip: an enrolment put off once more while MFA_GRACE_SIGNINS allows → the session token. 403
 * (MFA_SKIP_REFUSED) once no skip is left, or for an account that has a factor; the mfaToken then still enrols.
 */
export async function skipEnrolment(
  db: Db,
  tokens: TokenService,
  input: TMfaSkipRequest,
  context: TStepContext & { graceSignIns: number },
  nowMs: number = Date.now(),
): Promise<TSignInResponse> {
  const challenge = await findOpenChallenge(db, input.mfaToken, nowMs);
  if (challenge.kind !== 'enrol' || challenge.mfaSecret !== null)
    throw new AppError('FORBIDDEN', MFA_MESSAGES.enrolledAlready, MFA_CODES.skipRefused);
  return db.transaction().execute(async (trx) => {
    const skipped = await trx
      .updateTable('users')
      .set((eb) => ({ mfaSkips: eb('mfaSkips', '+', 1) }))
      .where('id', '=', challenge.userId)
      .where('mfaSecret', 'is', null)
      .where('mfaSkips', '<', context.graceSignIns)
      .returning('mfaSkips')
      .executeTakeFirst();
    if (!skipped) throw new AppError('FORBIDDEN', MFA_MESSAGES.noSkipsLeft, MFA_CODES.skipRefused);
    await spendChallenge(trx, challenge.tokenHash, nowMs);
    await recordAudit(trx, selfActor(challenge, context.ip), {
      action: 'update',
      objectType: 'user',
      objectId: challenge.userId,
      changes: {
        before: { mfaSkips: skipped.mfaSkips - 1 },
        after: { mfaSkips: skipped.mfaSkips },
        note: 'second factor enrolment put off',
      },
    });
    const jwtToken = await signAccountSession(tokens, accountOf(challenge), context.timeZone);
    return { jwtToken };
  });
}
