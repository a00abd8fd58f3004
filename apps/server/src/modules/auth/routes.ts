// POST /api/auth/signInSuperAdmin and /api/auth/signInAgent (public, rate-limited).
import type { FastifyRequest } from 'fastify';
import { MESSAGES, ROLES, ZErrorReply, ZMediaToken, ZSessionUser, ZSignInAdminRequest, ZSignInAgentRequest, ZSignInResponse, ZSignOutResult } from '@crm/shared';
import { currentUser } from '../../auth/guard.ts';
import type { App } from '../../app.ts';
import { AppError } from '../../http/errors.ts';
import { issueMediaToken, sessionUser, signInAgent, signInSuperAdmin, signOut } from './service.ts';

export async function authRoutes(app: App) {
  // Per IP and username: a guessing attack on one account is slowed without locking out a whole office behind one NAT.
  const rateLimit = {
    max: app.config.loginRateLimit,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => {
      const body = req.body as { username?: unknown } | undefined;
      const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
      return `${req.ip}|${username}`;
    },
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS', MESSAGES.login.tooMany),
  };
  const replies = { 200: ZSignInResponse, 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 429: ZErrorReply };

  app.post('/api/auth/signInSuperAdmin', {
    config: { public: true, rateLimit },
    schema: { body: ZSignInAdminRequest, response: replies },
  }, async (req) => signInSuperAdmin(app.db, app.tokens, req.body));

  app.post('/api/auth/signInAgent', {
    config: { public: true, rateLimit },
    schema: { body: ZSignInAgentRequest, response: replies },
  }, async (req) => signInAgent(app.db, app.tokens, req.body));
}

export async function sessionRoutes(app: App) {
  app.get('/api/auth/me', {
    config: { roles: ROLES },
    schema: { response: { 200: ZSessionUser } },
  }, async (req) => sessionUser(currentUser(req)));

  app.post('/api/auth/signOut', {
    config: { roles: ROLES },
    schema: { response: { 200: ZSignOutResult } },
  }, async (req) => signOut(app.db, currentUser(req)));

  app.get('/api/auth/media-token', {
    config: { roles: ROLES },
    schema: { response: { 200: ZMediaToken } },
  }, async (req) => issueMediaToken(app.tokens, currentUser(req)));
}
