// POST /api/auth/signInSuperAdmin and /api/auth/signInAgent (public, rate-limited).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, ZErrorReply, ZMediaToken, ZSessionUser, ZSignInAdminRequest, ZSignInAgentRequest, ZSignInResponse, ZSignOutResult } from '@crm/shared';
import { currentUser } from '../../auth/guard.ts';
import type { App } from '../../app-type.ts';
import { EVERY_ROLE, PUBLIC } from '../../auth/roles.ts';
import { AppError } from '../../http/errors.ts';
import { createLimiter } from './limiter.ts';
import { issueMediaToken, sessionUser, signInAgent, signInSuperAdmin, signOut } from './service.ts';

const LOGIN_WINDOW_MS = 60_000;

/**
 * Two counts of failed sign-ins, each per minute: per username from every address together (LOGIN_RATE_LIMIT), so
 * rotating addresses or X-Forwarded-For gains nothing against one account, and per client address whatever the
 * usernames (LOGIN_RATE_LIMIT_PER_IP), so one password sprayed over many agent IDs is slowed too. An attempt counts
 * while it runs and is given back unless the credentials were wrong (401): the 200 agents of an office behind one
 * NAT signing in at the start of a shift spend none of the address's allowance, only their typing mistakes do.
 */
export async function authRoutes(app: App) {
  const perUser = createLimiter(app.config.loginRateLimit, LOGIN_WINDOW_MS);
  const perIp = createLimiter(app.config.loginRateLimitPerIp, LOGIN_WINDOW_MS);
  const pruner = setInterval(() => {
    perUser.prune();
    perIp.prune();
  }, LOGIN_WINDOW_MS);
  pruner.unref();
  app.addHook('onClose', async () => clearInterval(pruner));

  /** The keys an attempt in flight was counted under. */
  const counted = new WeakMap<FastifyRequest, { ip: string; user: string }>();
  const tooMany = (reply: FastifyReply, retryAfterSeconds: number) => {
    reply.header('retry-after', String(retryAfterSeconds));
    return new AppError('TOO_MANY_REQUESTS', MESSAGES.login.tooMany);
  };
  const limit = {
    // After validation: the username is known. req.ip is the client's address as far as TRUST_PROXY allows.
    preHandler: async (req: FastifyRequest, reply: FastifyReply) => {
      const body = req.body as { username?: unknown } | undefined;
      const user = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
      const ip = req.ip;
      const byIp = perIp.take(ip);
      if (!byIp.allowed) throw tooMany(reply, byIp.retryAfterSeconds);
      const byUser = perUser.take(user);
      if (!byUser.allowed) {
        perIp.giveBack(ip);
        throw tooMany(reply, byUser.retryAfterSeconds);
      }
      counted.set(req, { ip, user });
    },
    onResponse: async (req: FastifyRequest, reply: FastifyReply) => {
      const keys = counted.get(req);
      if (keys && reply.statusCode !== 401) {
        perIp.giveBack(keys.ip);
        perUser.giveBack(keys.user);
      }
    },
  };
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
