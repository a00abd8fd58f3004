// The sends in a server process (docs/guide/dialer.md): the dialer they go to (VICIdial, or the stand-in of
// DIALER=simulated), the queue, and this process's worker. The worker starts when this process starts a send or finds
// one running (after a restart, or one whose process died: looked for every minute), so a process that never meets a
// send costs nothing.
import type { App } from '../../../app-type.ts';
import { poolOf } from '../../../db/database.ts';
import { createSendQueue, type TSendQueue } from './queue.ts';
import { runQueueInProcess } from '../queue-runtime.ts';
import { findRunningSendIds, type TDialerMode } from './service.ts';
import { createSimulatedTransport, demoVicidialListsOf } from './simulated-transport.ts';
import type { TLeadTransport } from './transport.ts';
import { createVicidialTransport } from './vicidial-transport.ts';

const ORPHAN_CHECK_MS = 60_000;

export type TSendRuntime = {
  dialer: TDialerMode;
  /**
   * Queues a send and makes sure this process works the queue. Never fails: if the queue cannot be reached now (the
   * database is down), the send stays running and the minute's look for running sends queues it.
   */
  run: (sendId: number) => void;
  close: () => Promise<void>;
};

function transportOf(app: App): TLeadTransport | null {
  const { dialer, dialerSend } = app.config;
  if (dialer.mode === 'vicidial')
    return createVicidialTransport({
      url: dialer.url,
      user: dialer.user,
      pass: dialer.pass,
      timeoutMs: dialerSend.timeoutMs,
    });
  // The server's one in-memory VICIdial, which the dialer sync (modules/dialer-sync) updates too.
  if (dialer.mode === 'simulated') return createSimulatedTransport(demoVicidialListsOf(app.config));
  return null;
}

export function startSendRuntime(
  app: App,
  options: { sliceMs?: number; transport?: TLeadTransport } = {},
): TSendRuntime {
  const transport = options.transport ?? transportOf(app);
  if (transport === null) return { dialer: 'unconfigured', run: () => undefined, close: async () => undefined };
  const queue: TSendQueue = createSendQueue(
    { db: app.db, pool: poolOf(app.db), transport, config: app.config.dialerSend },
    app.log,
    options,
  );

  async function queueSend(sendId: number): Promise<void> {
    if (runtime.closed()) return;
    await runtime.work();
    await queue.enqueue(sendId);
  }
  function run(sendId: number): void {
    queueSend(sendId).catch((e: unknown) =>
      app.log.warn(
        { err: e instanceof Error ? e.message : String(e), sendId },
        'dialer send could not be queued; it is queued again within a minute',
      ),
    );
  }

  /** Running sends are queued again: a send whose process died goes on here (the worker's lock keeps it to one process). */
  const runtime = runQueueInProcess(app, queue, {
    everyMs: ORPHAN_CHECK_MS,
    failed: 'running dialer sends could not be queued',
    run: async () => {
      const ids = await findRunningSendIds(app.db);
      for (const id of ids) await queueSend(id);
    },
  });
  return { dialer: transport.mode, run, close: runtime.close };
}
