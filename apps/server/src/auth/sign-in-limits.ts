// The sign-in limits: failed attempts counted per username and per client address (docs/trust.md, Sign-in limits).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OWN_PASSWORD_CODES, SIGN_IN_LIMIT_CODES, signInLimitMessage, type TSignInLimitCode } from '@crm/shared';
import type { App } from '../app-type.ts';
import type { TConfig } from '../config.ts';
import { AppError } from '../http/errors.ts';
import { createLimiter } from './limiter.ts';
import {
  clearAccountFailures,
  findSignInFailures,
  pruneSignInFailures,
  recordSignInFailure,
  signInWait,
  type TDailyLimits,
} from './limiter-daily.ts';

const LOGIN_WINDOW_MS = 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Whose attempt a request is: the lower-cased username (an empty string when it cannot be told), or null when the
 * request checks no secret this time (e.g. a user update that sets no password of one's own): no limit then.
 */
export type AttemptUser = (req: FastifyRequest) => string | null | Promise<string | null>;

export type SignInLimitHooks = {
  preHandler: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  onError: (req: FastifyRequest, reply: FastifyReply, error: Error) => Promise<void>;
  onSend: (req: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
  onResponse: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

/** The username of a sign-in body. */
export const bodyUsername: AttemptUser = (req) => {
  const body = req.body as { username?: unknown } | undefined;
  return typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
};

/** Refusals of a secret that are not 401 (a signed-in user's wrong current password or code): failures all the same. */
const WRONG_SECRET_CODES = new Set<string>([OWN_PASSWORD_CODES.currentPasswordWrong, OWN_PASSWORD_CODES.mfaCodeWrong]);

/** A reply that hands out a session token: the only success that ends an account's count. */
const issuesToken = (payload: unknown) => typeof payload === 'string' && payload.includes('"jwtToken"');

/**
 * Four counts of failed sign-ins. Per minute, in memory: per username from every address together
 * (LOGIN_RATE_LIMIT), so rotating addresses or X-Forwarded-For gains nothing against one account, and per client
 * address whatever the usernames (LOGIN_RATE_LIMIT_PER_IP), so one password sprayed over many agent IDs is slowed too.
 * Per day, in the database (limiter-daily.ts): an account's wait, from LOGIN_BACKOFF_AFTER failures on, doubling with
 * each failure up to LOGIN_BACKOFF_MAX_SECONDS and ended by a sign-in that succeeds; and an address's cap
 * (LOGIN_DAILY_LIMIT_PER_IP). A failure is a 401 (or a wrong current password or code); an attempt that is not one
 * counts nowhere: the 200 agents of an office behind one NAT signing in at the start of a shift spend none of the
 * address's allowance, only their typing mistakes do, and the database is written on failures only.
 * Every route that checks a secret (a password, a second-factor code) takes the hooks of one set of counts: a server's
 * calls (from any plugin: they share its config) get the first call's counts.
 */
export function createSignInLimits(
  app: App,
  now: () => number = () => Date.now(),
): (userOf: AttemptUser) => SignInLimitHooks {
  const made = perServer.get(app.config);
  if (made) return made;
  const limits = makeSignInLimits(app, now);
  perServer.set(app.config, limits);
  return limits;
}

const perServer = new WeakMap<TConfig, (userOf: AttemptUser) => SignInLimitHooks>();

function makeSignInLimits(app: App, now: () => number): (userOf: AttemptUser) => SignInLimitHooks {
  const perUser = createLimiter(app.config.loginRateLimit, LOGIN_WINDOW_MS, now);
  const perIp = createLimiter(app.config.loginRateLimitPerIp, LOGIN_WINDOW_MS, now);
  const daily: TDailyLimits = {
    backoffAfter: app.config.loginBackoffAfter,
    backoffMaxSeconds: app.config.loginBackoffMaxSeconds,
    dailyPerAddress: app.config.loginDailyLimitPerIp,
  };
  const pruner = setInterval(() => {
    perUser.prune();
    perIp.prune();
  }, LOGIN_WINDOW_MS);
  pruner.unref();
  const dbPruner = setInterval(() => {
    pruneSignInFailures(app.db, now()).catch((e: unknown) =>
      app.log.warn({ err: e }, 'could not prune old sign-in failures'),
    );
  }, PRUNE_EVERY_MS);
  dbPruner.unref();
  app.addHook('onClose', async () => {
    clearInterval(pruner);
    clearInterval(dbPruner);
  });

  /** The attempts of a request in flight, and whether its account had failures (a success then clears them). */
  type Counted = {
    ip: string;
    user: string;
    settle: (failed: boolean) => void;
    accountFailed: boolean;
    wrongSecret: boolean;
  };
  const counted = new WeakMap<FastifyRequest, Counted>();
  const tooMany = (reply: FastifyReply, code: TSignInLimitCode, retryAfterSeconds: number) => {
    reply.header('retry-after', String(retryAfterSeconds));
    return new AppError('TOO_MANY_REQUESTS', signInLimitMessage(code, retryAfterSeconds), code);
  };
  return (userOf) => ({
    // After validation and the role guard: the username is known. req.ip is the client's address as far as TRUST_PROXY allows.
    preHandler: async (req, reply) => {
      const user = await userOf(req);
      if (user === null) return;
      const ip = req.ip;
      const byIp = await perIp.take(ip);
      if (!byIp.allowed) throw tooMany(reply, SIGN_IN_LIMIT_CODES.minute, byIp.retryAfterSeconds);
      const byUser = await perUser.take(user);
      if (!byUser.allowed) {
        byIp.settle(false);
        throw tooMany(reply, SIGN_IN_LIMIT_CODES.minute, byUser.retryAfterSeconds);
      }
      const settle = (failed: boolean) => {
        byIp.settle(failed);
        byUser.settle(failed);
      };
      const failures = await findSignInFailures(app.db, user, ip).catch((e: unknown) => {
        settle(false);
        throw e;
      });
      const wait = signInWait(failures, now(), daily);
      if (wait !== undefined) {
        settle(false);
        throw tooMany(reply, wait.code, wait.seconds);
      }
      counted.set(req, { ip, user, settle, accountFailed: failures.account !== undefined, wrongSecret: false });
    },
    onError: async (req, _reply, error) => {
      const keys = counted.get(req);
      if (keys && error instanceof AppError && error.replyCode !== undefined && WRONG_SECRET_CODES.has(error.replyCode))
        keys.wrongSecret = true;
    },
    // Before the reply leaves: the next attempt, even from another process, already sees this one's failure.
    onSend: async (req, reply, payload) => {
      const keys = counted.get(req);
      if (!keys) return payload;
      const failed = reply.statusCode === 401 || keys.wrongSecret;
      try {
        if (failed) await recordSignInFailure(app.db, keys.user, keys.ip, now(), daily);
        else if (keys.accountFailed && reply.statusCode === 200 && issuesToken(payload))
          await clearAccountFailures(app.db, keys.user);
      } catch (e) {
        // The reply stands; the count misses one attempt (the database is failing, and the next attempt will be too).
        req.log.warn({ err: e }, 'could not record a sign-in attempt');
      }
      return payload;
    },
    onResponse: async (req, reply) => {
      const keys = counted.get(req);
      if (!keys) return;
      counted.delete(req);
      keys.settle(reply.statusCode === 401 || keys.wrongSecret);
    },
  });
}
