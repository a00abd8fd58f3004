// The analysis queue (docs/architecture.md, Automatic checks): jobs in PostgreSQL through pg-boss, so every server
// process on the database shares them (each job is taken by one), a job whose process died is retried once it
// expires, and a job failing every attempt ends (runAnalysisJob marks its recording unreadable, never a crash loop).
// pg-boss keeps its tables in its own schema, `pgboss`, created on first use, and runs on the server's own pool.
import type PgBoss from 'pg-boss';
import { isDatabaseAway, startJobQueue, workThroughOutages } from '../../../db/job-queue.ts';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { runAnalysisJob, type TAnalysisJobData, type TJobDeps } from './job.ts';

export const ANALYSIS_QUEUE = 'recording-analysis';
/** Attempts after the first: a crash or an expired job is tried this many more times. */
export const ANALYSIS_RETRY_LIMIT = 2;

export type TAnalysisQueue = {
  /** Queues these recordings (one waiting job per recording at most: a second request while one waits is dropped). */
  enqueue: (ids: number[]) => Promise<void>;
  /** Starts this process's workers (ANALYSIS_CONCURRENCY of them); without it the process only queues. */
  startWorkers: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * A job is given up this long after ANALYSIS_JOB_TIMEOUT_SECONDS (the thread is stopped at the timeout itself; this
 * covers a process that died), and pg-boss looks for such jobs this often: so a job of a killed process is retried
 * within ANALYSIS_JOB_TIMEOUT_SECONDS + 5 s + 10 s after it started.
 */
const EXPIRY_MARGIN_SECONDS = 5;
const MAX_MAINTENANCE_SECONDS = 10;
/** A job that met a database outage waits for it at most until this long before the job would expire. */
const OUTAGE_WAIT_MARGIN_MS = 2000;

export function createAnalysisQueue(pool: pg.Pool, deps: TJobDeps, log: FastifyBaseLogger): TAnalysisQueue {
  let started: Promise<PgBoss> | undefined;
  const closing = new AbortController();
  const stopped = () => closing.signal.aborted;
  const expireInSeconds = deps.analysis.jobTimeoutSeconds + EXPIRY_MARGIN_SECONDS;

  /**
   * One attempt at a recording. The database going away on the way (read, or the figures written) is not the file's
   * fault: the job waits for it while it has time, then analyses again, so an outage never uses up its attempts. Any
   * other database failure (a full disk, a time-out) fails the attempt as before, without marking the file
   * (checks/job.ts); the scanner's hourly pass queues a recording still pending again.
   */
  function analyse(data: TAnalysisJobData, attempt: { retryCount: number; retryLimit: number }): Promise<void> {
    const until = Date.now() + expireInSeconds * 1000 - OUTAGE_WAIT_MARGIN_MS;
    return workThroughOutages(() => runAnalysisJob(deps, data, attempt), {
      pool,
      until,
      signal: closing.signal,
      mends: isDatabaseAway,
    });
  }
  const workerIds: string[] = [];

  /** pg-boss starts (its schema created or migrated) on first use, so a process that never meets a recording pays nothing. */
  function ready(): Promise<PgBoss> {
    const queue = {
      name: ANALYSIS_QUEUE,
      policy: 'stately' as const,
      retryLimit: ANALYSIS_RETRY_LIMIT,
      retryDelay: 2,
      expireInSeconds,
      retentionMinutes: 60 * 24,
    };
    // Not reachable now (a database outage): the next use tries again with a new instance.
    started ??= startJobQueue(
      pool,
      log,
      queue,
      Math.min(MAX_MAINTENANCE_SECONDS, deps.analysis.jobTimeoutSeconds),
    ).catch((e: unknown) => {
      started = undefined;
      throw e;
    });
    return started;
  }

  return {
    async enqueue(ids) {
      if (ids.length === 0 || stopped()) return;
      const b = await ready();
      await b.insert(
        ids.map((id) => ({
          name: ANALYSIS_QUEUE,
          data: { recordingId: id } satisfies TAnalysisJobData,
          singletonKey: String(id),
        })),
      );
      for (const id of workerIds) b.notifyWorker(id);
    },
    async startWorkers() {
      if (deps.analysis.concurrency === 0 || stopped()) return;
      const b = await ready();
      for (let i = workerIds.length; i < deps.analysis.concurrency; i += 1) {
        let id = '';
        id = await b.work<TAnalysisJobData>(
          ANALYSIS_QUEUE,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 2 },
          async ([job]) => {
            try {
              if (job) await analyse(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit });
            } finally {
              // pg-boss waits its polling interval after every fetch, even one that found a job: told, it fetches the
              // next at once, so a backlog is worked through without a 2-second pause per recording.
              if (id !== '') b.notifyWorker(id);
            }
          },
        );
        workerIds.push(id);
      }
    },
    async stop() {
      closing.abort();
      const boss = await started?.catch(() => undefined);
      await boss?.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    },
  };
}
