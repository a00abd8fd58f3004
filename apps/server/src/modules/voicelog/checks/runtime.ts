// The automatic checks running in a server process: the recordings index kept by a scanner (at start-up and every
// RECORDINGS_SCAN_SECONDS), the analysis queue, and this process's workers (ANALYSIS_CONCURRENCY).
import type { App } from '../../../app-type.ts';
import { poolOf } from '../../../db/database.ts';
import type { TCatalog } from '../catalog/scan.ts';
import { scanAll } from '../catalog/scan.ts';
import type { VoiceLogSource } from '../media.ts';
import { createAnalysisQueue } from './queue.ts';
import { createThreadPool } from './thread-pool.ts';

const WORKER_RETRY_MS = 10_000;
/** With the default 30-second scans, every folder is read in full about once an hour (older ones changed in place). */
const EVERYTHING_EVERY = 120;

export type TRecordingChecksRuntime = {
  voiceLog: VoiceLogSource;
  catalog: TCatalog;
  /** One full pass over RECORDINGS_DIR (the scanner's; tests call it to index files they wrote). */
  scanNow: () => Promise<void>;
  close: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The voice log, the recordings index and the analysis queue (app.ts decorates the app with them at start-up). */
    recordingChecks: TRecordingChecksRuntime;
  }
}

export function startRecordingChecks(app: App, voiceLog: VoiceLogSource): TRecordingChecksRuntime {
  const { config } = app;
  const threads = createThreadPool();
  const queue = createAnalysisQueue(
    poolOf(app.db),
    { db: app.db, recordingsDir: config.recordingsDir, voiceLog, analysis: config.analysis, threads },
    app.log,
  );
  const catalog: TCatalog = {
    db: app.db,
    recordingsDir: config.recordingsDir,
    country: config.phoneCountry,
    enqueue: queue.enqueue,
    timeZone: config.timeZone,
  };
  const local = voiceLog.search === null;

  let scanning: Promise<void> | undefined;
  let running = false;
  let passes = 0;
  /** Every EVERYTHING_EVERY-th pass (and the first) reads every folder in full; the others what may have changed. */
  async function pass(): Promise<void> {
    running = true;
    try {
      const counts = await scanAll(catalog, passes++ % EVERYTHING_EVERY === 0 ? 'everything' : 'changed');
      if (counts.indexed + counts.gone > 0) app.log.info(counts, 'recordings index updated');
    } finally {
      running = false;
    }
  }
  /** A pass over everything that starts after any pass under way (which may have read the folders before a file came). */
  function scanNow(): Promise<void> {
    const next = (scanning ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        passes = 0;
        return pass();
      });
    scanning = next;
    return next;
  }
  const scanQuietly = () => {
    if (running || closed) return;
    scanNow().catch((e: unknown) =>
      app.log.warn({ err: e instanceof Error ? e.message : String(e) }, 'recordings scan failed'),
    );
  };

  let timer: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  /** The workers start once pg-boss can reach the database: a database down at start-up delays them, never loses them. */
  const startWorkers = () => {
    queue.startWorkers().catch((e: unknown) => {
      app.log.warn(
        { err: e instanceof Error ? e.message : String(e) },
        `analysis workers could not start; trying again in ${WORKER_RETRY_MS / 1000} s`,
      );
      if (!closed) retry = setTimeout(startWorkers, WORKER_RETRY_MS);
    });
  };
  app.addHook('onReady', async () => {
    if (local) {
      scanQuietly();
      if (config.analysis.scanSeconds > 0) {
        timer = setInterval(scanQuietly, config.analysis.scanSeconds * 1000);
        timer.unref();
      }
    }
    startWorkers();
  });

  app.addHook('onClose', async () => close());
  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    if (timer) clearInterval(timer);
    if (retry) clearTimeout(retry);
    await scanning?.catch(() => undefined);
    await queue.stop();
    await threads.close();
  }

  return {
    voiceLog,
    catalog,
    scanNow,
    close,
  };
}
