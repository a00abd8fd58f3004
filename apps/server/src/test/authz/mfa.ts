// The authorization matrix's rows and probes of the second factor, and the world's sign-ins through it: with
// MATRIX_MFA on, an admin's or inspector's password step must answer no token, only the step the code completes.
import type { TAdminSignInResponse, TMfaResult } from '@crm/shared';
import type { App } from '../../app-type.ts';
import type { TMfaConfig } from '../../config.ts';
import { createChallenge } from '../../modules/mfa/challenges.ts';
import { newTotpSecret } from '../../modules/mfa/totp.ts';
import type { ProbeSpec, World } from './types.ts';
import { caller, createUser, type Reply } from '../harness.ts';
import { codeAt } from '../mfa-support.ts';

/** The matrix runs with a second factor for admins, QC inspectors and clients: the world's sign-ins go through it. */
export const MATRIX_MFA: TMfaConfig = { requiredRoles: ['admin', 'qc', 'client'], graceSignIns: 3 };

export const MFA_EXPECTATIONS: Record<string, string> = {
  // The second step of a sign-in: public, like the password step; the mfaToken is what authorizes it.
  'POST /api/auth/mfa': 'A A A A A A',
  'POST /api/auth/mfa/skip': 'A A A A A A',
  // Resetting another account's factor: admins only.
  'DELETE /api/users/:id/mfa': 'D D D D D A',
};

/** A factor without recovery codes (ten argon2id hashes per probe call would only slow the matrix). */
async function withSecret(app: App, user: { id: number }): Promise<{ id: number; secret: string }> {
  const secret = newTotpSecret();
  await app.db
    .updateTable('users')
    .set({ mfaSecret: secret, mfaEnrolledAt: new Date() })
    .where('id', '=', user.id)
    .execute();
  return { id: user.id, secret };
}

export function MFA_PROBES(w: World): Record<string, ProbeSpec> {
  return {
    // A new inspector with a factor and an open second step for each caller: the code of now is theirs alone.
    'POST /api/auth/mfa': async () => {
      const qc = await withSecret(w.app, await createUser(w.app.db, { role: 'qc' }));
      return {
        url: '/api/auth/mfa',
        body: { mfaToken: await createChallenge(w.app.db, qc.id, 'verify', null), code: await codeAt(qc.secret) },
      };
    },
    // A new inspector who must enrol, with skips left.
    'POST /api/auth/mfa/skip': async () => {
      const qc = await createUser(w.app.db, { role: 'qc' });
      return {
        url: '/api/auth/mfa/skip',
        body: { mfaToken: await createChallenge(w.app.db, qc.id, 'enrol', newTotpSecret()) },
      };
    },
    'DELETE /api/users/:id/mfa': async () => {
      const qc = await withSecret(w.app, await createUser(w.app.db, { role: 'qc' }));
      return { url: `/api/users/${qc.id}/mfa` };
    },
  };
}

/** The recovery codes of each account the world enrolled: later sign-ins use them (the code of now is used up). */
const recoveryCodes = new Map<string, string[]>();

/**
 * Completes Login As Admin from its password step's reply: enrols on the first sign-in (the secret's code of now)
 * and answers later ones with a recovery code. Throws when the password step gave a token while a second factor
 * is required: the matrix's proof that no admin or inspector gets one before the code.
 */
export async function finishAdminSignIn(app: App, reply: Reply, username: string): Promise<string> {
  if (reply.status !== 200) throw new Error(`sign-in of ${username}: ${reply.status} ${reply.text}`);
  const step = reply.json<TAdminSignInResponse>();
  if ('jwtToken' in step) {
    if (app.config.mfa.requiredRoles.length > 0)
      throw new Error(`sign-in of ${username}: a token before the second factor`);
    return step.jwtToken;
  }
  const anonymous = caller(app);
  let r: Reply;
  if ('enrolRequired' in step) {
    r = await anonymous.post('/api/auth/mfa', { mfaToken: step.mfaToken, code: await codeAt(step.secret) });
    recoveryCodes.set(username, r.json<TMfaResult>().recoveryCodes ?? []);
  } else {
    // The first unused one: the server compares it with the first stored hash first.
    const code = recoveryCodes.get(username)?.shift();
    if (!code) throw new Error(`sign-in of ${username}: no recovery code left`);
    r = await anonymous.post('/api/auth/mfa', { mfaToken: step.mfaToken, code });
  }
  if (r.status !== 200) throw new Error(`second step of ${username}: ${r.status} ${r.text}`);
  return r.json<TMfaResult>().jwtToken;
}
