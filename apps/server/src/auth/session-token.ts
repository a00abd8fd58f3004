// The session token of an administrator or QC inspector, as both sign-in steps mint it (password, second factor).
import { DB_ROLES, ROLE_DESCRIPTIONS, type TDbRole } from '@crm/shared';
import type { TokenService } from './tokens.ts';

/** The roles claim of a token: the one role, with its description. */
export function roleClaim(role: TDbRole) {
  const roleName = DB_ROLES[role];
  return [{ roleName, roleDescription: ROLE_DESCRIPTIONS[roleName] }];
}

/** The account as read at sign-in: who the token names, and the token version it carries. */
export type TSessionAccount = { id: number; username: string; name: string; role: TDbRole; tokenVersion: number };

/** A session token of an administrator or QC inspector; it says the call centre's time zone too. */
export async function signAccountSession(
  tokens: TokenService,
  user: TSessionAccount,
  timeZone: string,
): Promise<string> {
  return tokens.sign({
    sub: String(user.id),
    userName: user.username,
    name: user.name,
    roles: roleClaim(user.role),
    tv: user.tokenVersion,
    timeZone,
  });
}
