// The second factor in tests: accounts with a factor enrolled, authenticator codes at a given moment, and the two
// sign-in steps through the real routes.
import { generate } from 'otplib';
import type { TAdminSignInResponse, TDbRole } from '@crm/shared';
import type { Db } from '../db/schema.ts';
import { newRecoveryCodes } from '../modules/mfa/recovery-codes.ts';
import { newTotpSecret } from '../modules/mfa/totp.ts';
import { createUser, type Caller, type TestUser } from './harness.ts';

export type EnrolledUser = TestUser & { secret: string; recoveryCodes: string[] };

/** The authenticator app's code at `ms` (default now); 30 s later is the next step's. */
export async function codeAt(secret: string, ms: number = Date.now()): Promise<string> {
  return generate({ secret, epoch: Math.floor(ms / 1000) });
}

/** Writes a factor for the user as enrolment would: a secret and ten recovery codes. */
export async function enrolFactor(db: Db, user: TestUser): Promise<EnrolledUser> {
  const secret = newTotpSecret();
  const recovery = await newRecoveryCodes();
  await db
    .updateTable('users')
    .set({ mfaSecret: secret, mfaEnrolledAt: new Date() })
    .where('id', '=', user.id)
    .execute();
  await db
    .insertInto('mfaRecoveryCodes')
    .values(recovery.hashes.map((codeHash) => ({ userId: user.id, codeHash, usedAt: null })))
    .execute();
  return { ...user, secret, recoveryCodes: recovery.codes };
}

/** A new account of the role with a factor enrolled. */
export async function createEnrolledUser(db: Db, role: TDbRole): Promise<EnrolledUser> {
  return enrolFactor(db, await createUser(db, { role }));
}

/** The password step of Login As Admin, as the user. */
export async function signInAccount(
  anonymous: Caller,
  user: { username: string; password: string },
): Promise<{ status: number; body: TAdminSignInResponse & { message?: string; code?: string } }> {
  const r = await anonymous.post('/api/auth/signInSuperAdmin', { username: user.username, password: user.password });
  return { status: r.status, body: r.json() };
}

/** The mfaToken of a password step that asked for the second factor; fails the test otherwise. */
export function mfaTokenOf(reply: { status: number; body: TAdminSignInResponse }): string {
  if (reply.status !== 200 || !('mfaToken' in reply.body))
    throw new Error(`expected a second step, got ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.mfaToken;
}

/** A six-digit code that is none of the three the server takes now (the current step and one either side). */
export async function wrongCodeFor(secret: string): Promise<string> {
  const now = Date.now();
  const taken = new Set(await Promise.all([-2, -1, 0, 1, 2].map((s) => codeAt(secret, now + s * 30_000))));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!taken.has(code)) return code;
  }
}
