import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter.ts';

describe('createLimiter', () => {
  it('allows max attempts per key in a window, then refuses until the window ends', () => {
    let now = 1_000_000;
    const limiter = createLimiter(2, 60_000, () => now);
    expect([limiter.take('a').allowed, limiter.take('a').allowed, limiter.take('a').allowed]).toEqual([true, true, false]);
    expect(limiter.take('b').allowed).toBe(true);
    now += 30_000;
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    now += 30_000;
    expect(limiter.take('a').allowed).toBe(true);
  });

  it('takes an attempt given back off the count, and forgets ended windows', () => {
    let now = 0;
    const limiter = createLimiter(1, 1000, () => now);
    expect(limiter.take('a').allowed).toBe(true);
    limiter.giveBack('a');
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    now = 1000;
    limiter.prune();
    expect(limiter.take('a').allowed).toBe(true);
  });
});
