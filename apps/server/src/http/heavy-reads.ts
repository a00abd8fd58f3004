// Heavy reads (exports, reports, insights, print JSON): each user runs a few at once, and a download nobody reads is
// cut. A route says `config: { heavy: true }`; the hooks here do the rest (docs/trust.md, Heavy reads and downloads).
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A heavy read: counted against the user's HEAVY_READS_PER_USER until its reply ends (finished, closed or failed),
     * and, when it answers with a stream, cut once its reader takes nothing for DOWNLOAD_IDLE_SECONDS.
     */
    heavy?: boolean;
  }
}

/** The code of the 429 a screen tells apart from the sign-in limits' and the uploads'. */
export const HEAVY_READS_BUSY = 'HEAVY_READS_BUSY';
/** Retry-After of that 429, in seconds: a report takes seconds, and the client cannot know which one ends first. */
export const HEAVY_READS_RETRY_SECONDS = 5;

export function heavyReadsBusyMessage(perUser: number): string {
  if (perUser === 1) return 'A report, export or print of yours is already running. Try again when it finishes.';
  return `${perUser} of your reports, exports or prints are already running. Try again when one of them finishes.`;
}

export type HeavyReadLimits = { perUser: number; downloadIdleMs: number };

/** Heavy reads running now, per user id. */
export type HeavyReadCounts = { running: (userId: string) => number };

/** Registers the hooks at the root, before the routes, so every route marked `heavy` gets them. */
export function registerHeavyReads(app: FastifyInstance, limits: HeavyReadLimits): HeavyReadCounts {
  const running = new Map<string, number>();

  const release = (userId: string) => {
    const left = (running.get(userId) ?? 1) - 1;
    if (left <= 0) running.delete(userId);
    else running.set(userId, left);
  };

  // preHandler: after the guard named the user and the request passed its schema (a bad date costs no slot).
  app.addHook('preHandler', (request, reply, done) => {
    if (request.routeOptions.config.heavy !== true || request.user === null) return done();
    const userId = request.user.sub;
    const now = running.get(userId) ?? 0;
    if (now >= limits.perUser) {
      reply.header('retry-after', String(HEAVY_READS_RETRY_SECONDS));
      return done(new AppError('TOO_MANY_REQUESTS', heavyReadsBusyMessage(limits.perUser), HEAVY_READS_BUSY));
    }
    running.set(userId, now + 1);
    onReplyEnd(reply.raw, () => release(userId));
    done();
  });

  // A streamed reply of a heavy route (a CSV or xlsx download) is watched for a reader that stopped reading.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.config.heavy === true && isStream(payload))
      cutWhenIdle(request, reply, limits.downloadIdleMs);
    done(null, payload);
  });

  return { running: (userId) => running.get(userId) ?? 0 };
}

/** Calls `end` once, when the response finished, was closed (the client went away, the download was cut) or failed. */
function onReplyEnd(res: ServerResponse, end: () => void): void {
  let ended = false;
  const once = () => {
    if (ended) return;
    ended = true;
    res.off('finish', once);
    res.off('close', once);
    res.off('error', once);
    end();
  };
  res.on('finish', once);
  res.on('close', once);
  res.on('error', once);
}

function isStream(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && 'pipe' in payload && typeof payload.pipe === 'function';
}

/**
 * Ends the response when its socket has not drained for `idleMs`: the reader took nothing all that time. Destroying
 * the response destroys the payload stream (Fastify), which closes the export's cursor and frees its connection.
 * A slow database leaves nothing waiting on the socket, so it never counts as an idle reader.
 */
function cutWhenIdle(request: FastifyRequest, reply: FastifyReply, idleMs: number): void {
  const res = reply.raw;
  let lastProgress = Date.now();
  const progress = () => {
    lastProgress = Date.now();
  };
  res.on('drain', progress);
  const watchdog = setInterval(
    () => {
      if (!res.writableNeedDrain) return progress();
      if (Date.now() - lastProgress < idleMs) return;
      request.log.warn(
        { url: request.url, idleSeconds: Math.round(idleMs / 1000) },
        'download cut: the client took nothing for the idle time',
      );
      res.destroy();
    },
    Math.max(10, Math.min(Math.round(idleMs / 4), 1000)),
  );
  watchdog.unref();
  res.once('close', () => {
    clearInterval(watchdog);
    res.off('drain', progress);
  });
}
