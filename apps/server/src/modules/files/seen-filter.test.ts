import { describe, expect, it } from 'vitest';
import { SeenFilter } from './seen-filter.ts';

const key = (i: number) => `2024-05-0${1 + (i % 4)}+88017${10_000_000 + i}`;

describe('SeenFilter', () => {
  it('never misses a repeat, before and after it outgrows its exact set', () => {
    const seen = new SeenFilter();
    let wronglySeen = 0;
    for (let i = 0; i < 200_000; i++) if (seen.add(key(i))) wronglySeen += 1;
    // Keys added while it was exact and after it turned into a Bloom filter are all remembered.
    for (const i of [0, 1, 49_999, 50_000, 50_001, 123_456, 199_999]) expect(seen.add(key(i)), key(i)).toBe(true);
    // A Bloom filter may say "seen" wrongly; at this size it practically never does.
    expect(wronglySeen).toBe(0);
  });
});
