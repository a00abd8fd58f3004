// POST /api/auth/signInSuperAdmin and /api/auth/signInAgent (public, rate-limited).
import { ZErrorReply, ZMediaToken, ZSessionUser, ZSignInAdminRequest, ZSignInAgentRequest, ZSignInResponse, ZSignOutResult } from '@crm/shared';
import { currentUser } from '../../auth/guard.ts';
import type { App } from '../../app-type.ts';
import { EVERY_ROLE, PUBLIC } from '../../auth/roles.ts';
import { bodyUsername, createSignInLimits } from './sign-in-limits.ts';
import { issueMediaToken, sessionUser, signInAgent, signInSuperAdmin, signOut } from './service.ts';

/** The sign-in limits (sign-in-limits.ts) guard both sign-ins. */
export async function authRoutes(app: App) {
  const limit = createSignInLimits(app)(bodyUsername);
  const replies = { 200: ZSignInResponse, 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 429: ZErrorReply };

  app.post('/api/auth/signInSuperAdmin', {
    config: PUBLIC,
    ...limit,
    schema: { body: ZSignInAdminRequest, response: replies },
  }, async (req) => signInSuperAdmin(app.db, app.tokens, req.body, app.config.timeZone));

  app.post('/api/auth/signInAgent', {
    config: PUBLIC,
    ...limit,
    schema: { body: ZSignInAgentRequest, response: replies },
  }, async (req) => signInAgent(app.db, app.tokens, req.body, app.config.timeZone));
}

export async function sessionRoutes(app: App) {
  app.get('/api/auth/me', {
    config: EVERY_ROLE,
    schema: { response: { 200: ZSessionUser } },
  }, async (req) => sessionUser(currentUser(req)));

  app.post('/api/auth/signOut', {
    config: EVERY_ROLE,
    schema: { response: { 200: ZSignOutResult } },
  }, async (req) => signOut(app.db, currentUser(req)));

  app.get('/api/auth/media-token', {
    config: EVERY_ROLE,
    schema: { response: { 200: ZMediaToken } },
  }, async (req) => issueMediaToken(app.tokens, currentUser(req)));
}
