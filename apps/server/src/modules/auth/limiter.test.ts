import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter.ts';
import { backoffSeconds } from './limiter-daily.ts';

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

describe('backoffSeconds', () => {
  it('is nothing before LOGIN_BACKOFF_AFTER failures, then a minute, doubling with each failure up to the maximum', () => {
    const limits = { backoffAfter: 10, backoffMaxSeconds: 3600, dailyPerAddress: 1000 };
    expect([1, 9, 10, 11, 12, 15, 16, 17, 500].map((n) => backoffSeconds(n, limits))).toEqual([0, 0, 60, 120, 240, 1920, 3600, 3600, 3600]);
    expect(backoffSeconds(3, { ...limits, backoffAfter: 3, backoffMaxSeconds: 30 })).toBe(30);
  });
});
