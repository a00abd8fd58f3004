// Sign-in requests, the reply and the token payload (docs/product.md §3 Session user, §7 Auth).
import { z } from 'zod';
import { ROLES, SHIFTS } from '../domain/roles.ts';

const username = z.string().trim().min(1, 'username is required').max(100);
const password = z.string().min(1, 'password is required').max(200);

export const ZSignInAdminRequest = z.object({ username, password });
export type TSignInAdminRequest = z.infer<typeof ZSignInAdminRequest>;

export const ZSignInAgentRequest = z.object({
  username,
  password,
  shift: z.enum(SHIFTS, { message: 'shift must be Morning or Evening' }),
  campaign: z.string().trim().min(1, 'campaign is required').max(200),
});
export type TSignInAgentRequest = z.infer<typeof ZSignInAgentRequest>;

export const ZSignInResponse = z.object({ jwtToken: z.string() });
export type TSignInResponse = z.infer<typeof ZSignInResponse>;

export const ZTokenRole = z.object({ roleName: z.enum(ROLES), roleDescription: z.string() });

export const ZTokenPayload = z.object({
  sub: z.string(),
  userName: z.string(),
  name: z.string(),
  roles: z.array(ZTokenRole).min(1),
  agentId: z.string().optional(),
  shift: z.enum(SHIFTS).optional(),
  campaign: z.string().optional(),
  /** An agent's sign-in record (agent_sessions.id): signing out ends it and with it the token. */
  sid: z.number().int().optional(),
  /** The user's token version when the token was made: raising it (sign-out, new password, disable) ends the token. */
  tv: z.number().int().optional(),
  /** The call centre's time zone (the server's TIME_ZONE) when the token was made: the web app shows times in it. */
  timeZone: z.string().optional(),
  /** Set only on short-lived media tokens (audio, live streams), which travel in a query string. */
  purpose: z.literal('media').optional(),
  exp: z.number().optional(),
  iat: z.number().optional(),
});
export type TTokenPayload = z.infer<typeof ZTokenPayload>;

/** GET /api/auth/me: who the token belongs to (lets the web app confirm a stored session). */
export const ZSessionUser = ZTokenPayload.pick({ userName: true, name: true, roles: true, agentId: true, shift: true, campaign: true });
export type TSessionUser = z.infer<typeof ZSessionUser>;

/** GET /api/auth/media-token: a short-lived token for <audio> and EventSource, which cannot send headers. */
export const ZMediaToken = z.object({ token: z.string(), expiresAt: z.string() });
export type TMediaToken = z.infer<typeof ZMediaToken>;
