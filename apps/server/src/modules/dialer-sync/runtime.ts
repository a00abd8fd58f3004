// The dialer sync in a server process (docs/guide/call-loop.md "The dialer kept in step"): the dialer its requests go to
// (the sends' VICIdial, or the server's one in-memory VICIdial of DIALER=simulated), the queue, and this process's
// worker. A look every few seconds starts the worker once a campaign sends to the dialer (or rows wait), and queues a
// slice when rows are due (a retry's time come, or rows whose job could not be written), so nothing waits on a lost
// job; a process whose database sends to no dialer costs that look alone. Once started, the worker also takes the jobs
// transactions write with their rows.
import type { App } from '../../app-type.ts';
import { poolOf } from '../../db/database.ts';
import { demoVicidialListsOf, pause, withCredentials } from '../dialer/sends/simulated-transport.ts';
import { createNonAgentRequest } from '../dialer/sends/vicidial-transport.ts';
import { createSyncQueue, type TSyncQueue } from './queue.ts';
import { claimSecondsOf, type TSyncTransport } from './worker.ts';
import { mayHaveSyncWork, nextDueAt } from './items.ts';
import { runQueueInProcess } from '../dialer/queue-runtime.ts';

/** How often a process with a dialer looks for due rows while it works none. */
const LOOK_MS = 5000;

export type TDialerMode = 'vicidial' | 'simulated' | 'unconfigured';

export type TSyncRuntime = { dialer: TDialerMode; close: () => Promise<void> };

function transportOf(app: App): TSyncTransport | null {
  const { dialer, dialerSend } = app.config;
  if (dialer.mode === 'vicidial') {
    return {
      mode: 'vicidial',
      request: createNonAgentRequest({
        url: dialer.url,
        user: dialer.user,
        pass: dialer.pass,
        timeoutMs: dialerSend.timeoutMs,
      }),
      secrets: [dialer.user, dialer.pass],
    };
  }
  if (dialer.mode === 'simulated') {
    const model = demoVicidialListsOf(app.config);
    return {
      mode: 'simulated',
      request: async (params, signal) => {
        await pause(0, signal);
        return model.answer(withCredentials(params, model));
      },
      secrets: [model.credentials.user, model.credentials.pass],
    };
  }
  return null;
}

export function startSyncRuntime(app: App, options: { sliceMs?: number } = {}): TSyncRuntime {
  const transport = transportOf(app);
  if (transport === null) return { dialer: 'unconfigured', close: async () => undefined };
  const config = app.config.dialerSend;
  const deps = { db: app.db, pool: poolOf(app.db), transport, config, country: app.config.phoneCountry };
  const queue: TSyncQueue = createSyncQueue(deps, app.log, options);

  /** Starts the worker once there may be work, and queues a slice when rows are due and this process works none now. */
  const runtime = runQueueInProcess(app, queue, {
    everyMs: LOOK_MS,
    failed: 'dialer sync: could not look for due requests; looking again shortly',
    run: async () => {
      if (queue.busy()) return;
      if (!runtime.working()) {
        if (!(await mayHaveSyncWork(app.db))) return;
        await runtime.work();
      }
      const at = await nextDueAt(app.db, claimSecondsOf(config));
      if (at !== null && at.getTime() <= Date.now()) await queue.enqueue();
    },
  });
  return { dialer: transport.mode, close: runtime.close };
}
