// Which call opens after a Submit, and what the banner says: the next call not yet scored (after the one submitted,
// then from the top), and "all scored" after the last.
import { describe, expect, it } from 'vitest';
import { firstToScore, nextToScore, scoredNotice } from './scoring-flow.ts';

const SCORED = { comment: '' } as never;
const call = (id: number, position: number, scored = false) => ({
  id,
  position,
  consumerNumber: `+88017120001${String(position).padStart(2, '0')}`,
  callDate: '2021-09-07',
  myScoring: scored ? SCORED : null,
});

describe('the call that opens', () => {
  it('opens the first call not yet scored, by position, else the first', () => {
    expect(firstToScore([call(12, 2), call(11, 1, true), call(13, 3)])?.id).toBe(12);
    expect(firstToScore([call(12, 2, true), call(11, 1, true)])?.id).toBe(11);
    expect(firstToScore([])).toBeUndefined();
  });

  it('opens the next unscored call after the one submitted, then wraps to the top', () => {
    const calls = [call(11, 1), call(12, 2, true), call(13, 3), call(14, 4)];
    expect(nextToScore(calls, 11)?.id).toBe(13);
    expect(nextToScore(calls, 14)?.id).toBe(11);
  });

  it('skips the call just submitted even while the list still shows it unscored', () => {
    expect(nextToScore([call(11, 1), call(12, 2, true)], 11)).toBeNull();
    expect(nextToScore([call(11, 1)], 11)).toBeNull();
  });
});

describe('the banner after Submit', () => {
  const scoring = { total: 85, grade: 'Meet Expectation' };

  it('says what was saved and which call is next', () => {
    expect(scoredNotice({ position: 1 }, scoring, call(13, 3), 3)).toEqual({
      saved: 'Scoring submitted: call 1 (total 85, Meet Expectation).',
      next: 'Next: call 3, +8801712000103 on 2021-09-07.',
      done: false,
    });
  });

  it('says every call is scored after the last', () => {
    expect(scoredNotice({ position: 3 }, scoring, null, 3)).toMatchObject({
      next: 'All 3 calls of this session are scored.',
      done: true,
    });
    expect(scoredNotice({ position: 1 }, scoring, null, 1).next).toBe('The call of this session is scored.');
  });
});
