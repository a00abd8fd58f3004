// Agreement statistics of calibration sessions (docs/guide/calibration.md): percent agreement, Fleiss' kappa and
// Krippendorff's alpha (nominal, ordinal, interval), each over units (calls) rated by several raters (inspectors).

/** One unit's values, one per rater in a fixed rater order; null where the rater gave none (a missing mark). */
export type TUnitValues = readonly (number | null)[];

export type TAlphaMetric = 'nominal' | 'ordinal' | 'interval';

const present = (unit: TUnitValues): number[] => unit.filter((v): v is number => v !== null);

/**
 * Pairwise percent agreement: of all pairs of values given to the same unit, the share that are equal (0..1).
 * Units with fewer than two values have no pair and count for nothing; null when no unit has a pair.
 */
export function percentAgreement(units: readonly TUnitValues[]): number | null {
  let pairs = 0;
  let agreeing = 0;
  for (const unit of units) {
    const values = present(unit);
    for (let i = 0; i < values.length; i += 1) {
      for (let j = i + 1; j < values.length; j += 1) {
        pairs += 1;
        if (values[i] === values[j]) agreeing += 1;
      }
    }
  }
  return pairs === 0 ? null : agreeing / pairs;
}

/**
 * Fleiss' kappa (Fleiss 1971, "Measuring nominal scale agreement among many raters", Psychological Bulletin 76(5)):
 * `counts[i][j]` is how many raters put subject i in category j; every subject has the same number of raters n.
 * κ = (P̄ − P̄e) / (1 − P̄e), with P̄ the mean over subjects of Σj nij(nij − 1) / (n(n − 1)) and P̄e = Σj pj², pj the
 * share of all assignments in category j. Null when P̄e = 1 (every assignment in one category: kappa is undefined).
 */
export function fleissKappa(counts: readonly (readonly number[])[]): number | null {
  const subjects = counts.length;
  if (subjects === 0) return null;
  const raters = counts[0]?.reduce((a, b) => a + b, 0) ?? 0;
  if (raters < 2) return null;
  for (const row of counts) {
    if (row.reduce((a, b) => a + b, 0) !== raters)
      throw new Error("Fleiss' kappa needs the same number of raters for every subject");
  }
  const categories = counts[0]?.length ?? 0;
  let pBar = 0;
  for (const row of counts) pBar += row.reduce((s, n) => s + n * (n - 1), 0) / (raters * (raters - 1));
  pBar /= subjects;
  let pe = 0;
  for (let j = 0; j < categories; j += 1) {
    const pj = counts.reduce((s, row) => s + (row[j] ?? 0), 0) / (subjects * raters);
    pe += pj * pj;
  }
  return pe === 1 ? null : (pBar - pe) / (1 - pe);
}

/** Fleiss' counts table of units given as values per rater (every unit must have every rater's value). */
export function fleissCounts(units: readonly TUnitValues[]): number[][] {
  const categories = [...new Set(units.flatMap(present))].sort((a, b) => a - b);
  return units.map((unit) => categories.map((c) => unit.filter((v) => v === c).length));
}

/**
 * Krippendorff's alpha (Krippendorff 2011, "Computing Krippendorff's Alpha-Reliability", Annenberg School for
 * Communication Departmental Papers 43), from the coincidence matrix: α = 1 − (n − 1) Σ o_ck δ²_ck / Σ n_c n_k δ²_ck,
 * where o_ck = Σu (number of c–k pairs in unit u) / (m_u − 1) over the units with m_u ≥ 2 values (the pairable ones;
 * others are dropped, which is how missing marks are handled), n_c = Σk o_ck and n = Σc n_c. The metrics (δ²):
 * nominal 0/1; ordinal (Σ_{g=c..k} n_g − (n_c + n_k)/2)²; interval (c − k)². Null when there is nothing to compare or
 * the expected disagreement is 0 (every pairable value the same: alpha is undefined).
 */
export function krippendorffAlpha(units: readonly TUnitValues[], metric: TAlphaMetric): number | null {
  const pairable = units.map(present).filter((v) => v.length >= 2);
  const values = [...new Set(pairable.flat())].sort((a, b) => a - b);
  const index = new Map(values.map((v, i) => [v, i]));
  const size = values.length;
  const o: number[][] = values.map(() => values.map(() => 0));
  for (const unit of pairable) {
    const m = unit.length;
    for (let i = 0; i < m; i += 1) {
      for (let j = 0; j < m; j += 1) {
        if (i === j) continue;
        const c = index.get(unit[i] as number) as number;
        const k = index.get(unit[j] as number) as number;
        (o[c] as number[])[k] = (o[c]?.[k] ?? 0) + 1 / (m - 1);
      }
    }
  }
  const nc = o.map((row) => row.reduce((a, b) => a + b, 0));
  const n = nc.reduce((a, b) => a + b, 0);
  if (n <= 1) return null;
  const delta = (c: number, k: number): number => {
    if (metric === 'nominal') return c === k ? 0 : 1;
    if (metric === 'interval') return ((values[c] as number) - (values[k] as number)) ** 2;
    const [lo, hi] = c < k ? [c, k] : [k, c];
    let sum = 0;
    for (let g = lo; g <= hi; g += 1) sum += nc[g] as number;
    return (sum - ((nc[lo] as number) + (nc[hi] as number)) / 2) ** 2;
  };
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < size; c += 1) {
    for (let k = 0; k < size; k += 1) {
      const d = delta(c, k);
      observed += (o[c]?.[k] ?? 0) * d;
      expected += (nc[c] as number) * (nc[k] as number) * d;
    }
  }
  if (expected === 0) return null;
  return 1 - ((n - 1) * observed) / expected;
}

/** The median of some numbers (the mean of the middle two when there is an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
