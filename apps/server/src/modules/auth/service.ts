// Sign-in for administrators, QC inspectors, client accounts and agents.
import { sql } from 'kysely';
import {
  MESSAGES,
  type TAdminSignInResponse,
  type TDbRole,
  type TMediaToken,
  type TSessionUser,
  type TTokenPayload,
  type TSignInAdminRequest,
  type TSignInAgentRequest,
  type TSignInResponse,
  type TSignOutResult,
} from '@crm/shared';
import type { TMfaConfig } from '../../config.ts';
import type { Db } from '../../db/schema.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../../auth/password.ts';
import { MEDIA_TOKEN_TTL_SECONDS, type TokenService } from '../../auth/tokens.ts';
import { badRequest, unauthorized } from '../../http/errors.ts';
import { findUserByUsername } from '../users/service.ts';
import { endUserSessions } from '../../auth/end-sessions.ts';
import { startSecondFactor } from '../mfa/service.ts';
import { roleClaim, signAccountSession } from '../../auth/session-token.ts';

async function authenticate(db: Db, username: string, password: string, roles: readonly TDbRole[]) {
  const user = await findUserByUsername(db, username, roles);
  // Compare against a dummy hash when the user is unknown so both paths take the same time (it has today's
  // parameters, so it costs what a real hash costs).
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
  if (!user || !ok) throw unauthorized(MESSAGES.login.wrongCredentials);
  if (!user.active) throw unauthorized(MESSAGES.login.wrongCredentials); // as a wrong password: confirms nothing, counted
  // A hash below today's cost (scrypt, weaker argon2id) is replaced now that the password is known. Only while it is
  // still the hash just verified: a password reset meanwhile wins. Tokens stay valid (the password did not change).
  if (needsRehash(user.passwordHash)) {
    try {
      const passwordHash = await hashPassword(password);
      await db
        .updateTable('users')
        .set({ passwordHash })
        .where('id', '=', user.id)
        .where('passwordHash', '=', user.passwordHash)
        .execute();
    } catch (e) {
      // Best effort: the sign-in goes on with the old hash, tried again next time. No logger reaches this function
      // (it gets the database only; the request's logger stays in routes.ts), so a process warning on stderr.
      process.emitWarning(
        `Could not upgrade the password hash of user ${user.id} at sign-in: ${e instanceof Error ? e.message : String(e)}`,
        {
          code: 'CRM_PASSWORD_REHASH',
        },
      );
    }
  }
  return user;
}

/**
 * Administrators, QC inspectors and client accounts (docs/product.md §7 signInSuperAdmin, docs/guide/clients.md). The token says the call centre's time zone
 * too. When a second factor is due (docs/trust.md, Second factor) the right password gets no token yet: the reply
 * is the second step's mfaToken, to send with the code to POST /api/auth/mfa.
 */
export async function signInSuperAdmin(
  db: Db,
  tokens: TokenService,
  input: TSignInAdminRequest,
  options: { timeZone: string; mfa: TMfaConfig },
): Promise<TAdminSignInResponse> {
  const user = await authenticate(db, input.username, input.password, ['admin', 'qc', 'client']);
  const secondStep = await startSecondFactor(db, user, options.mfa);
  if (secondStep !== null) return secondStep;
  return { jwtToken: await signAccountSession(tokens, user, options.timeZone) };
}

/** Agents sign in with their agentId, a shift and an active campaign. The token says the call centre's time zone too. */
export async function signInAgent(
  db: Db,
  tokens: TokenService,
  input: TSignInAgentRequest,
  timeZone: string,
): Promise<TSignInResponse> {
  const user = await authenticate(db, input.username, input.password, ['agent']);
  const campaign = await db
    .selectFrom('campaigns')
    .select(['id', 'campaignName'])
    .where(sql<string>`lower(campaign_name)`, '=', input.campaign.toLowerCase())
    .where('status', '=', true)
    .executeTakeFirst();
  if (!campaign) throw badRequest(MESSAGES.login.campaignUnavailable);
  // The sign-in record (agent, shift, campaign, times); its id goes in the token so signing out ends both. Stored
  // with the token made, or not at all: a sign-in that fails leaves no agent shown online.
  return db.transaction().execute(async (trx) => {
    const session = await trx
      .insertInto('agentSessions')
      .values({
        userId: user.id,
        agentId: user.username,
        agentName: user.name,
        shift: input.shift,
        campaignId: campaign.id,
        campaignName: campaign.campaignName,
        expiresAt: new Date(Date.now() + tokens.ttlSeconds * 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const jwtToken = await tokens.sign({
      sub: String(user.id),
      userName: user.username,
      name: user.name,
      roles: roleClaim('agent'),
      agentId: user.username,
      shift: input.shift,
      campaign: campaign.campaignName,
      sid: session.id,
      tv: user.tokenVersion,
      timeZone,
    });
    return { jwtToken };
  });
}

/** Ends every token of the user, of any role, on every device, and an agent's open sign-in records. */
export async function signOut(db: Db, user: TTokenPayload): Promise<TSignOutResult> {
  await db.transaction().execute((trx) => endUserSessions(trx, Number(user.sub)));
  return { message: MESSAGES.auth.signedOut };
}

/** The session a token stands for, without its timing claims. */
export function sessionUser(token: TTokenPayload): TSessionUser {
  const { userName, name, roles, agentId, shift, campaign } = token;
  return { userName, name, roles, agentId, shift, campaign };
}

/** A five-minute token for media URLs; it carries the same identity and only opens queryToken routes. */
export async function issueMediaToken(tokens: TokenService, user: TTokenPayload): Promise<TMediaToken> {
  const { exp: _exp, iat: _iat, ...identity } = user;
  const token = await tokens.sign({ ...identity, purpose: 'media' }, MEDIA_TOKEN_TTL_SECONDS);
  return { token, expiresAt: new Date(Date.now() + MEDIA_TOKEN_TTL_SECONDS * 1000).toISOString() };
}
