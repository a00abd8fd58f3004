// Counts failed sign-ins per key in fixed one-minute windows (in memory, per server process).

export type Limiter = {
  /** Counts an attempt of the key; false when the key has used up its attempts in this window. */
  take: (key: string) => { allowed: boolean; retryAfterSeconds: number };
  /** Gives an attempt back (a sign-in that succeeded is not counted). */
  giveBack: (key: string) => void;
  /** Forgets windows that have ended; the owner calls it now and then. */
  prune: () => void;
};

export function createLimiter(max: number, windowMs: number, now: () => number = () => Date.now()): Limiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    take(key) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.endsAt <= t) {
        w = { count: 0, endsAt: t + windowMs };
        windows.set(key, w);
      }
      const retryAfterSeconds = Math.max(1, Math.ceil((w.endsAt - t) / 1000));
      // A refused attempt is not counted: the window still ends when it would have.
      if (w.count >= max) return { allowed: false, retryAfterSeconds };
      w.count += 1;
      return { allowed: true, retryAfterSeconds };
    },
    giveBack(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count -= 1;
    },
    prune() {
      const t = now();
      for (const [key, w] of windows) if (w.endsAt <= t) windows.delete(key);
    },
  };
}
