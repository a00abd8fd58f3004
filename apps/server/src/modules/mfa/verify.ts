// Checking a code of a user's enrolled second factor: the sign-in's second step and the change of one's own password.
import type { Db } from '../../db/schema.ts';
import { matchRecoveryCode } from './recovery-codes.ts';
import { isTotpShape, matchTotpStep } from './totp.ts';

/** What a code proved: the authenticator's time step, or one stored recovery code. */
export type TCodeMatch = { kind: 'totp'; step: number } | { kind: 'recovery'; id: number };

/** Why a code was not taken: no match, or the authenticator's code of a step already used (a replay). */
export type TCodeMiss = { kind: 'wrong' } | { kind: 'used' };

/**
 * Which of the user's factors the code matches: a six-digit code against the TOTP secret (±1 step), anything else
 * against the unused recovery codes. Reads only; spendCode makes it count.
 */
export async function matchCode(
  db: Db,
  userId: number,
  secret: string,
  lastStep: number | null,
  code: string,
  nowMs: number,
): Promise<TCodeMatch | TCodeMiss> {
  // Apps show the code as "123 456": typed so, it is the same six digits.
  const digits = code.replace(/\s/g, '');
  if (isTotpShape(digits)) {
    const step = await matchTotpStep(secret, digits, nowMs);
    if (step === null) return { kind: 'wrong' };
    return lastStep !== null && step <= lastStep ? { kind: 'used' } : { kind: 'totp', step };
  }
  const stored = await db
    .selectFrom('mfaRecoveryCodes')
    .select(['id', 'codeHash'])
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .orderBy('id')
    .execute();
  const id = await matchRecoveryCode(code, stored);
  return id === null ? { kind: 'wrong' } : { kind: 'recovery', id };
}

/**
 * Uses the code up, or answers false when a request at the same moment used it first: the step becomes the last
 * accepted (a code of it or an earlier step never works again), or the recovery code is marked used.
 */
export async function spendCode(db: Db, userId: number, match: TCodeMatch): Promise<boolean> {
  if (match.kind === 'totp') {
    const r = await db
      .updateTable('users')
      .set({ mfaLastStep: match.step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('mfaLastStep', 'is', null), eb('mfaLastStep', '<', match.step)]))
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }
  const r = await db
    .updateTable('mfaRecoveryCodes')
    .set({ usedAt: new Date() })
    .where('id', '=', match.id)
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/**
 * The outcome of checkSecondFactor: the user has no factor enrolled (nothing to check), or the code was taken (and
 * is now used up), or it was not (missing, wrong, or used before).
 */
export type TSecondFactorCheck = 'not-enrolled' | 'accepted' | 'refused';

/**
 * Checks a code (authenticator or recovery) of the user's enrolled second factor and uses it up when right. Call it
 * inside the transaction of the change it guards, so a change that rolls back leaves the code unused. A user without
 * a factor gets 'not-enrolled' whatever the code: the caller decides whether that is enough.
 */
export async function checkSecondFactor(
  db: Db,
  userId: number,
  code: string | undefined,
  nowMs: number = Date.now(),
): Promise<TSecondFactorCheck> {
  const user = await db
    .selectFrom('users')
    .select(['mfaSecret', 'mfaLastStep'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user?.mfaSecret) return 'not-enrolled';
  const typed = code?.trim() ?? '';
  if (typed === '') return 'refused';
  const match = await matchCode(db, userId, user.mfaSecret, user.mfaLastStep, typed, nowMs);
  if (match.kind === 'wrong' || match.kind === 'used') return 'refused';
  return (await spendCode(db, userId, match)) ? 'accepted' : 'refused';
}
