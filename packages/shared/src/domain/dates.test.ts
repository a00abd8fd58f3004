import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDaysBetween,
  eachCalendarDay,
  canonicalTimeZone,
  changeTimeText,
  isIsoDate,
  isTimeZone,
  localDateTimeText,
  localDayText,
  localTimeText,
  machineTimeZone,
  parseCalendarDate,
  parseLocalDateTime,
  startOfLocalDay,
  startOfNextLocalDay,
} from './dates.ts';

describe('calendar dates', () => {
  it('reads yyyy-MM-dd and day-first d/M/yyyy and d-M-yyyy', () => {
    expect(parseCalendarDate('2026-11-05')).toBe('2026-11-05');
    expect(parseCalendarDate(' 5/3/2024 ')).toBe('2024-03-05');
    expect(parseCalendarDate('05-03-2024')).toBe('2024-03-05');
    expect(parseCalendarDate('31/12/2025')).toBe('2025-12-31');
  });

  it('refuses days that do not exist, mixed separators and other forms', () => {
    for (const bad of ['2024-02-30', '31/4/2024', '5/3-2024', '2024/03/05', '3/5/24', 'tomorrow', ''])
      expect(parseCalendarDate(bad), bad).toBeNull();
    expect(isIsoDate('2024-04-31')).toBe(false);
    expect(isIsoDate('5/3/2024')).toBe(false);
    expect(isIsoDate('2024-04-30')).toBe(true);
  });
});

describe('local day and time text', () => {
  // 2026-01-05 09:07:03 in Dhaka (UTC+6, no summer time) is 03:07:03 UTC.
  const at = new Date('2026-01-05T03:07:03Z');
  it("writes a moment as yyyy-MM-dd and a 24-hour HH:mm or HH:mm:ss of the zone, whatever the machine's zone", () => {
    expect(localDayText(at, 'Asia/Dhaka')).toBe('2026-01-05');
    expect(localTimeText(at, 'Asia/Dhaka')).toBe('09:07');
    expect(localTimeText(new Date('2026-01-05T15:07:03Z'), 'Asia/Dhaka', { seconds: true })).toBe('21:07:03');
    expect(localDateTimeText(at, 'Asia/Dhaka')).toBe('2026-01-05 09:07:03');
    expect(localDateTimeText(at, 'UTC')).toBe('2026-01-05 03:07:03');
    expect(localDateTimeText(at, 'America/New_York')).toBe('2026-01-04 22:07:03');
  });

  it('puts 00:30 in Dhaka on its own day, which in UTC is still the day before', () => {
    const halfPastMidnight = new Date('2026-03-09T18:30:00Z');
    expect(localDateTimeText(halfPastMidnight, 'Asia/Dhaka')).toBe('2026-03-10 00:30:00');
    expect(localDayText(halfPastMidnight, 'UTC')).toBe('2026-03-09');
  });

  it('follows summer time', () => {
    expect(localDateTimeText(new Date('2026-07-01T12:00:00Z'), 'Europe/London')).toBe('2026-07-01 13:00:00');
    expect(localDateTimeText(new Date('2026-01-01T12:00:00Z'), 'Europe/London')).toBe('2026-01-01 12:00:00');
    // The hour London's clocks go forward (01:00 UTC on 29 March 2026): 00:59:59 GMT then 02:00:00 BST.
    expect(localDateTimeText(new Date('2026-03-29T00:59:59Z'), 'Europe/London')).toBe('2026-03-29 00:59:59');
    expect(localDateTimeText(new Date('2026-03-29T01:00:00Z'), 'Europe/London')).toBe('2026-03-29 02:00:00');
  });

  it("names a change of today by its time, and of another day by its day too, today being the zone's", () => {
    expect(changeTimeText(at, 'Asia/Dhaka', new Date('2026-01-05T12:00:00Z'))).toBe('09:07');
    expect(changeTimeText(at, 'Asia/Dhaka', new Date('2026-01-06T02:00:00Z'))).toBe('2026-01-05 09:07');
    // 20:00 UTC on the 5th is already the 6th in Dhaka.
    expect(changeTimeText(at, 'Asia/Dhaka', new Date('2026-01-05T20:00:00Z'))).toBe('2026-01-05 09:07');
    expect(changeTimeText(at, 'UTC', new Date('2026-01-05T20:00:00Z'))).toBe('03:07');
  });
});

describe('time zones', () => {
  it('knows IANA names and UTC, in any case, and refuses the rest', () => {
    expect(canonicalTimeZone('Asia/Dhaka')).toBe('Asia/Dhaka');
    expect(canonicalTimeZone('asia/dhaka')).toBe('Asia/Dhaka');
    expect(isTimeZone('UTC')).toBe(true);
    for (const bad of ['Asia/Dacca-ish', 'Mars/Olympus', 'GMT+25', '+06:00', ''])
      expect(isTimeZone(bad), bad).toBe(false);
  });

  it("says the machine's zone as a name it knows", () => {
    expect(isTimeZone(machineTimeZone())).toBe(true);
  });
});

