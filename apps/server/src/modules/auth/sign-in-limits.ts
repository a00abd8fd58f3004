// The sign-in limits: failed attempts counted per username and per client address (docs/trust.md, Sign-in limits).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@crm/shared';
import type { App } from '../../app-type.ts';
import { AppError } from '../../http/errors.ts';
import { createLimiter } from './limiter.ts';

const LOGIN_WINDOW_MS = 60_000;

/** Whose attempt a request is: the lower-cased username (an empty string when it cannot be told). */
export type AttemptUser = (req: FastifyRequest) => string | Promise<string>;

export type SignInLimitHooks = {
  preHandler: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  onResponse: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

/** The username of a sign-in body. */
export const bodyUsername: AttemptUser = (req) => {
  const body = req.body as { username?: unknown } | undefined;
  return typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
};

/**
 * Two counts of failed sign-ins, each per minute: per username from every address together (LOGIN_RATE_LIMIT), so
 * rotating addresses or X-Forwarded-For gains nothing against one account, and per client address whatever the
 * usernames (LOGIN_RATE_LIMIT_PER_IP), so one password sprayed over many agent IDs is slowed too. An attempt counts
 * while it runs and is given back unless it was refused as wrong (401): the 200 agents of an office behind one
 * NAT signing in at the start of a shift spend none of the address's allowance, only their typing mistakes do.
 * Every route that checks a secret (a password, a second-factor code) takes the hooks of one set of counts.
 */
export function createSignInLimits(app: App): (userOf: AttemptUser) => SignInLimitHooks {
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
  return (userOf) => ({
    // After validation: the username is known. req.ip is the client's address as far as TRUST_PROXY allows.
    preHandler: async (req, reply) => {
      const user = await userOf(req);
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
    onResponse: async (req, reply) => {
      const keys = counted.get(req);
      if (keys && reply.statusCode !== 401) {
        perIp.giveBack(keys.ip);
        perUser.giveBack(keys.user);
      }
    },
  });
}
