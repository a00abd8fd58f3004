// The sign-in's second step: a random mfaToken, stored as its SHA-256, that lives 5 minutes and works once.
import { createHash, randomBytes } from 'node:crypto';
import { MFA_CODES } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { MFA_MESSAGES } from './messages.ts';

export const MFA_TOKEN_TTL_MS = 5 * 60_000;

export function hashMfaToken(mfaToken: string): string {
  return createHash('sha256').update(mfaToken).digest('hex');
}

export const tokenInvalid = () => new AppError('UNAUTHORIZED', MFA_MESSAGES.tokenInvalid, MFA_CODES.tokenInvalid);

/**
 * A new challenge for the user: 'verify' (an enrolled factor's code) or 'enrol' (the first code of pendingSecret).
 * Challenges over their 5 minutes are cleared on the way.
 */
export async function createChallenge(
  db: Db,
  userId: number,
  kind: 'verify' | 'enrol',
  pendingSecret: string | null,
  nowMs: number = Date.now(),
): Promise<string> {
  const mfaToken = randomBytes(32).toString('base64url');
  await db.deleteFrom('mfaChallenges').where('expiresAt', '<', new Date(nowMs)).execute();
  await db
    .insertInto('mfaChallenges')
    .values({
      tokenHash: hashMfaToken(mfaToken),
      userId,
      kind,
      pendingSecret,
      expiresAt: new Date(nowMs + MFA_TOKEN_TTL_MS),
      usedAt: null,
    })
    .execute();
  return mfaToken;
}

/** A challenge that can still be answered, with its user; an unknown, used or expired one, or a disabled user: 401. */
export async function findOpenChallenge(db: Db, mfaToken: string, nowMs: number) {
  const row = await db
    .selectFrom('mfaChallenges as c')
    .innerJoin('users as u', 'u.id', 'c.userId')
    .select(['c.tokenHash', 'c.kind', 'c.pendingSecret', 'c.expiresAt', 'c.usedAt'])
    .select([
      'u.id as userId',
      'u.username',
      'u.name',
      'u.role',
      'u.active',
      'u.tokenVersion',
      'u.mfaSecret',
      'u.mfaLastStep',
      'u.mfaSkips',
    ])
    .where('c.tokenHash', '=', hashMfaToken(mfaToken))
    .executeTakeFirst();
  if (!row || row.usedAt !== null || row.expiresAt.getTime() <= nowMs || !row.active) throw tokenInvalid();
  return row;
}

/** Marks the challenge used, or throws 401 when another request used it first (call it in the step's transaction). */
export async function spendChallenge(db: Db, tokenHash: string, nowMs: number): Promise<void> {
  const r = await db
    .updateTable('mfaChallenges')
    .set({ usedAt: new Date(nowMs) })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date(nowMs))
    .executeTakeFirst();
  if (r.numUpdatedRows !== 1n) throw tokenInvalid();
}

/** The lower-cased username a challenge belongs to, for the sign-in limits (an unknown token counts on its own). */
export async function challengeUsername(db: Db, mfaToken: string): Promise<string> {
  const row = await db
    .selectFrom('mfaChallenges as c')
    .innerJoin('users as u', 'u.id', 'c.userId')
    .select('u.username')
    .where('c.tokenHash', '=', hashMfaToken(mfaToken))
    .executeTakeFirst();
  return row ? row.username.toLowerCase() : `mfa-token:${hashMfaToken(mfaToken).slice(0, 16)}`;
}
