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

/** A session: what sign-in answers when no second factor is due (agents always), and what POST /api/auth/mfa answers. */
export const ZSignInResponse = z.object({ jwtToken: z.string() });
export type TSignInResponse = z.infer<typeof ZSignInResponse>;

/**
 * The right password of an enrolled administrator (or QC inspector under MFA_REQUIRED=admins,qc): no token yet, a
 * five-minute, single-use mfaToken to send with the code to POST /api/auth/mfa (docs/trust.md, Second factor).
 */
export const ZMfaRequired = z.object({ mfaRequired: z.literal(true), mfaToken: z.string() });
export type TMfaRequired = z.infer<typeof ZMfaRequired>;

/**
 * The right password of a user who must enrol: the secret (base32) and its otpauth:// URL, shown once (QR code and
 * text). canSkip/skipsLeft while the user may still put enrolment off (MFA_GRACE_SIGNINS): POST /api/auth/mfa/skip.
 */
export const ZEnrolRequired = z.object({
  enrolRequired: z.literal(true),
  mfaToken: z.string(),
  secret: z.string(),
  otpauthUrl: z.string(),
  canSkip: z.boolean().optional(),
  skipsLeft: z.number().int().min(0).optional(),
});
export type TEnrolRequired = z.infer<typeof ZEnrolRequired>;

/** POST /api/auth/signInSuperAdmin: a token, or the second step (agents always get a token: they are exempt). */
export const ZAdminSignInResponse = z.union([ZSignInResponse, ZMfaRequired, ZEnrolRequired]);
export type TAdminSignInResponse = z.infer<typeof ZAdminSignInResponse>;

/** POST /api/auth/mfa: the code of the authenticator app (6 digits) or one of the ten recovery codes. */
export const ZMfaRequest = z.object({
  mfaToken: z.string().min(1, 'mfaToken is required').max(200),
  code: z.string().trim().min(1, 'code is required').max(40, 'code must be at most 40 characters'),
});
export type TMfaRequest = z.infer<typeof ZMfaRequest>;

/** The session, and at enrolment only the ten recovery codes, shown once. recoveryCodesLeft after a recovery code was used. */
export const ZMfaResult = ZSignInResponse.extend({
  recoveryCodes: z.array(z.string()).optional(),
  recoveryCodesLeft: z.number().int().min(0).optional(),
});
export type TMfaResult = z.infer<typeof ZMfaResult>;

/** POST /api/auth/mfa/skip: put enrolment off once more (while skipsLeft > 0). */
export const ZMfaSkipRequest = z.object({ mfaToken: z.string().min(1, 'mfaToken is required').max(200) });
export type TMfaSkipRequest = z.infer<typeof ZMfaSkipRequest>;

/** The `code` beside `message` of the second factor's refusals (docs/trust.md, Second factor): the web decides by it. */
export const MFA_CODES = {
  /** 401: the mfaToken is unknown, was used, or its 5 minutes are over: sign in again with the password. */
  tokenInvalid: 'MFA_TOKEN_INVALID',
  /** 401: neither the authenticator's code of now (±30 s) nor an unused recovery code. The same mfaToken may try again. */
  codeWrong: 'MFA_CODE_WRONG',
  /** 401: the authenticator's code was right but already used: wait for the next one. */
  codeUsed: 'MFA_CODE_USED',
  /** 403: enrolment cannot be put off (no skips left, or the factor is enrolled already). */
  skipRefused: 'MFA_SKIP_REFUSED',
  /** 403: DELETE /api/users/{id}/mfa of one's own account (the `admin` user's: npm run reset-mfa on the server). */
  resetOwn: 'MFA_RESET_OWN',
} as const;

/** DELETE /api/users/{id}/mfa: the account's factor is gone; it enrols again at its next sign-in. */
export const ZMfaResetResult = z.object({ message: z.string() });
export type TMfaResetResult = z.infer<typeof ZMfaResetResult>;

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
export const ZSessionUser = ZTokenPayload.pick({
  userName: true,
  name: true,
  roles: true,
  agentId: true,
  shift: true,
  campaign: true,
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/** GET /api/auth/media-token: a short-lived token for <audio> and EventSource, which cannot send headers. */
export const ZMediaToken = z.object({ token: z.string(), expiresAt: z.string() });
export type TMediaToken = z.infer<typeof ZMediaToken>;
