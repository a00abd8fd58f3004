import { describe, expect, it } from 'vitest';
import { changeTimeText, isIsoDate, localDayText, localTimeText, parseCalendarDate } from './dates.ts';

describe('calendar dates', () => {
  it('reads yyyy-MM-dd and day-first d/M/yyyy and d-M-yyyy', () => {
    expect(parseCalendarDate('2026-11-05')).toBe('2026-11-05');
    expect(parseCalendarDate(' 5/3/2024 ')).toBe('2024-03-05');
    expect(parseCalendarDate('05-03-2024')).toBe('2024-03-05');
    expect(parseCalendarDate('31/12/2025')).toBe('2025-12-31');
  });

  it('refuses days that do not exist, mixed separators and other forms', () => {
    for (const bad of ['2024-02-30', '31/4/2024', '5/3-2024', '2024/03/05', '3/5/24', 'tomorrow', '']) expect(parseCalendarDate(bad), bad).toBeNull();
    expect(isIsoDate('2024-04-31')).toBe(false);
    expect(isIsoDate('5/3/2024')).toBe(false);
    expect(isIsoDate('2024-04-30')).toBe(true);
  });
});

describe('local day and time text', () => {
  const at = new Date(2026, 0, 5, 9, 7, 3);
  it('writes a moment as yyyy-MM-dd and a 24-hour HH:mm or HH:mm:ss, whatever the locale', () => {
    expect(localDayText(at)).toBe('2026-01-05');
    expect(localTimeText(at)).toBe('09:07');
    expect(localTimeText(new Date(2026, 0, 5, 21, 7, 3), { seconds: true })).toBe('21:07:03');
  });

  it('names a change of today by its time, and of another day by its day too', () => {
    expect(changeTimeText(at, new Date(2026, 0, 5, 18, 0))).toBe('09:07');
    expect(changeTimeText(at, new Date(2026, 0, 6, 8, 0))).toBe('2026-01-05 09:07');
  });
});
