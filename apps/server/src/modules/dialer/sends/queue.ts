// The sends' job queue (docs/guide/dialer.md, "Crashes"): a job per slice of a send in pg-boss, so any server process
// on the database may work it and a job whose process died is retried once it expires. A send is worked by one process
// at a time (worker.ts's advisory lock); each slice queues the next, so no job runs for long.
import type PgBoss from 'pg-boss';
import { isDatabaseFailure, startJobQueue, workThroughOutages } from '../../../db/job-queue.ts';
import type { FastifyBaseLogger } from 'fastify';
import { runSend, type TWorkerDeps } from './worker.ts';

export const SEND_QUEUE = 'dialer-send';
/** A job works its send this long, then queues the rest: a job of a killed process is retried a few minutes later at most. */
export const SEND_SLICE_MS = 60_000;
/** A slice plus the longest a batch can take to end (its requests' time-outs and back-offs). */
const EXPIRE_SECONDS = 5 * 60;
const MAINTENANCE_SECONDS = 60;
/**
 * A slice that meets a database outage waits for it this long in all, then goes on where its leads' rows say: well
 * inside the job's expiry, so the job ends while the database answers and is never worked twice at once.
 */
const OUTAGE_WAIT_MS = 3 * 60_000;

type TSendJob = { sendId: number };

export type TSendQueue = {
  /** Queues the send's next slice (one waiting job per send: a second request while one waits is dropped). */
  enqueue: (sendId: number) => Promise<void>;
  /** Starts this process's worker; without it the process only queues. */
  startWorker: () => Promise<void>;
  stop: () => Promise<void>;
};

export function createSendQueue(
  deps: TWorkerDeps,
  log: FastifyBaseLogger,
  options: { sliceMs?: number } = {},
): TSendQueue {
  const sliceMs = options.sliceMs ?? SEND_SLICE_MS;
  const closing = new AbortController();
  let started: Promise<PgBoss> | undefined;
  let workerId: string | undefined;

  function ready(): Promise<PgBoss> {
    // 'short': at most one waiting job per send; the running one may queue its successor.
    const queue = {
      name: SEND_QUEUE,
      policy: 'short' as const,
      retryLimit: 20,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: EXPIRE_SECONDS,
      retentionMinutes: 60 * 24,
    };
    started ??= startJobQueue(deps.pool, log, queue, MAINTENANCE_SECONDS).catch((e: unknown) => {
      started = undefined;
      throw e;
    });
    return started;
  }

  async function enqueue(sendId: number): Promise<void> {
    if (closing.signal.aborted) return;
    const boss = await ready();
    await boss.send(SEND_QUEUE, { sendId } satisfies TSendJob, { singletonKey: String(sendId) });
    if (workerId !== undefined) boss.notifyWorker(workerId);
  }

  /** One job: the send's slice, and its successor queued; a database outage on the way is waited out, then it goes on. */
  function workSlice(sendId: number): Promise<void> {
    return workThroughOutages(
      async () => {
        const result = await runSend(deps, sendId, sliceMs, closing.signal);
        if (result === 'more' && !closing.signal.aborted) await enqueue(sendId);
      },
      {
        pool: deps.pool,
        until: Date.now() + OUTAGE_WAIT_MS,
        signal: closing.signal,
        mends: isDatabaseFailure,
        // One line when the slice first meets the failure, one when it first goes on: not one per try.
        onOutage: (e) =>
          log.warn(
            { sendId, err: e instanceof Error ? e.message : String(e) },
            'dialer send: the database stopped answering; the send goes on once it answers',
          ),
        onBack: () => log.info({ sendId }, 'dialer send: the database answers again; the send goes on'),
      },
    );
  }

  return {
    enqueue,
    async startWorker() {
      if (workerId !== undefined || closing.signal.aborted) return;
      const boss = await ready();
      // One job at a time per process; a send runs its requests in parallel itself (DIALER_SEND_CONCURRENCY).
      workerId = await boss.work<TSendJob>(SEND_QUEUE, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
        if (job) await workSlice(job.data.sendId);
      });
    },
    async stop() {
      closing.abort();
      const boss = await started?.catch(() => undefined);
      await boss?.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    },
  };
}
