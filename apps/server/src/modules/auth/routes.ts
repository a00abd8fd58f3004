// POST /api/auth/signInSuperAdmin, /api/auth/signInAgent and the second step /api/auth/mfa (public, rate-limited).
import {
  ZAdminSignInResponse,
  ZErrorReply,
  ZMediaToken,
  ZSessionUser,
  ZSignInAdminRequest,
  ZSignInAgentRequest,
  ZSignInResponse,
  ZSignOutResult,
} from '@crm/shared';
import { currentUser } from '../../auth/guard.ts';
import type { App } from '../../app-type.ts';
import { EVERY_ROLE, PUBLIC } from '../../auth/roles.ts';
import { mfaResetRoutes, mfaSignInRoutes } from '../mfa/routes.ts';
import { bodyUsername, createSignInLimits } from '../../auth/sign-in-limits.ts';
import { issueMediaToken, sessionUser, signInAgent, signInSuperAdmin, signOut } from './service.ts';

/** One set of sign-in limits (sign-in-limits.ts) guards both sign-ins and the second factor's step. */
export async function authRoutes(app: App) {
  const limits = createSignInLimits(app);
  const limit = limits(bodyUsername);
  const replies = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 429: ZErrorReply };

  app.post(
    '/api/auth/signInSuperAdmin',
    {
      config: PUBLIC,
      ...limit,
      schema: {
        summary: 'Sign in an admin, QC inspector or client account with username and password',
        description:
          'Answers `{jwtToken}`, or, while a second factor is due, `{mfaRequired, mfaToken}` / `{enrolRequired, mfaToken, secret, otpauthUrl}` instead of a token. Rate-limited (429 with `Retry-After`). See docs/trust.md, Second factor and Sign-in limits.',
        body: ZSignInAdminRequest,
        response: { 200: ZAdminSignInResponse, ...replies },
      },
    },
    async (req) =>
      signInSuperAdmin(app.db, app.tokens, req.body, { timeZone: app.config.timeZone, mfa: app.config.mfa }),
  );

  app.post(
    '/api/auth/signInAgent',
    {
      config: PUBLIC,
      ...limit,
      schema: {
        summary: 'Sign in an agent to a campaign for a shift',
        description:
          'Answers `{jwtToken}`; 401 for wrong credentials, rate-limited like the other sign-ins (429). See docs/api.md, Signing in.',
        body: ZSignInAgentRequest,
        response: { 200: ZSignInResponse, ...replies },
      },
    },
    async (req) => signInAgent(app.db, app.tokens, req.body, app.config.timeZone),
  );

  mfaSignInRoutes(app, limits);
  mfaResetRoutes(app);
}

/** Who a session belongs to, signing out, a media token: every role, client accounts too (docs/guide/clients.md). */
const SIGNED_IN = { roles: [...EVERY_ROLE.roles, 'CLIENT'] } as const;

export async function sessionRoutes(app: App) {
  app.get(
    '/api/auth/me',
    {
      config: SIGNED_IN,
      schema: { summary: 'Show who the session token belongs to', response: { 200: ZSessionUser } },
    },
    async (req) => sessionUser(currentUser(req)),
  );

  app.post(
    '/api/auth/signOut',
    {
      config: SIGNED_IN,
      schema: { summary: 'Sign out: end every token of the user, on every device', response: { 200: ZSignOutResult } },
    },
    async (req) => signOut(app.db, currentUser(req)),
  );

  app.get(
    '/api/auth/media-token',
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Get a 5-minute media token for links, audio and event streams',
        description:
          'Only downloads, recordings and streams accept it, as `?token=`; a session token is never accepted in a URL. See docs/api.md, Signing in.',
        response: { 200: ZMediaToken },
      },
    },
    async (req) => issueMediaToken(app.tokens, currentUser(req)),
  );
}
