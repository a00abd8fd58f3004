// A dialer job queue in a server process (the sends, docs/guide/dialer.md; the dialer sync, docs/guide/call-loop.md): this
// process's worker started once there is work, a look every so often from the app's start, and both ended when the app
// closes.
import type { App } from '../../app-type.ts';

/** What the runtime needs of a queue: its worker in this process, and its stop. */
export type TQueueWorker = { startWorker: () => Promise<void>; stop: () => Promise<void> };

export type TQueueLook = {
  everyMs: number;
  /** The look (due rows, sends left running); its failure is logged, and it runs again at the next look. */
  run: () => Promise<void>;
  /** The log line of a failed look. */
  failed: string;
};

export type TQueueRuntime = {
  /** Starts this process's worker once (again after a failed start: the database may have been down). */
  work: () => Promise<void>;
  /** The worker has started. */
  working: () => boolean;
  /** The app is closing or closed: nothing new is queued. */
  closed: () => boolean;
  close: () => Promise<void>;
};

export function runQueueInProcess(app: App, queue: TQueueWorker, look: TQueueLook): TQueueRuntime {
  let starting: Promise<void> | undefined;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  function work(): Promise<void> {
    starting ??= queue.startWorker().then(
      () => {
        started = true;
      },
      (e: unknown) => {
        starting = undefined;
        throw e;
      },
    );
    return starting;
  }

  /** Never throws: a database or queue that fails now is tried again at the next look. */
  const lookQuietly = () => {
    if (closed) return;
    look.run().catch((e: unknown) => app.log.warn({ err: e instanceof Error ? e.message : String(e) }, look.failed));
  };

  app.addHook('onReady', async () => {
    lookQuietly();
    timer = setInterval(lookQuietly, look.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => close());

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    if (timer) clearInterval(timer);
    await queue.stop();
  }
  return { work, working: () => started, closed: () => closed, close };
}
