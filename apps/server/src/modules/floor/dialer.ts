// VICIdial's state of each signed-in agent on the floor (agent_status, the screen pop's reader), only while the
// dialer is VICIdial; without one the floor leaves it out.
import type { TFloorDialer } from '@crm/shared';
import type { TConfig } from '../../config.ts';
import { AgentStatusError, createAgentStatusClient } from '../screen-pop/agent-status.ts';
import type { FloorAgentKey, FloorDialerReader } from './service.ts';

export type FloorDialer = { read: FloorDialerReader; close: () => void };

const blank = { subStatus: '', leadId: '' };

/** The reader of VICIdial's agent states, or undefined when the dialer is not VICIdial. */
export function createFloorDialer(config: Pick<TConfig, 'dialer' | 'screenPop'>): FloorDialer | undefined {
  if (config.dialer.mode !== 'vicidial') return undefined;
  const { concurrency, timeoutMs } = config.screenPop;
  const client = createAgentStatusClient(config.dialer, concurrency);
  const abort = new AbortController();

  async function readOne(agent: FloorAgentKey): Promise<TFloorDialer> {
    try {
      const read = await client.read(agent.vicidialUser, timeoutMs, abort.signal);
      if (read.kind === 'session') {
        const { status, subStatus, leadId } = read.session;
        return { status, subStatus, leadId, error: null };
      }
      if (read.kind === 'not-logged-in') return { status: 'LOGGED OUT', ...blank, error: null };
      return { status: '', ...blank, error: read.message };
    } catch (err) {
      if (err instanceof AgentStatusError) return { status: '', ...blank, error: err.message };
      throw err;
    }
  }

  return {
    read: async (agents) => {
      const found = new Map<number, TFloorDialer>();
      // At most `concurrency` reads in flight, as the screen pop's watch does.
      for (let i = 0; i < agents.length; i += concurrency) {
        const batch = agents.slice(i, i + concurrency);
        const states = await Promise.all(batch.map(readOne));
        batch.forEach((a, j) => {
          const state = states[j];
          if (state !== undefined) found.set(a.userId, state);
        });
      }
      return found;
    },
    close: () => {
      abort.abort();
      client.close();
    },
  };
}
