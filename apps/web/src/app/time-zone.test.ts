// Dates on screen are the call centre's (the server's TIME_ZONE, carried by the session's token), not the browser's.
import { describe, expect, it } from 'vitest';
import { machineTimeZone } from '@crm/shared';
import { makeToken } from '../test/tokens.ts';
import { clearSession, readSession, storeSession } from './session.ts';
import {
  dayText,
  displayTimeZone,
  formatDateTime,
  formatDateTimeMinutes,
  formatTimeOfDay,
  setDisplayTimeZone,
  timeText,
} from './time-zone.ts';

// 18:30:05 UTC on 9 March is 00:30:05 on 10 March in Dhaka (UTC+6).
const HALF_PAST_MIDNIGHT_IN_DHAKA = '2026-03-09T18:30:05.000Z';

describe.each([
  ['Asia/Dhaka', '2026-03-10 00:30:05', '2026-03-10'],
  ['UTC', '2026-03-09 18:30:05', '2026-03-09'],
])('dates shown in %s', (zone, shown, day) => {
  it('writes a time as yyyy-MM-dd HH:mm:ss of the zone, and its day and time of day', () => {
    setDisplayTimeZone(zone);
    expect(formatDateTime(HALF_PAST_MIDNIGHT_IN_DHAKA)).toBe(shown);
    expect(formatDateTimeMinutes(HALF_PAST_MIDNIGHT_IN_DHAKA)).toBe(shown.slice(0, 16));
    expect(formatTimeOfDay(HALF_PAST_MIDNIGHT_IN_DHAKA)).toBe(shown.slice(11, 16));
    expect(formatTimeOfDay(HALF_PAST_MIDNIGHT_IN_DHAKA, { seconds: true })).toBe(shown.slice(11));
    expect(dayText(new Date(HALF_PAST_MIDNIGHT_IN_DHAKA))).toBe(day);
    expect(timeText(new Date(HALF_PAST_MIDNIGHT_IN_DHAKA), { seconds: true })).toBe(shown.slice(11));
  });
});

describe('the zone dates are shown in', () => {
  it('shows text that is no time as it is', () => {
    expect(formatDateTime('not a time')).toBe('not a time');
    expect(formatTimeOfDay('')).toBe('');
  });

  it("is the one the session token names, from sign-in and from a stored session, and the browser's after sign-out", () => {
    storeSession(makeToken({ timeZone: 'Asia/Dhaka' }));
    expect(displayTimeZone()).toBe('Asia/Dhaka');
    expect(formatDateTime(HALF_PAST_MIDNIGHT_IN_DHAKA)).toBe('2026-03-10 00:30:05');
    setDisplayTimeZone(undefined);
    readSession();
    expect(displayTimeZone()).toBe('Asia/Dhaka');
    clearSession();
    expect(displayTimeZone()).toBe(machineTimeZone());
  });

  it("is the browser's for a token that names no zone, or one this browser does not know", () => {
    storeSession(makeToken());
    expect(displayTimeZone()).toBe(machineTimeZone());
    storeSession(makeToken({ timeZone: 'Mars/Olympus' }));
    expect(displayTimeZone()).toBe(machineTimeZone());
  });
});
