// The dialer sync's job queue (pg-boss, queue dialer-sync, beside the sends' dialer-send): a job is a slice of work
// through the due rows of dialer_sync_items. Rows and a job are written in the transaction that caused them
// (db/dialer-sync-queue.ts); any server process with a dialer works the queue, one slice at a time per process, and
// the rows' claims keep two processes off one row.
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { isDatabaseFailure, startJobQueue, workThroughOutages } from '../../db/job-queue.ts';
import { SYNC_QUEUE } from '../../db/dialer-sync-queue.ts';
import { workSyncItems, type TSyncDeps } from './worker.ts';

/** A job works this long, then queues the rest. */
export const SYNC_SLICE_MS = 60_000;
/** A slice plus its last batch: a job of a killed process is taken again after this. */
const EXPIRE_SECONDS = 5 * 60;
const MAINTENANCE_SECONDS = 60;
/** A slice that meets a database outage waits for it this long, well inside the job's expiry. */
const OUTAGE_WAIT_MS = 3 * 60_000;

export type TSyncQueue = {
  /** Queues a slice (one waiting job at most: another request while one waits is dropped). */
  enqueue: () => Promise<void>;
  startWorker: () => Promise<void>;
  /** Whether this process is working a slice now. */
  busy: () => boolean;
  stop: () => Promise<void>;
};

export function createSyncQueue(
  deps: TSyncDeps & { pool: pg.Pool },
  log: FastifyBaseLogger,
  options: { sliceMs?: number } = {},
): TSyncQueue {
  const sliceMs = options.sliceMs ?? SYNC_SLICE_MS;
  const closing = new AbortController();
  let started: Promise<PgBoss> | undefined;
  let workerId: string | undefined;
  let working = false;

  function ready(): Promise<PgBoss> {
    // 'short': one waiting job; a slice in progress may queue its successor. A failed slice is retried twice, then the
    // minute's look queues a new one: no long retry back-off ever blocks the queue.
    const queue = {
      name: SYNC_QUEUE,
      policy: 'short' as const,
      retryLimit: 2,
      retryDelay: 5,
      retryBackoff: false,
      expireInSeconds: EXPIRE_SECONDS,
      retentionMinutes: 60 * 24,
    };
    started ??= startJobQueue(deps.pool, log, queue, MAINTENANCE_SECONDS).catch((e: unknown) => {
      started = undefined;
      throw e;
    });
    return started;
  }

  async function enqueue(): Promise<void> {
    if (closing.signal.aborted) return;
    const boss = await ready();
    await boss.send(SYNC_QUEUE, {});
    if (workerId !== undefined) boss.notifyWorker(workerId);
  }

  function workSlice(): Promise<void> {
    return workThroughOutages(
      async () => {
        const result = await workSyncItems(deps, sliceMs, closing.signal);
        if (result === 'more' && !closing.signal.aborted) await enqueue();
      },
      {
        pool: deps.pool,
        until: Date.now() + OUTAGE_WAIT_MS,
        signal: closing.signal,
        mends: isDatabaseFailure,
        onOutage: (e) =>
          log.warn(
            { err: e instanceof Error ? e.message : String(e) },
            'dialer sync: the database stopped answering; it goes on once it answers',
          ),
        onBack: () => log.info('dialer sync: the database answers again; it goes on'),
      },
    );
  }

  return {
    enqueue,
    busy: () => working,
    async startWorker() {
      if (workerId !== undefined || closing.signal.aborted) return;
      const boss = await ready();
      workerId = await boss.work(SYNC_QUEUE, { batchSize: 1, pollingIntervalSeconds: 2 }, async () => {
        working = true;
        try {
          await workSlice();
        } finally {
          working = false;
        }
      });
    },
    async stop() {
      closing.abort();
      const boss = await started?.catch(() => undefined);
      await boss?.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    },
  };
}
