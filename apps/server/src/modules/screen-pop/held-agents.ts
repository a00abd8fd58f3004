// The agents a watch looks at: each open stream holds its agent, and a released agent stays for a grace period so a
// reload or a token renewal loses no call (the VICIdial watcher's and the simulated dialer's registry).

/** A signed-in agent whose screen can receive a pop (an open GET /api/ap/popStream). */
export type TWatchedAgent = {
  userId: number;
  agentId: string;
  /** Whose VICIdial session is read: the agent's profile's VICIdial user, else the agent ID. */
  vicidialUser: string;
  campaignName: string;
  /** The agent's sign-in (agent_sessions.id), kept on the call's start. */
  sid: number | null;
};

export type THeldAgent<E> = E & { agent: TWatchedAgent; holders: number; releasedAt: number | null };

export type HeldAgents<E> = {
  entries: Map<number, THeldAgent<E>>;
  /** Holds the agent until the returned release is called (once; a second call does nothing). */
  hold: (agent: TWatchedAgent) => () => void;
  /** Forgets the agents released at least graceMs before `now`, and returns them. */
  dropReleased: (now: number) => THeldAgent<E>[];
};

export function createHeldAgents<E extends object>(graceMs: number, fresh: () => E): HeldAgents<E> {
  const entries = new Map<number, THeldAgent<E>>();
  return {
    entries,
    hold: (agent) => {
      const e: THeldAgent<E> = entries.get(agent.userId) ?? { ...fresh(), agent, holders: 0, releasedAt: null };
      e.agent = agent;
      e.holders += 1;
      e.releasedAt = null;
      entries.set(agent.userId, e);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        e.holders -= 1;
        if (e.holders === 0) e.releasedAt = Date.now();
      };
    },
    dropReleased: (now) => {
      const dropped: THeldAgent<E>[] = [];
      for (const [userId, e] of entries) {
        if (e.holders > 0 || e.releasedAt === null || now - e.releasedAt < graceMs) continue;
        entries.delete(userId);
        dropped.push(e);
      }
      return dropped;
    },
  };
}
