// The second factor's routes: the sign-in's second step (POST /api/auth/mfa, /api/auth/mfa/skip; public, under the
// sign-in limits) and an administrator's reset of another account's factor (DELETE /api/users/{id}/mfa).
import {
  ZErrorReply,
  ZMfaRequest,
  ZMfaResetResult,
  ZMfaResult,
  ZMfaSkipRequest,
  ZSignInResponse,
  ZUserIdParams,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS, PUBLIC } from '../../auth/roles.ts';
import { actorOf } from '../../auth/actor.ts';
import type { AttemptUser, SignInLimitHooks } from '../../auth/sign-in-limits.ts';
import { challengeUsername } from './challenges.ts';
import { resetSecondFactor } from './reset.ts';
import { completeSecondFactor, skipEnrolment } from './service.ts';

/** Whose attempt a second step is: the user of the challenge its mfaToken names. */
function challengeUser(app: App): AttemptUser {
  return (req) => {
    const body = req.body as { mfaToken?: unknown } | undefined;
    return typeof body?.mfaToken === 'string' ? challengeUsername(app.db, body.mfaToken) : '';
  };
}

/**
 * The second step, declared with the sign-ins' own limits (one set of counts: a wrong code is a failed sign-in of
 * the challenge's user, a 401 counted like a wrong password).
 */
export function mfaSignInRoutes(app: App, limits: (userOf: AttemptUser) => SignInLimitHooks): void {
  const limit = limits(challengeUser(app));
  const replies = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 429: ZErrorReply };

  app.post(
    '/api/auth/mfa',
    {
      config: PUBLIC,
      ...limit,
      schema: {
        tags: ['mfa'],
        summary: "Finish a sign-in with the second factor's code",
        description:
          "`{mfaToken, code}`: the authenticator's 6 digits or a recovery code, within 5 minutes, once. 401 with `code` `MFA_CODE_WRONG`, `MFA_CODE_USED` or `MFA_TOKEN_INVALID`. See docs/trust.md, Second factor.",
        body: ZMfaRequest,
        response: { 200: ZMfaResult, ...replies },
      },
    },
    async (req) =>
      completeSecondFactor(app.db, app.tokens, req.body, { timeZone: app.config.timeZone, ip: req.ip || null }),
  );

  app.post(
    '/api/auth/mfa/skip',
    {
      config: PUBLIC,
      ...limit,
      schema: {
        tags: ['mfa'],
        summary: 'Put off enrolling a second factor while skips are left',
        description: '403 `MFA_SKIP_REFUSED` when no skip is left. See docs/trust.md, Second factor.',
        body: ZMfaSkipRequest,
        response: { 200: ZSignInResponse, ...replies },
      },
    },
    async (req) =>
      skipEnrolment(app.db, app.tokens, req.body, {
        timeZone: app.config.timeZone,
        ip: req.ip || null,
        graceSignIns: app.config.mfa.graceSignIns,
      }),
  );
}

/** An administrator resets another account's factor (reset.ts says why never one's own). */
export function mfaResetRoutes(app: App): void {
  app.delete(
    '/api/users/:id/mfa',
    {
      config: ADMINS,
      schema: {
        tags: ['mfa'],
        summary: "Reset another admin's or QC inspector's second factor",
        description:
          "Audited; their sessions end. One's own: 403 `MFA_RESET_OWN`; an agent: 404. See docs/trust.md, Second factor.",
        params: ZUserIdParams,
        response: { 200: ZMfaResetResult, 403: ZErrorReply, 404: ZErrorReply },
      },
    },
    async (req) => resetSecondFactor(app.db, req.params.id, actorOf(req)),
  );
}
