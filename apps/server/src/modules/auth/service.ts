// Sign-in for administrators, QC inspectors and agents.
import { sql } from 'kysely';
import { DB_ROLES, MESSAGES, ROLE_DESCRIPTIONS, type TMediaToken, type TSessionUser, type TTokenPayload, type TSignInAdminRequest, type TSignInAgentRequest, type TSignInResponse, type TSignOutResult } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { dummyHash, verifyPassword } from '../../auth/password.ts';
import { MEDIA_TOKEN_TTL_SECONDS, type TokenService } from '../../auth/tokens.ts';
import { AppError, badRequest, unauthorized } from '../../http/errors.ts';
import { findUserByUsername } from '../users/service.ts';

type Role = 'admin' | 'qc' | 'agent';

async function authenticate(db: Db, username: string, password: string, roles: readonly Role[]) {
  const user = await findUserByUsername(db, username, roles);
  // Compare against a dummy hash when the user is unknown so both paths take the same time.
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
  if (!user || !ok) throw unauthorized(MESSAGES.login.wrongCredentials);
  if (!user.active) throw new AppError('FORBIDDEN', MESSAGES.login.inactive);
  return user;
}

function roleClaim(role: Role) {
  const roleName = DB_ROLES[role];
  return [{ roleName, roleDescription: ROLE_DESCRIPTIONS[roleName] }];
}

/** Administrators and QC inspectors (spec §7 signInSuperAdmin). */
export async function signInSuperAdmin(db: Db, tokens: TokenService, input: TSignInAdminRequest): Promise<TSignInResponse> {
  const user = await authenticate(db, input.username, input.password, ['admin', 'qc']);
  const jwtToken = await tokens.sign({ sub: String(user.id), userName: user.username, name: user.name, roles: roleClaim(user.role) });
  return { jwtToken };
}

/** Agents sign in with their agentId, a shift and an active campaign. */
export async function signInAgent(db: Db, tokens: TokenService, input: TSignInAgentRequest): Promise<TSignInResponse> {
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
    });
    return { jwtToken };
  });
}

/** Ends an agent's sign-in record (and with it the token); other users have none, so it only answers. */
export async function signOut(db: Db, user: TTokenPayload): Promise<TSignOutResult> {
  if (user.sid !== undefined) {
    await db.updateTable('agentSessions').set({ signedOutAt: new Date() }).where('id', '=', user.sid).where('signedOutAt', 'is', null).execute();
  }
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
