// The screen pop's watch of VICIdial: one pass every SCREEN_POP_POLL_MS over the agents whose /CRM can receive a pop,
// reading each one's agent_status (a bounded number at once), and telling onCall about each call newly INCALL.
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { VicidialSettings } from '../dialer/vicidial.ts';
import {
  AgentStatusError,
  createAgentStatusClient,
  redactCredentials,
  type TAgentSession,
  type TAgentStatusRead,
} from './agent-status.ts';
import { createHeldAgents, type THeldAgent, type TWatchedAgent } from './held-agents.ts';

export type { TWatchedAgent } from './held-agents.ts';

export type TConnectedCall = { agent: TWatchedAgent; session: TAgentSession; connectedAt: Date };

export type AgentWatcher = {
  /** Watches the agent while the returned release has not been called (each open stream holds one). */
  watch: (agent: TWatchedAgent) => () => void;
  start: () => void;
  /** Stops the passes and cancels reads in flight; resolves once they and the pops under way have settled. */
  stop: () => Promise<void>;
  /** One pass now, its reads not spread over the interval (tests); resolves when its reads are done. */
  passNow: () => Promise<void>;
  /** Agents watched now (held by a stream, or released less than graceMs ago). */
  size: () => number;
};

type Options = {
  settings: VicidialSettings;
  pollMs: number;
  concurrency: number;
  timeoutMs: number;
  /** An agent whose last stream closed is still read this long: a reload or a stream's token renewal loses no call. */
  graceMs: number;
  log: FastifyBaseLogger;
  /** A call newly INCALL: record it and push it. A failure is logged, and the call is tried again on the next pass. */
  onCall: (call: TConnectedCall) => Promise<void>;
  /** Reads one agent (tests may stand in for VICIdial). */
  read?: (vicidialUser: string, signal: AbortSignal) => Promise<TAgentStatusRead>;
};

type Entry = THeldAgent<{
  /** The call last pushed (call_id, lead_id, number, vendor code): the same call is never pushed twice. */
  lastCall: string | null;
  /** The agent's VICIdial state as last logged ("logged in", "not logged in"…): each change is logged once. */
  state: string | null;
}>;

/** An agent is in a call the screen can open: INCALL with a lead or a number. */
function callOf(session: TAgentSession): string | null {
  if (session.status !== 'INCALL') return null;
  const hasLead = session.leadId !== '' && session.leadId !== '0';
  if (!hasLead && session.phoneNumber === '') return null;
  return [session.callId, session.leadId, session.phoneNumber, session.vendorLeadCode].join('|');
}

/**
 * A pass's reads start spread over this share of the interval rather than all at once: each agent is then read once an
 * interval at its own moment, so a call waits at most about one interval to be seen wherever the agent is in the pass,
 * VICIdial gets an even stream of requests instead of a burst each second, and the rest of the interval is slack for
 * slow answers.
 */
const PACED_SHARE = 0.8;
/** Reads start in groups of this many (a few ms apart at most): a quarter less CPU than one by one, no later to see. */
const PACED_GROUP = 10;

/** Runs fn over items in order, at most `limit` at once. */
async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export function createAgentWatcher(options: Options): AgentWatcher {
  const { settings, pollMs, concurrency, timeoutMs, graceMs, log, onCall } = options;
  const client = createAgentStatusClient(settings, concurrency);
  const read = options.read ?? ((user: string, signal: AbortSignal) => client.read(user, timeoutMs, signal));
  const held = createHeldAgents(graceMs, () => ({ lastCall: null as string | null, state: null as string | null }));
  const entries = held.entries;
  const pops = new Set<Promise<void>>();
  let controller = new AbortController();
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  /** Why VICIdial cannot be read, while it cannot (logged once when it starts and once when it ends). */
  let outage: string | null = null;
  /** Whether pushing a call is failing (the database away): logged once until one succeeds. */
  let popFailing = false;
  let probe = 0;

  function noteOutage(message: string) {
    if (outage === null)
      log.warn(
        { reason: message },
        'screen pop: VICIdial agent_status cannot be read; one agent is tried each pass until it answers',
      );
    outage = message;
  }

  function noteAnswered() {
    if (outage === null) return;
    outage = null;
    log.info('screen pop: VICIdial agent_status answers again');
  }

  function noteState(e: Entry, state: string, message?: string) {
    if (e.state === state) return;
    e.state = state;
    log.info(
      {
        agentId: e.agent.agentId,
        vicidialUser: e.agent.vicidialUser,
        state,
        ...(message ? { vicidial: redactCredentials(message, settings) } : {}),
      },
      "screen pop: agent's VICIdial session",
    );
  }

  function push(e: Entry, key: string, session: TAgentSession) {
    const pop = onCall({ agent: e.agent, session, connectedAt: new Date() })
      .then(() => {
        if (popFailing) log.info('screen pop: calls are pushed again');
        popFailing = false;
      })
      .catch((error: unknown) => {
        if (!popFailing)
          log.error({ err: error }, 'screen pop: a call could not be pushed; it is tried again on the next pass');
        popFailing = true;
        // Tried again on the next pass, unless another call came meanwhile.
        if (e.lastCall === key) e.lastCall = null;
      })
      .finally(() => pops.delete(pop));
    pops.add(pop);
  }

  async function readOne(e: Entry): Promise<void> {
    let result: TAgentStatusRead;
    try {
      result = await read(e.agent.vicidialUser, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof AgentStatusError) noteOutage(error.message);
      else {
        if (outage === null) log.error({ err: error }, 'screen pop: unexpected agent_status failure');
        noteOutage('unexpected failure');
      }
      return;
    }
    noteAnswered();
    if (result.kind === 'not-logged-in') return noteState(e, 'not logged in to VICIdial', result.message);
    if (result.kind === 'not-found') return noteState(e, 'no such VICIdial user', result.message);
    noteState(e, 'logged in to VICIdial');
    const key = callOf(result.session);
    if (key === null || key === e.lastCall) return;
    e.lastCall = key;
    push(e, key, result.session);
  }

  async function pass(paced: boolean): Promise<void> {
    const now = Date.now();
    held.dropReleased(now);
    const all = [...entries.values()];
    // While VICIdial cannot be read, one agent a pass finds out when it can again, instead of all of them failing.
    const targets = outage !== null && all.length > 1 ? [all[probe++ % all.length] as Entry] : all;
    const started = performance.now();
    const spacing = paced ? (pollMs * PACED_SHARE) / targets.length : 0;
    const { signal } = controller;
    await forEachLimited(targets, concurrency, async (e, i) => {
      const wait = started + Math.floor(i / PACED_GROUP) * PACED_GROUP * spacing - performance.now();
      if (wait >= 1) await sleep(wait, undefined, { signal }).catch(() => undefined);
      if (!signal.aborted) await readOne(e);
    });
  }

  function runPass(paced = false): Promise<void> {
    // Passes never overlap: a slow VICIdial delays the next pass instead of piling requests on it.
    inFlight ??= pass(paced).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      const started = Date.now();
      void runPass(true).finally(() => schedule(Math.max(0, pollMs - (Date.now() - started))));
    }, delayMs);
    timer.unref();
  }

  return {
    watch: held.hold,
    start: () => {
      if (!stopped) return;
      stopped = false;
      controller = new AbortController();
      // Every read in flight and every paced wait listens to it: up to a few per concurrent read.
      setMaxListeners(4 * concurrency + 10, controller.signal);
      schedule(0);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
      await inFlight?.catch(() => undefined);
      await Promise.all([...pops]);
      client.close();
    },
    passNow: () => runPass(false),
    size: () => entries.size,
  };
}
