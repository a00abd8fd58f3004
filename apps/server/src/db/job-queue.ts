// pg-boss on the server's own pool (docs/architecture.md §5): one started instance per queue. Its schema `pgboss` and
// its queues are installed (or migrated to a newer pg-boss) by the schema's owner at start-up (installJobQueue): the
// application's role only reads and writes their rows (docs/trust.md, Database roles). Shared by the recording
// analysis, the dialer sync and the sends to the dialer.
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import plans from 'pg-boss/src/plans.js';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { classifyDatabaseError } from './pg-errors.ts';

const SCHEMA = 'pgboss';
/**
 * The statements pg-boss 10.4.2 sends when a job's handler ends (Manager.watch): it neither awaits nor catches them,
 * so one rejected while the database is away would be an unhandled rejection and end the process. Ours are caught
 * and logged instead: the job stays active, expires, and is worked again (every handler is safe to run again).
 */
const COMPLETIONS = new Map([
  [plans.completeJobs(SCHEMA), 'completed'],
  [plans.failJobsById(SCHEMA), 'failed'],
]);

/** pg-boss's polling fails every couple of seconds while the database is away: one line per queue this often. */
const ERROR_LOG_EVERY_MS = 30_000;

type TQueryResult = { rows: unknown[]; rowCount: number | null };

/**
 * Every queue the product works. Each is created (with its partition table) by the owner at start-up: the application's
 * role may not create tables, so a queue missing here cannot be started (startJobQueue says so).
 */
export const JOB_QUEUES = ['recording-analysis', 'dialer-sync', 'dialer-send'] as const;

/**
 * Installs pg-boss's schema, or migrates it to this pg-boss's version, and creates every queue of JOB_QUEUES that is
 * missing, on `pool` (the owner's connection). pg-boss serialises its own installs with an advisory lock, so two
 * servers starting at once are fine. On a schema already up to date with every queue, it only reads.
 */
export async function installJobQueue(pool: pg.Pool): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: async (text: string, values?: unknown[]): Promise<TQueryResult> => pool.query(text, values) },
    schema: SCHEMA,
    schedule: false,
    supervise: false,
    migrate: true,
  });
  boss.on('error', () => undefined);
  try {
    await boss.start();
    for (const name of JOB_QUEUES) if ((await boss.getQueue(name)) === null) await boss.createQueue(name);
  } finally {
    await boss.stop({ graceful: false, close: false }).catch(() => undefined);
  }
}

/** How pg-boss reaches the database: the pool, with a failed completion logged instead of thrown. */
export function jobQueueSql(pool: pg.Pool, log: FastifyBaseLogger, queueName: string) {
  return async (text: string, values?: unknown[]): Promise<TQueryResult> => {
    const marking = COMPLETIONS.get(text);
    if (marking === undefined) return pool.query(text, values);
    try {
      return await pool.query(text, values);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      const why = classifyDatabaseError(e) === 'unavailable' ? `the database is not answering (${reason})` : reason;
      log.warn(
        { queue: queueName },
        `job queue ${queueName}: a finished job could not be marked ${marking}: ${why}; it is worked again once it expires`,
      );
      return { rows: [{ count: '0' }], rowCount: 0 };
    }
  };
}

/** Logs the first error of a run of them, then at most one line per ERROR_LOG_EVERY_MS saying how many followed. */
function errorLogger(log: FastifyBaseLogger, queueName: string): (e: Error) => void {
  let lastAt = 0;
  let since = 0;
  return (e) => {
    const now = Date.now();
    if (now - lastAt < ERROR_LOG_EVERY_MS) {
      since += 1;
      return;
    }
    const more = since === 0 ? '' : ` (${since} more since the last line)`;
    log.warn({ err: e.message }, `job queue ${queueName}: ${e.message}${more}`);
    lastAt = now;
    since = 0;
  };
}

/**
 * A pg-boss started with `queue` created (or updated to these options). A fresh instance each call: one whose start
 * failed half-way cannot be started again, so a caller that meets a database outage simply calls again later.
 */
export async function startJobQueue(
  pool: pg.Pool,
  log: FastifyBaseLogger,
  queue: PgBoss.Queue,
  maintenanceIntervalSeconds: number,
): Promise<PgBoss> {
  if (!(JOB_QUEUES as readonly string[]).includes(queue.name))
    throw new Error(`The job queue "${queue.name}" is not installed: add it to JOB_QUEUES (db/job-queue.ts)`);
  // migrate: false: the owner installed the schema at start-up (installJobQueue); this only checks its version.
  const boss = new PgBoss({
    db: { executeSql: jobQueueSql(pool, log, queue.name) },
    schema: SCHEMA,
    schedule: false,
    migrate: false,
    maintenanceIntervalSeconds,
  });
  // A database outage fails pg-boss's polling too: it polls again, and the log says so now and then, not every poll.
  boss.on('error', errorLogger(log, queue.name));
  try {
    await boss.start();
    // The queue exists (installJobQueue): this only inserts nothing, then sets its options.
    await boss.createQueue(queue.name, queue);
    await boss.updateQueue(queue.name, queue);
    return boss;
  } catch (e) {
    await boss.stop({ graceful: false, close: false }).catch(() => undefined);
    throw e;
  }
}

/** How often a job that met a database failure asks whether the database answers again. */
const DATABASE_BACK_CHECK_MS = 1000;

/**
 * Waits until the database answers again, up to `withinMs` (asked every second, the first time a second from now):
 * true once it does, false when it did not in time or `signal` ended the wait (the server is closing). A job that met
 * an outage waits here and goes on, so it ends (and is marked done) while the database answers, instead of failing
 * an attempt that was never the job's fault.
 */
async function waitForDatabase(pool: pg.Pool, withinMs: number, signal: AbortSignal): Promise<boolean> {
  const until = Date.now() + withinMs;
  for (;;) {
    const left = until - Date.now();
    if (signal.aborted || left <= 0) return false;
    await sleep(Math.min(DATABASE_BACK_CHECK_MS, left), undefined, { signal }).catch(() => undefined);
    if (signal.aborted) return false;
    if (
      await pool.query('select 1').then(
        () => true,
        () => false,
      )
    )
      return true;
  }
}

/**
 * Runs `work`; when it fails as `mends` says waiting for the database can mend, waits for the database (waitForDatabase,
 * until `until`) and runs it again. Any other failure, or a database not back in time or a `signal` ended, is thrown.
 * `onOutage` hears of the first such failure, `onBack` of the first time the database answered after it.
 */
export async function workThroughOutages<T>(
  work: () => Promise<T>,
  options: {
    pool: pg.Pool;
    until: number;
    signal: AbortSignal;
    mends: (e: unknown) => boolean;
    onOutage?: (e: unknown) => void;
    onBack?: () => void;
  },
): Promise<T> {
  let outages = 0;
  for (;;) {
    try {
      return await work();
    } catch (e) {
      if (!options.mends(e) || options.signal.aborted) throw e;
      outages += 1;
      if (outages === 1) options.onOutage?.(e);
      if (!(await waitForDatabase(options.pool, options.until - Date.now(), options.signal))) throw e;
      if (outages === 1) options.onBack?.();
    }
  }
}

/** The database failed the job's work (away, cut off, out of disk, too busy), not the job itself. */
export function isDatabaseFailure(e: unknown): boolean {
  return classifyDatabaseError(e) !== undefined;
}

/** The database is away (down, restarting, a connection cut off): the failure waiting for it mends. */
export function isDatabaseAway(e: unknown): boolean {
  return classifyDatabaseError(e) === 'unavailable';
}
