// The screen pop of one server: which agents' screens are open (their pop streams), the watch that finds their calls
// (VICIdial's agent_status, or the simulated dialer), and the delivery of each call to the agent's open streams.
import type { FastifyBaseLogger } from 'fastify';
import { SCREEN_POP_EVENTS, type TScreenPop, type TScreenPopReady, type TTokenPayload } from '@crm/shared';
import type { TConfig } from '../../config.ts';
import type { Db } from '../../db/schema.ts';
import type { EventFeed } from '../../http/event-stream.ts';
import { createPopSimulator, type PopSimulator } from './simulator.ts';
import { findVicidialUser, popAgentOf, recordDialerCall } from './service.ts';
import { createAgentWatcher, type AgentWatcher, type TWatchedAgent } from './watcher.ts';

/**
 * An agent whose last stream closed is still watched this long: a reload, or the stream's reconnection when its media
 * token runs out, loses no call (the call that came meanwhile is the first event of the new stream).
 */
export const POP_GRACE_MS = 15_000;

export type ScreenPopRuntime = {
  source: TScreenPopReady['source'];
  /** The events of one agent's stream: ready (and the call on now, if any), then each call as it comes. */
  openFeed: (user: TTokenPayload) => Promise<EventFeed>;
  start: () => void;
  stop: () => Promise<void>;
  /** The VICIdial watch (with VICIdial) or the simulated dialer (DIALER=simulated), for tests. */
  watcher: AgentWatcher | null;
  simulator: PopSimulator | null;
};

function formatEvent(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function createScreenPopRuntime(
  config: Pick<TConfig, 'dialer' | 'screenPop' | 'phoneCountry'>,
  db: Db,
  log: FastifyBaseLogger,
): ScreenPopRuntime {
  const listeners = new Map<number, Set<(chunk: string) => void>>();
  /** Each agent's latest call: sent again to a stream that opens while it is still on (a reload). */
  const latest = new Map<number, TScreenPop>();
  const { pollMs, concurrency, timeoutMs, simulatedDelayMs } = config.screenPop;

  function deliver(userId: number, pop: TScreenPop) {
    latest.set(userId, pop);
    for (const write of listeners.get(userId) ?? []) write(formatEvent(SCREEN_POP_EVENTS.pop, pop));
  }

  const watcher =
    config.dialer.mode === 'vicidial'
      ? createAgentWatcher({
          settings: config.dialer,
          pollMs,
          concurrency,
          timeoutMs,
          graceMs: POP_GRACE_MS,
          log,
          onCall: async ({ agent, session, connectedAt }) => {
            const pop = await recordDialerCall(
              db,
              agent,
              {
                source: 'vicidial',
                dialerLeadId: session.leadId,
                phoneNumber: session.phoneNumber,
                vendorLeadCode: session.vendorLeadCode,
                ...(session.campaignId ? { dialerCampaign: session.campaignId } : {}),
                ...(session.callId ? { callId: session.callId } : {}),
                connectedAt,
              },
              config.phoneCountry,
            );
            deliver(agent.userId, pop);
          },
        })
      : null;
  const simulator =
    config.dialer.mode === 'simulated'
      ? createPopSimulator({
          db,
          pollMs,
          delayMs: simulatedDelayMs,
          graceMs: POP_GRACE_MS,
          log,
          onPop: (agent, pop) => deliver(agent.userId, pop),
        })
      : null;
  const source: TScreenPopReady['source'] = watcher ? 'vicidial' : simulator ? 'simulated' : 'none';

  /** The agent's latest call when it is still on their screen's record (not saved since): a reload gets it again. */
  async function callStillOn(userId: number): Promise<TScreenPop | null> {
    const pop = latest.get(userId);
    if (pop === undefined || pop.leadId === null) return null;
    const open = await db
      .selectFrom('callStarts')
      .select('leadId')
      .where('userId', '=', userId)
      .where('leadId', '=', String(pop.leadId))
      .where('dialerCallId', '=', pop.dialerLeadId)
      .executeTakeFirst();
    return open ? pop : null;
  }

  return {
    source,
    watcher,
    simulator,
    start: () => {
      watcher?.start();
      simulator?.start();
    },
    stop: async () => {
      await watcher?.stop();
      await simulator?.stop();
    },
    openFeed: async (user) => {
      const agent = popAgentOf(user);
      const vicidialUser = watcher ? await findVicidialUser(db, user) : null;
      const ready: TScreenPopReady = { source, vicidialUser };
      const replay = source === 'none' ? null : await callStillOn(agent.userId);
      const watched: TWatchedAgent = {
        ...agent,
        agentId: user.agentId ?? user.userName,
        vicidialUser: vicidialUser ?? user.agentId ?? user.userName,
      };
      return {
        first: formatEvent(SCREEN_POP_EVENTS.ready, ready) + (replay ? formatEvent(SCREEN_POP_EVENTS.pop, replay) : ''),
        subscribe: (write) => {
          const mine = listeners.get(agent.userId) ?? new Set();
          mine.add(write);
          listeners.set(agent.userId, mine);
          const release = watcher?.watch(watched) ?? simulator?.watch(watched) ?? (() => {});
          return () => {
            mine.delete(write);
            if (mine.size === 0) listeners.delete(agent.userId);
            release();
          };
        },
      };
    },
  };
}
