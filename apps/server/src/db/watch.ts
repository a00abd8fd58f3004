// Watches whether the database answers, on a connection of its own outside the pools: /healthz asks it (so the
// check answers even when every pooled connection is busy), and an outage is logged once when it starts and once
// when it ends, however many requests fail in between.
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { keepClientErrors } from './connect.ts';

/** How long one check may take: /healthz answers within a second whatever the database does. */
export const PROBE_TIMEOUT_MS = 800;
/** While the database is away, how often it is asked again (the outage's end is logged within this much). */
const RECHECK_MS = 500;

export type DbWatch = {
  /** Asks the database now (checks in flight at once share one question); null when it answers, else why not. */
  probe: () => Promise<string | null>;
  /** A request failed because the database could not be reached: check, and log the outage once. */
  noteUnavailable: () => void;
  /** Whether the last check found the database away. */
  isDown: () => boolean;
  close: () => Promise<void>;
};

function reasonOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function createDbWatch(pool: pg.Pool, log: FastifyBaseLogger): DbWatch {
  const settings: pg.ClientConfig = {
    ...pool.options,
    application_name: 'crm-health',
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    statement_timeout: PROBE_TIMEOUT_MS,
    keepAlive: true,
  };
  let client: pg.Client | undefined;
  let asking: Promise<string | null> | undefined;
  let downSince: number | undefined;
  let recheck: NodeJS.Timeout | undefined;
  let closed = false;

  async function ask(): Promise<string | null> {
    if (closed) return 'the server is stopping';
    try {
      if (!client) {
        const c = new pg.Client(settings);
        keepClientErrors(c);
        // A connection that breaks is dropped; the next check opens another.
        c.on('error', () => {
          if (client === c) client = undefined;
        });
        c.on('end', () => {
          if (client === c) client = undefined;
        });
        client = c;
        await c.connect();
      }
      const c = client;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          // No answer in time: this connection cannot be trusted any more.
          if (client === c) client = undefined;
          void c.end().catch(() => undefined);
          reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`));
        }, PROBE_TIMEOUT_MS);
        c.query('select 1').then(
          () => {
            clearTimeout(timer);
            resolve();
          },
          (e: unknown) => {
            clearTimeout(timer);
            reject(e instanceof Error ? e : new Error(String(e)));
          },
        );
      });
      return null;
    } catch (e) {
      const c = client;
      client = undefined;
      void c?.end().catch(() => undefined);
      return reasonOf(e);
    }
  }

  function settle(result: string | null) {
    if (result === null && downSince !== undefined) {
      log.warn(
        { downMs: Date.now() - downSince },
        `The database is answering again after ${((Date.now() - downSince) / 1000).toFixed(1)} s.`,
      );
      downSince = undefined;
    } else if (result !== null && downSince === undefined && !closed) {
      downSince = Date.now();
      log.error({ reason: result }, `The database is not answering: ${result}`);
    }
    if (downSince !== undefined) scheduleRecheck();
  }

  function scheduleRecheck() {
    if (recheck || closed) return;
    recheck = setTimeout(() => {
      recheck = undefined;
      void probe();
    }, RECHECK_MS);
    recheck.unref();
  }

  function probe(): Promise<string | null> {
    asking ??= ask().then((result) => {
      asking = undefined;
      settle(result);
      return result;
    });
    return asking;
  }

  return {
    probe,
    noteUnavailable: () => {
      // One backend cut off (pg_terminate_backend) is not an outage: only a failed check of our own is.
      if (downSince === undefined) void probe();
    },
    isDown: () => downSince !== undefined,
    close: async () => {
      closed = true;
      clearTimeout(recheck);
      await asking?.catch(() => undefined);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}

/** How long /healthz waits for a pooled connection once requests are queueing for one. */
const BACKLOG_WAIT_MS = 500;
/** The check in flight per pool: /healthz calls at once share it. */
const backlogChecks = new WeakMap<pg.Pool, Promise<string | null>>();

/**
 * Null when a request would get a connection of the pool soon; otherwise why not (every connection busy, requests
 * queueing for longer than BACKLOG_WAIT_MS). No queue, no question: the common case costs nothing.
 */
export function poolBacklog(pool: pg.Pool): Promise<string | null> {
  if (pool.waitingCount === 0) return Promise.resolve(null);
  const running = backlogChecks.get(pool);
  if (running) return running;
  const check = (async () => {
    const acquired = pool.connect().then(
      (c) => {
        c.release();
        return null;
      },
      (e: unknown) => reasonOf(e),
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), BACKLOG_WAIT_MS);
    });
    const first = await Promise.race([acquired, late]);
    clearTimeout(timer);
    if (first === null) return null;
    const waiting = pool.waitingCount;
    return `The server is busy: all ${pool.totalCount} database connections are in use and ${waiting} ${waiting === 1 ? 'request is' : 'requests are'} waiting for one.`;
  })().finally(() => backlogChecks.delete(pool));
  backlogChecks.set(pool, check);
  return check;
}
