import { describe, expect, it } from 'vitest';
import {
  fleissCounts,
  fleissKappa,
  krippendorffAlpha,
  median,
  percentAgreement,
  type TUnitValues,
} from './agreement.ts';

/** Fleiss (1971) as Wikipedia's "Fleiss' kappa" worked example gives it: 10 subjects, 14 raters, 5 categories. */
const FLEISS_EXAMPLE = [
  [0, 0, 0, 0, 14],
  [0, 2, 6, 4, 2],
  [0, 0, 3, 5, 6],
  [0, 3, 9, 2, 0],
  [2, 2, 8, 1, 1],
  [7, 7, 0, 0, 0],
  [3, 2, 6, 3, 0],
  [2, 5, 3, 2, 2],
  [6, 5, 2, 1, 0],
  [0, 2, 2, 3, 7],
];

/**
 * Krippendorff (2011) "Computing Krippendorff's Alpha-Reliability", section C: 4 observers (A–D) × 12 units, values
 * 1–5, with missing values (null). Here one entry per unit, observers A, B, C, D.
 */
const K = null;
const KRIPPENDORFF_EXAMPLE: TUnitValues[] = [
  [1, 1, K, 1],
  [2, 2, 3, 2],
  [3, 3, 3, 3],
  [3, 3, 3, 3],
  [2, 2, 2, 2],
  [1, 2, 3, 4],
  [4, 4, 4, 4],
  [1, 1, 2, 1],
  [2, 2, 2, 2],
  [K, 5, 5, 5],
  [K, K, 1, 1],
  [K, K, 3, K],
];

describe("Fleiss' kappa", () => {
  it('gives 0.210 on the worked example (P̄ = 0.378, P̄e = 0.213 by hand)', () => {
    // By hand: P̄e = 0.143² + 0.200² + 0.279² + 0.150² + 0.229² = 0.2128; P̄ = 3.780 / 10 = 0.3780;
    // κ = (0.3780 − 0.2128) / (1 − 0.2128) = 0.2099.
    const kappa = fleissKappa(FLEISS_EXAMPLE);
    expect(kappa).not.toBeNull();
    expect(kappa as number).toBeCloseTo(0.2099, 4);
  });

  it('is 1 for perfect agreement over varied categories and undefined (null) when all assignments share one category', () => {
    expect(
      fleissKappa([
        [3, 0],
        [0, 3],
      ]),
    ).toBe(1);
    expect(
      fleissKappa([
        [3, 0],
        [3, 0],
      ]),
    ).toBeNull();
  });

  it('refuses subjects with different numbers of raters', () => {
    expect(() =>
      fleissKappa([
        [2, 1],
        [1, 1],
      ]),
    ).toThrow(/same number of raters/);
  });

  it('builds its counts table from values per rater', () => {
    expect(
      fleissCounts([
        [10, 5, 10],
        [0, 0, 5],
      ]),
    ).toEqual([
      [0, 1, 2],
      [2, 1, 0],
    ]);
  });
});

describe("Krippendorff's alpha", () => {
  it('gives nominal 0.743 on the 2011 worked example with missing values', () => {
    // By hand (the paper's coincidence matrix): n = 40 pairable values, n_c = 9, 13, 10, 5, 3 (Σ n_c² = 384); the
    // mismatching coincidences are unit 2: 6/3, unit 6: 12/3, unit 8: 6/3 = 8, so Σ o_cc = 32 and
    // α = 1 − (n − 1)(n − Σ o_cc) / (n² − Σ n_c²) = 1 − 39 × 8 / 1216 = 0.7434.
    expect(krippendorffAlpha(KRIPPENDORFF_EXAMPLE, 'nominal') as number).toBeCloseTo(0.743, 3);
  });

  it('gives interval 0.849 on the same example', () => {
    expect(krippendorffAlpha(KRIPPENDORFF_EXAMPLE, 'interval') as number).toBeCloseTo(0.849, 3);
  });

  it("gives ordinal 0.815 on the same example (the paper's ordinal result)", () => {
    expect(krippendorffAlpha(KRIPPENDORFF_EXAMPLE, 'ordinal') as number).toBeCloseTo(0.815, 3);
  });

  it('drops units with a single value (unit 12 of the example changes nothing)', () => {
    const without = KRIPPENDORFF_EXAMPLE.slice(0, 11);
    expect(krippendorffAlpha(without, 'ordinal')).toBe(krippendorffAlpha(KRIPPENDORFF_EXAMPLE, 'ordinal'));
  });

  it('is 1 for perfect agreement, null when every value is the same or nothing is pairable', () => {
    expect(
      krippendorffAlpha(
        [
          [0, 0],
          [5, 5],
          [10, 10, null],
        ],
        'ordinal',
      ),
    ).toBe(1);
    expect(
      krippendorffAlpha(
        [
          [5, 5],
          [5, 5],
        ],
        'ordinal',
      ),
    ).toBeNull();
    expect(
      krippendorffAlpha(
        [
          [5, null],
          [null, 0],
        ],
        'ordinal',
      ),
    ).toBeNull();
  });

  it('weighs an ordinal disagreement by the marks between the two values, not their distance', () => {
    // Two units disagree by one step each; with an empty middle value the ordinal and interval readings part.
    const units: TUnitValues[] = [
      [0, 0],
      [10, 10],
      [-20, -20],
      [0, 10],
      [-20, 0],
    ];
    const ordinal = krippendorffAlpha(units, 'ordinal') as number;
    const interval = krippendorffAlpha(units, 'interval') as number;
    expect(ordinal).toBeGreaterThan(0);
    expect(ordinal).not.toBeCloseTo(interval, 3);
  });
});

describe('percent agreement and the median', () => {
  it('counts agreeing pairs among all pairs of a unit, skipping missing values', () => {
    // Unit 1: 3 pairs, 1 agreeing (10,10); unit 2: 1 pair, agreeing; unit 3: no pair.
    expect(
      percentAgreement([
        [10, 10, 5],
        [0, null, 0],
        [5, null, null],
      ]),
    ).toBeCloseTo(2 / 4, 10);
    expect(percentAgreement([[5, null]])).toBeNull();
  });

  it('gives the Krippendorff example a pairwise agreement of 43 of 55 pairs', () => {
    // By hand: agreeing pairs over all pairs: u1 3/3, u2 3/6, u3–u5 6/6 each, u6 0/6, u7 6/6, u8 3/6, u9 6/6,
    // u10 3/3, u11 1/1 → 43 / 55.
    expect(percentAgreement(KRIPPENDORFF_EXAMPLE)).toBeCloseTo(43 / 55, 10);
  });

  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([10, 0, 5])).toBe(5);
    expect(median([10, 5])).toBe(7.5);
    expect(median([])).toBeNull();
  });
});
