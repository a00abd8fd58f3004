// A stand-in dialer for demos and tests (DIALER=simulated): plausible figures that drift a little each read.
import type { TDialerStats } from '@crm/shared';
import type { DialerSource } from './vicidial.ts';

type Breakdown = Omit<TDialerStats, 'agents_logged_in'>;

/** Each figure wanders within a range typical of a 40-seat floor. */
const RANGES: Record<keyof Breakdown, readonly [number, number]> = {
  calls_waiting: [0, 12],
  agents_in_calls: [14, 38],
  agents_waiting: [0, 9],
  agents_paused: [0, 7],
  agents_in_dead_calls: [0, 2],
  agents_in_dispo: [0, 6],
  agents_in_dial: [0, 8],
};

const START: Breakdown = {
  calls_waiting: 3,
  agents_in_calls: 24,
  agents_waiting: 4,
  agents_paused: 3,
  agents_in_dead_calls: 0,
  agents_in_dispo: 2,
  agents_in_dial: 3,
};

/** random() in [0, 1); pass a seeded one for repeatable figures. */
export function createSimulatedSource(random: () => number = Math.random): DialerSource {
  let current: Breakdown = { ...START };
  const step = (): TDialerStats => {
    const next = { ...current };
    for (const key of Object.keys(RANGES) as (keyof Breakdown)[]) {
      const [min, max] = RANGES[key];
      const r = random();
      const delta = r < 0.3 ? -1 : r < 0.7 ? 0 : 1;
      next[key] = Math.min(max, Math.max(min, next[key] + delta));
    }
    current = next;
    // Every logged-in agent is in exactly one state, so the total always adds up.
    const loggedIn =
      next.agents_in_calls +
      next.agents_waiting +
      next.agents_paused +
      next.agents_in_dead_calls +
      next.agents_in_dispo +
      next.agents_in_dial;
    return { ...next, agents_logged_in: loggedIn };
  };
  return { mode: 'simulated', read: async () => step() };
}
