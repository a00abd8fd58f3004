// The insights' arithmetic: the lean's edges, the weakest three's order and the marks lost of the deduction-only criteria.
import { describe, expect, it } from 'vitest';
import { bestScores } from '@crm/shared';
import { leanOf, meanLosses, weakestThree } from './figures.ts';

describe('leanOf', () => {
  it('is lenient from exactly +5, strict from exactly −5, in line between', () => {
    expect([leanOf(10, 5), leanOf(10, 4.99), leanOf(10, 0), leanOf(10, -4.99), leanOf(10, -5)]).toEqual([
      'lenient',
      'in line',
      'in line',
      'in line',
      'strict',
    ]);
  });

  it('gives no indicator under 10 records, however far from the floor', () => {
    expect([leanOf(9, 40), leanOf(9, -40), leanOf(0, 0)]).toEqual([
      'too few records',
      'too few records',
      'too few records',
    ]);
  });
});

describe('meanLosses and weakestThree', () => {
  it("counts a deduction as marks lost from the criterion's best (0): Fatal −100 loses 100, Poor objection −20 loses 20", () => {
    const marks = { ...bestScores(), fatal: -100, poorObjectionAndNegotiationSkill: -20, crm: 20 };
    const byKey = Object.fromEntries(meanLosses(marks, 1).map((l) => [l.criterion, l.meanLost]));
    expect([byKey.fatal, byKey.poorObjectionAndNegotiationSkill, byKey.crm]).toEqual([100, 20, 0]);
  });

  it('keeps the three worst, ties in scorecard order, and none that lost nothing', () => {
    const sums = { ...bestScores(), closing: -5, greetings: -5, pace: 5 };
    expect(weakestThree(meanLosses(sums, 1)).map((l) => l.criterion)).toEqual(['greetings', 'pace', 'closing']);
    expect(weakestThree(meanLosses({ ...bestScores(), crm: 10 }, 1)).map((l) => l.criterion)).toEqual(['crm']);
    expect(weakestThree(meanLosses(bestScores(), 1))).toEqual([]);
  });
});
