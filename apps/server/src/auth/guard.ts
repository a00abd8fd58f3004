// The role guard: every route declares `config.roles` (or `config.public`); anything else is denied.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, type TRole, type TTokenPayload } from '@crm/shared';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { Db } from '../db/schema.ts';
import { createSessionCheck, type SessionCheck } from './session-check.ts';
import type { TokenService } from './tokens.ts';

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
    user: TTokenPayload | null;
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

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export function registerGuard(app: FastifyInstance, tokens: TokenService, db: Db): void {
  const isLive = createSessionCheck(db);
  app.decorate('sessionCheck', isLive);
  app.decorate('routeTable', [] as RouteEntry[]);
  app.decorateRequest('user', null);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      app.routeTable.push({ method, url: route.url, roles: route.config?.roles ?? [], public: route.config?.public === true });
    }
  });
  app.addHook('onRequest', async (request) => {
    if (request.is404) return; // the not-found handler answers for itself
    const config = request.routeOptions.config;
    if (config.public === true) return;
    const header = bearer(request);
    const fromQuery = header || config.queryToken !== true ? undefined : queryToken(request);
    const token = header ?? fromQuery;
    if (!token) throw unauthorized();
    const payload = await tokens.verify(token);
    if (payload === 'expired') throw unauthorized(MESSAGES.auth.sessionExpired);
    if (payload === 'invalid') throw unauthorized();
    // A media token opens media only, and a session token never travels in a URL.
    if ((payload.purpose === 'media') !== (fromQuery !== undefined)) throw unauthorized();
    // A disabled or deleted account, or an agent who signed out, loses access at once, not when the token runs out.
    if (!(await isLive(payload))) throw unauthorized(MESSAGES.auth.sessionExpired);
    const allowed = config.roles ?? [];
    if (!payload.roles.some((r) => allowed.includes(r.roleName))) throw forbidden();
    request.user = payload;
  });
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): TTokenPayload {
  if (!request.user) throw unauthorized();
  return request.user;
}
