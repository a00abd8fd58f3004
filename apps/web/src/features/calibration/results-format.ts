// How the calibration results read: shares as percentages, alpha to two places, leans signed, and which cells to mark.
import { QC_CRITERIA, median, type TCalibrationLean, type TCalibrationResultCall } from '@crm/shared';

type TNamed = { key: string; name: string };

/** A criterion's name: from the session's versions (`criterionNames` of the results), else the spec's, else its key. */
export const criterionName = (key: string, names: readonly TNamed[] = []): string =>
  names.find((n) => n.key === key)?.name ?? QC_CRITERIA.find((c) => c.key === key)?.name ?? key;

export function formatShare(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}

/** Alpha to two places; '—' when undefined (every mark the same, or nothing to compare). */
export function formatAlpha(alpha: number | null): string {
  return alpha === null ? '—' : alpha.toFixed(2);
}

/** '+6.3', '−8.8', '0': marks above or below the consensus. */
export function formatLean(lean: number | null): string {
  if (lean === null) return '—';
  // Half away from zero, so a lean reads the same size either way.
  const rounded = (Math.sign(lean) * Math.round(Math.abs(lean) * 10)) / 10;
  if (rounded === 0) return '0';
  return rounded > 0 ? `+${rounded}` : `−${Math.abs(rounded)}`;
}

/** What an alpha says, in Krippendorff's own bands (2004: ≥ 0.800 reliable, ≥ 0.667 tentative). */
export function alphaReading(alpha: number | null): { label: string; color: string } {
  if (alpha === null) return { label: 'all the same', color: 'gray' };
  if (alpha >= 0.8) return { label: 'reliable', color: 'green' };
  if (alpha >= 0.667) return { label: 'tentative', color: 'yellow' };
  return { label: 'unreliable', color: 'red' };
}

/** The criteria of a call where the inspector (by column) differs from the expert marks. */
export function expertMisses(call: Pick<TCalibrationResultCall, 'rows'>, column: number): string[] {
  return call.rows
    .filter((r) => r.expert !== null && r.marks[column] !== null && r.marks[column] !== r.expert)
    .map((r) => r.key);
}

/** The Total row's Median and Spread, as the criteria rows have them: the median of the totals given, highest − lowest. */
export function totalsSummary(totals: readonly (number | null)[]): { median: number | null; spread: number | null } {
  const given = totals.filter((t): t is number => t !== null);
  if (given.length === 0) return { median: null, spread: null };
  return { median: median(given), spread: Math.max(...given) - Math.min(...given) };
}

/** Each criterion's lean per inspector (in `leans` order), for the table of leans by criterion. */
export function leansByCriterion(
  leans: readonly TCalibrationLean[],
  keys: readonly string[] = QC_CRITERIA.map((c) => c.key),
): { key: string; cells: { lean: number | null; flagged: boolean }[] }[] {
  return keys.map((key) => ({
    key,
    cells: leans.map((l) => {
      const found = l.criteria.find((x) => x.key === key);
      return { lean: found?.lean ?? null, flagged: found?.flagged ?? false };
    }),
  }));
}
