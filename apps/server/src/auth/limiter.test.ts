import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter.ts';
import { backoffSeconds } from './limiter-daily.ts';

describe('createLimiter', () => {
  it('allows max failures per key in a window, then refuses until the window ends', async () => {
    let now = 1_000_000;
    const limiter = createLimiter(2, 60_000, () => now);
    const fail = async (key: string) => {
      const a = await limiter.take(key);
      a.settle(true);
      return a.allowed;
    };
    expect([await fail('a'), await fail('a'), await fail('a')]).toEqual([true, true, false]);
    expect(await fail('b')).toBe(true);
    now += 30_000;
    expect(await limiter.take('a')).toMatchObject({ allowed: false, retryAfterSeconds: 30 });
    now += 30_000;
    expect(await fail('a')).toBe(true);
  });

  it('does not count attempts that did not fail, and forgets ended windows', async () => {
    let now = 0;
    const limiter = createLimiter(1, 1000, () => now);
    (await limiter.take('a')).settle(false);
    (await limiter.take('a')).settle(true);
    expect((await limiter.take('a')).allowed).toBe(false);
    now = 1000;
    limiter.prune();
    expect((await limiter.take('a')).allowed).toBe(true);
  });

  it('makes a burst beyond the allowance wait for attempts in flight instead of refusing it', async () => {
    const limiter = createLimiter(2, 60_000, () => 0);
    const first = await limiter.take('nat');
    const second = await limiter.take('nat');
    let thirdStarted = false;
    const third = limiter.take('nat').then((a) => {
      thirdStarted = true;
      return a;
    });
    await Promise.resolve();
    expect(thirdStarted).toBe(false);
    first.settle(false);
    expect((await third).allowed).toBe(true);
    // Two failures fill the window: whatever waits is then refused.
    const fourth = limiter.take('nat');
    second.settle(true);
    (await third).settle(true);
    expect((await fourth).allowed).toBe(false);
  });
});

describe('backoffSeconds', () => {
  it('is nothing before LOGIN_BACKOFF_AFTER failures, then a minute, doubling with each failure up to the maximum', () => {
    const limits = { backoffAfter: 10, backoffMaxSeconds: 3600, dailyPerAddress: 1000 };
    expect([1, 9, 10, 11, 12, 15, 16, 17, 500].map((n) => backoffSeconds(n, limits))).toEqual([
      0, 0, 60, 120, 240, 1920, 3600, 3600, 3600,
    ]);
    expect(backoffSeconds(3, { ...limits, backoffAfter: 3, backoffMaxSeconds: 30 })).toBe(30);
  });
});
