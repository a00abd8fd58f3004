// Counts failed sign-ins per key in fixed one-minute windows (in memory, per server process), with the attempts in
// flight held to what the window has left, so a burst waits its turn instead of being refused.

export type Attempt = { allowed: boolean; retryAfterSeconds: number; settle: (failed: boolean) => void };

export type Limiter = {
  /**
   * Starts an attempt of the key. Refused when the key's window already holds `max` failures. Otherwise it goes on at
   * once while failures plus attempts in flight stay under `max`, or waits for one in flight to settle: 200 sign-ins
   * of one office at once are checked as fast as the hashing allows, and none of them is refused for the others.
   * `settle` ends it (exactly once): a failure counts in the window, anything else is forgotten.
   */
  take: (key: string) => Promise<Attempt>;
  /** Forgets windows that have ended with nothing in flight; the owner calls it now and then. */
  prune: () => void;
};

type KeyState = { failures: number; endsAt: number; inFlight: Map<symbol, number>; waiting: (() => void)[] };

/** An attempt in flight longer than this (a lost request) no longer holds a place. */
const STALE_MS = 2 * 60_000;

export function createLimiter(max: number, windowMs: number, now: () => number = () => Date.now()): Limiter {
  const keys = new Map<string, KeyState>();
  const stateOf = (key: string, t: number): KeyState => {
    let s = keys.get(key);
    if (!s) {
      s = { failures: 0, endsAt: t + windowMs, inFlight: new Map(), waiting: [] };
      keys.set(key, s);
    }
    if (s.endsAt <= t) {
      s.failures = 0;
      s.endsAt = t + windowMs;
    }
    for (const [id, started] of s.inFlight) if (started <= t - STALE_MS) s.inFlight.delete(id);
    return s;
  };
  const wakeAll = (s: KeyState) => {
    for (const wake of s.waiting.splice(0)) wake();
  };
  return {
    async take(key) {
      for (;;) {
        const t = now();
        const s = stateOf(key, t);
        const retryAfterSeconds = Math.max(1, Math.ceil((s.endsAt - t) / 1000));
        // A refused attempt is not counted: the window still ends when it would have.
        if (s.failures >= max) return { allowed: false, retryAfterSeconds, settle: () => undefined };
        if (s.failures + s.inFlight.size < max) {
          const id = Symbol(key);
          s.inFlight.set(id, t);
          let settled = false;
          const settle = (failed: boolean) => {
            if (settled) return;
            settled = true;
            s.inFlight.delete(id);
            if (failed) stateOf(key, now()).failures += 1;
            wakeAll(s);
          };
          return { allowed: true, retryAfterSeconds, settle };
        }
        await new Promise<void>((resolve) => s.waiting.push(resolve));
      }
    },
    prune() {
      const t = now();
      for (const [key, s] of keys)
        if (s.endsAt <= t && s.inFlight.size === 0 && s.waiting.length === 0) keys.delete(key);
    },
  };
}
