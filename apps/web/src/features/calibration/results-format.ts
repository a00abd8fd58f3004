// How the calibration results read: shares as percentages, alpha to two places, leans signed, and which cells to mark.
import { QC_CRITERIA, type TCalibrationResultCall, type TQcCriterionKey } from '@crm/shared';

export const criterionName = (key: TQcCriterionKey): string => QC_CRITERIA.find((c) => c.key === key)?.name ?? key;

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
export function expertMisses(call: TCalibrationResultCall, column: number): TQcCriterionKey[] {
  return call.rows.filter((r) => r.expert !== null && r.marks[column] !== null && r.marks[column] !== r.expert).map((r) => r.key);
}
