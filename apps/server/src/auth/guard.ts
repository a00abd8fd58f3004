// The role guard: every route declares `config.roles` (or `config.public`); anything else is denied.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, type TRole, type TTokenPayload } from '@crm/shared';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { Db } from '../db/schema.ts';
import { createSessionLookup, type LiveSession, type SessionCheck } from './session-check.ts';
import type { TokenService } from './tokens.ts';

/**
 * The signed-in user as routes see it: the token's claims, and for an agent the campaign of the sign-in record
 * (`campaignId`, and `campaign` is that campaign's name now), never the campaign name written in the token: a campaign
 * renamed, or another one made later under an old name, is not what the agent signed into.
 */
export type TCaller = TTokenPayload & { campaignId?: number | null };

export type RouteEntry = { method: string; url: string; roles: readonly TRole[]; public: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Roles allowed to call the route; none declared means nobody may. */
    roles?: readonly TRole[];
    /** Reachable without signing in (health check, sign-in, the web app). */
    public?: boolean;
    /**
     * Also accept a short-lived media token in `?token=` (GET /api/auth/media-token): for <audio> and
     * EventSource, which cannot send headers. Session tokens are never accepted in a query string.
     */
    queryToken?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user; set by the guard on every non-public route. */
    user: TCaller | null;
  }
  interface FastifyInstance {
    /** Every route registered, with what it declared: read by the route-coverage tests. */
    routeTable: RouteEntry[];
    /** Whether a verified token still stands for a live session (long-lived streams ask again as they go). */
    sessionCheck: SessionCheck;
  }
}

function queryToken(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.token === 'string' && query.token ? query.token : undefined;
}

/** Exactly `Bearer <token>`: one space, one token of the characters a JWT is made of, nothing after it. */
const BEARER = /^bearer ([A-Za-z0-9_.~+/-]+=*)$/i;

/** The header's token; null for a header that is there but not exactly `Bearer <token>` (refused, not ignored). */
function bearer(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header === '') return undefined;
  return BEARER.exec(header)?.[1] ?? null;
}

/** The user as routes see it: an agent's campaign is the sign-in record's (by id), whatever the token says. */
function callerOf(payload: TTokenPayload, live: LiveSession): TCaller {
  if (live.signIn === null) return payload;
  const { campaignId, campaignName } = live.signIn;
  return { ...payload, campaign: campaignName ?? undefined, campaignId };
}

export function registerGuard(app: FastifyInstance, tokens: TokenService, db: Db): void {
  const findSession = createSessionLookup(db);
  app.decorate('sessionCheck', async (token: TTokenPayload) => (await findSession(token)) !== null);
  app.decorate('routeTable', [] as RouteEntry[]);
  app.decorateRequest('user', null);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      app.routeTable.push({
        method,
        url: route.url,
        roles: route.config?.roles ?? [],
        public: route.config?.public === true,
      });
    }
  });
  app.addHook('onRequest', async (request) => {
    if (request.is404) return; // the not-found handler answers for itself
    const config = request.routeOptions.config;
    if (config.public === true) return;
    const header = bearer(request);
    if (header === null) throw unauthorized();
    const fromQuery = header || config.queryToken !== true ? undefined : queryToken(request);
    const token = header ?? fromQuery;
    if (!token) throw unauthorized();
    const payload = await tokens.verify(token);
    if (payload === 'expired') throw unauthorized(MESSAGES.auth.sessionExpired);
    if (payload === 'invalid') throw unauthorized();
    // A media token opens media only, and a session token never travels in a URL.
    if ((payload.purpose === 'media') !== (fromQuery !== undefined)) throw unauthorized();
    // A disabled or deleted account, or an agent who signed out, loses access at once, not when the token runs out.
    const live = await findSession(payload);
    if (live === null) throw unauthorized(MESSAGES.auth.sessionExpired);
    const allowed = config.roles ?? [];
    if (!payload.roles.some((r) => allowed.includes(r.roleName))) throw forbidden();
    request.user = callerOf(payload, live);
  });
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): TCaller {
  if (!request.user) throw unauthorized();
  return request.user;
}