describe('local days', () => {
  it('starts a Dhaka day at 18:00 UTC the day before, and a UTC day at midnight UTC', () => {
    expect(startOfLocalDay('2026-03-10', 'Asia/Dhaka').toISOString()).toBe('2026-03-09T18:00:00.000Z');
    expect(startOfNextLocalDay('2026-03-10', 'Asia/Dhaka').toISOString()).toBe('2026-03-10T18:00:00.000Z');
    expect(startOfLocalDay('2026-03-10', 'UTC').toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(startOfNextLocalDay('2026-12-31', 'UTC').toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('finds the day a moment falls in, in the zone', () => {
    const halfPastMidnight = new Date('2026-03-09T18:30:00Z');
    expect(startOfLocalDay(halfPastMidnight, 'Asia/Dhaka').toISOString()).toBe('2026-03-09T18:00:00.000Z');
    expect(startOfNextLocalDay(halfPastMidnight, 'Asia/Dhaka').toISOString()).toBe('2026-03-10T18:00:00.000Z');
    expect(startOfLocalDay(halfPastMidnight, 'UTC').toISOString()).toBe('2026-03-09T00:00:00.000Z');
  });

  it('has days of 23 and 25 hours where the clocks change', () => {
    const hours = (day: string, zone: string) =>
      (startOfNextLocalDay(day, zone).getTime() - startOfLocalDay(day, zone).getTime()) / 3_600_000;
    expect(hours('2026-03-29', 'Europe/London')).toBe(23);
    expect(hours('2026-10-25', 'Europe/London')).toBe(25);
    expect(startOfLocalDay('2026-10-25', 'Europe/London').toISOString()).toBe('2026-10-24T23:00:00.000Z');
  });

  it('starts a day whose midnight the clocks skip at the jump, and one whose midnight comes twice at the first', () => {
    // Havana: 00:00 on 8 March 2026 became 01:00 (UTC-5 to UTC-4); 01:00 on 1 November went back to 00:00.
    expect(startOfLocalDay('2026-03-08', 'America/Havana').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(localDateTimeText(startOfLocalDay('2026-03-08', 'America/Havana'), 'America/Havana')).toBe(
      '2026-03-08 01:00:00',
    );
    expect(startOfLocalDay('2026-11-01', 'America/Havana').toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });

  it('counts calendar days across months and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});

describe('calendar day ranges', () => {
  it('counts both ends and walks leap days and month ends whatever the zone', () => {
    expect(calendarDaysBetween('2024-02-28', '2024-03-01')).toBe(3);
    expect(calendarDaysBetween('2024-03-01', '2024-03-01')).toBe(1);
    expect(eachCalendarDay('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(eachCalendarDay('2024-12-31', '2025-01-01')).toEqual(['2024-12-31', '2025-01-01']);
  });

  it('gives no day when the end is before the start, and at most the limit', () => {
    expect(eachCalendarDay('2024-03-01', '2024-02-28')).toEqual([]);
    expect(eachCalendarDay('2024-01-01', '2024-12-31', 2)).toEqual(['2024-01-01', '2024-01-02']);
  });
});

describe('local wall-clock times', () => {
  it('reads yyyy-MM-dd HH:mm as the moment it names in the zone', () => {
    expect(parseLocalDateTime('2026-03-10 09:30', 'Asia/Dhaka')?.toISOString()).toBe('2026-03-10T03:30:00.000Z');
    expect(parseLocalDateTime(' 2026-03-10 00:00 ', 'Asia/Dhaka')?.toISOString()).toBe('2026-03-09T18:00:00.000Z');
    expect(parseLocalDateTime('2026-07-01 13:00', 'Europe/London')?.toISOString()).toBe('2026-07-01T12:00:00.000Z');
    expect(parseLocalDateTime('2026-01-01 12:00', 'Europe/London')?.toISOString()).toBe('2026-01-01T12:00:00.000Z');
  });

  it('refuses other forms and days, hours or minutes that do not exist', () => {
    for (const bad of [
      '2026-03-10',
      '2026-03-10 9:30',
      '2026-03-10T09:30',
      '2026-02-30 10:00',
      '2026-03-10 24:00',
      '2026-03-10 10:60',
      '10/3/2026 10:00',
      '',
    ]) {
      expect(parseLocalDateTime(bad, 'Asia/Dhaka'), bad).toBeNull();
    }
  });

  it('says a time the clocks skip is not a time, and reads a time that happens twice as its first', () => {
    // London's clocks go from 01:00 to 02:00 on 29 March 2026, and from 02:00 back to 01:00 on 25 October.
    expect(parseLocalDateTime('2026-03-29 01:30', 'Europe/London')).toBeNull();
    expect(parseLocalDateTime('2026-03-29 00:59', 'Europe/London')?.toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(parseLocalDateTime('2026-03-29 02:00', 'Europe/London')?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(parseLocalDateTime('2026-10-25 01:30', 'Europe/London')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    // Havana skips midnight on 8 March 2026.
    expect(parseLocalDateTime('2026-03-08 00:30', 'America/Havana')).toBeNull();
  });
});
