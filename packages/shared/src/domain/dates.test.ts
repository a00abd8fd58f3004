import { describe, expect, it } from 'vitest';
import { isIsoDate, parseCalendarDate } from './dates.ts';

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
