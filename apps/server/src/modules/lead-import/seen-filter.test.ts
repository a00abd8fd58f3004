import { describe, expect, it } from 'vitest';
import { PhoneSet, SeenFilter } from './seen-filter.ts';

const date = (i: number) => `2024-05-0${1 + (i % 4)}`;
const phone = (i: number) => `+88017${10_000_000 + i}`;

describe('SeenFilter', () => {
  it('knows exactly which (date, number) keys it was given, through many growths of its tables', () => {
    const seen = new SeenFilter();
    let wronglySeen = 0;
    for (let i = 0; i < 300_000; i++) if (seen.add(date(i), phone(i))) wronglySeen += 1;
    // Exact: no key is taken for another, and every key given is remembered.
    expect(wronglySeen).toBe(0);
    for (const i of [0, 1, 1023, 1024, 65_537, 123_456, 299_999])
      expect(seen.add(date(i), phone(i)), phone(i)).toBe(true);
    // The same number on another date is another key.
    expect(seen.add(date(1), phone(0))).toBe(false);
  });

  it('keeps numbers that are not E.164 as they are written, and tells the dates it knows', () => {
    const seen = new SeenFilter();
    expect(seen.knows('2024-05-01')).toBe(false);
    seen.addDate('2024-05-01');
    expect(seen.knows('2024-05-01')).toBe(true);
    expect(seen.add('2024-05-01', '017-1234')).toBe(false);
    expect(seen.add('2024-05-01', '017-1234')).toBe(true);
    expect(seen.add('2024-05-01', '+0171234')).toBe(false);
  });

  it('PhoneSet: tells exactly which numbers it holds, E.164 or not', () => {
    const numbers = new PhoneSet();
    for (let i = 0; i < 5000; i += 2) numbers.add(phone(i));
    numbers.add('017-1234');
    for (let i = 0; i < 5000; i++) expect(numbers.has(phone(i)), phone(i)).toBe(i % 2 === 0);
    expect(numbers.has('017-1234')).toBe(true);
    expect(numbers.has('017-1235')).toBe(false);
    expect(numbers.has('+0171234')).toBe(false);
  });
});
