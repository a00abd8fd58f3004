import { describe, expect, it } from 'vitest';
import { CALLBACK_CODES, CALLBACK_MESSAGES, callbackTimeProblem, readCallbackTime } from './callbacks.ts';

// 2026-03-10 09:00 in Dhaka (UTC+6).
const NOW = Date.parse('2026-03-10T03:00:00Z');

describe('a callback time', () => {
  it('is read in the call centre zone', () => {
    expect(readCallbackTime('2026-03-10 17:30', 'Asia/Dhaka', NOW)).toEqual({ at: new Date('2026-03-10T11:30:00Z') });
    expect(readCallbackTime('2026-03-10 17:30', 'UTC', NOW)).toEqual({ at: new Date('2026-03-10T17:30:00Z') });
  });

  it('may be the minute now (the form took a moment) and up to 30 days ahead', () => {
    expect(readCallbackTime('2026-03-10 09:00', 'Asia/Dhaka', NOW + 30_000)).toEqual({ at: new Date(NOW) });
    expect(readCallbackTime('2026-04-09 09:00', 'Asia/Dhaka', NOW)).toHaveProperty('at');
  });

  it('is refused in the past, more than 30 days ahead, or when it is not a real time, each with its code', () => {
    expect(readCallbackTime('2026-03-10 08:58', 'Asia/Dhaka', NOW)).toEqual({
      code: CALLBACK_CODES.inThePast,
      message: CALLBACK_MESSAGES.inThePast,
    });
    expect(readCallbackTime('2026-04-09 09:01', 'Asia/Dhaka', NOW)).toEqual({
      code: CALLBACK_CODES.tooFar,
      message: CALLBACK_MESSAGES.tooFar,
    });
    expect(readCallbackTime('2026-02-30 10:00', 'Asia/Dhaka', NOW)).toEqual({
      code: CALLBACK_CODES.notATime,
      message: CALLBACK_MESSAGES.notATime,
    });
    // London skips 01:00–02:00 on 29 March 2026.
    const londonNow = Date.parse('2026-03-28T12:00:00Z');
    expect(readCallbackTime('2026-03-29 01:30', 'Europe/London', londonNow)).toEqual({
      code: CALLBACK_CODES.notATime,
      message: CALLBACK_MESSAGES.notATime,
    });
    expect(readCallbackTime('2026-03-29 02:30', 'Europe/London', londonNow)).toEqual({
      at: new Date('2026-03-29T01:30:00Z'),
    });
  });

  it('gives the browser the same words through callbackTimeProblem', () => {
    expect(callbackTimeProblem(null, NOW)).toBe(CALLBACK_MESSAGES.notATime);
    expect(callbackTimeProblem(NOW - 120_000, NOW)).toBe(CALLBACK_MESSAGES.inThePast);
    expect(callbackTimeProblem(NOW + 3_600_000, NOW)).toBeNull();
  });
});
