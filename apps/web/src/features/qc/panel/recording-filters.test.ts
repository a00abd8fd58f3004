// The Call Records' filters in the address: read back as written, nonsense ignored, other parameters kept.
import { describe, expect, it } from 'vitest';
import { readFilters, writeFilters } from './recording-filters.ts';

describe('recording filters', () => {
  it('round-trip through the address, leaving the defaults out', () => {
    const params = writeFilters(new URLSearchParams('tab=x'), {
      longestSilenceOver: 30,
      talkRatioUnder: 25.5,
      sort: 'deadAir',
    });
    expect(params.toString()).toBe('tab=x&longestSilenceOver=30&talkRatioUnder=25.5&sort=deadAir');
    expect(readFilters(params)).toEqual({ longestSilenceOver: 30, talkRatioUnder: 25.5, sort: 'deadAir' });
    expect(writeFilters(params, { sort: 'time' }).toString()).toBe('tab=x');
  });

  it('ignore what the server would refuse', () => {
    expect(readFilters(new URLSearchParams('longestSilenceOver=-1&talkRatioUnder=101&sort=loudest'))).toEqual({
      longestSilenceOver: undefined,
      talkRatioUnder: undefined,
      sort: 'time',
    });
    expect(readFilters(new URLSearchParams('longestSilenceOver=abc&talkRatioUnder='))).toEqual({
      longestSilenceOver: undefined,
      talkRatioUnder: undefined,
      sort: 'time',
    });
  });
});
