import { describe, expect, it } from 'vitest';
import { formatSince } from './floor-time.ts';

const at = '2026-11-20T10:00:00.000Z';
const plus = (s: number) => Date.parse(at) + s * 1000;

describe('formatSince', () => {
  it('shows m:ss under an hour and h:mm:ss from an hour', () => {
    expect(formatSince(at, plus(0))).toBe('0:00');
    expect(formatSince(at, plus(9.9))).toBe('0:09');
    expect(formatSince(at, plus(754))).toBe('12:34');
    expect(formatSince(at, plus(3599))).toBe('59:59');
    expect(formatSince(at, plus(3600))).toBe('1:00:00');
    expect(formatSince(at, plus(2 * 3600 + 5 * 60 + 7))).toBe('2:05:07');
  });

  it('never shows a negative time when the clocks differ a little', () => {
    expect(formatSince(at, plus(-3))).toBe('0:00');
  });
});
