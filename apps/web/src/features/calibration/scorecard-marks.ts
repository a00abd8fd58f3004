// The compact calibration scorecard's choices (short words for the scale) and the marks the admin's expert card
// starts from: each criterion's consensus (the median) snapped to its scale.
import {
  QC_CRITERIA,
  bestScores,
  type TCalibrationResultCall,
  type TCalibrationScoring,
  type TQcCriterion,
  type TQcCriterionKey,
  type TQcScores,
} from '@crm/shared';

const SHORT: Record<string, string> = { Yes: 'Yes', 'Need Improvement': 'NI', No: 'No' };

/** 'Yes 10', 'NI 5', 'No 0': a choice in a narrow cell. */
export function choiceLabel(label: string, marks: number): string {
  return `${SHORT[label] ?? label} ${marks}`;
}

export function choicesOf(c: TQcCriterion): { value: string; label: string }[] {
  return c.scale.map((s) => ({ value: String(s.marks), label: choiceLabel(s.label, s.marks) }));
}

/** The scale's mark nearest to a value (ties to the higher mark: the benefit of the doubt). */
export function nearestOnScale(c: TQcCriterion, value: number): number {
  let best = c.scale[0]?.marks ?? 0;
  for (const s of c.scale) {
    const d = Math.abs(s.marks - value);
    const bestD = Math.abs(best - value);
    if (d < bestD || (d === bestD && s.marks > best)) best = s.marks;
  }
  return best;
}

/** The expert card to start from: the marks already recorded, else the call's consensus on each scale, else the best card. */
export function startingExpertMarks(call: Pick<TCalibrationResultCall, 'rows'>): TQcScores {
  const marks = bestScores();
  for (const c of QC_CRITERIA) {
    const row = call.rows.find((r) => r.key === c.key);
    if (row?.expert !== null && row?.expert !== undefined) marks[c.key] = row.expert;
    else if (row?.median !== null && row?.median !== undefined) marks[c.key] = nearestOnScale(c, row.median);
  }
  return marks;
}

export type TOthersMarks = { marks: number[]; who: string };

/**
 * Where the other inspectors marked a call differently from the caller, per criterion: nothing until the caller has
 * submitted (the server sends no others' marks before; this holds the screen to the same rule).
 */
type TScoringMarks = Pick<TCalibrationScoring, 'inspectorName' | 'scores'>;

export function othersDiffering(call: {
  myScoring: TScoringMarks | null;
  scorings: readonly TScoringMarks[];
}): Partial<Record<TQcCriterionKey, TOthersMarks>> {
  const mine = call.myScoring?.scores;
  if (!mine || call.scorings.length === 0) return {};
  const out: Partial<Record<TQcCriterionKey, TOthersMarks>> = {};
  for (const c of QC_CRITERIA) {
    const marks = call.scorings.map((s) => s.scores?.[c.key] ?? 0);
    if (marks.some((m) => m !== mine[c.key]))
      out[c.key] = { marks, who: call.scorings.map((s) => `${s.inspectorName}: ${s.scores?.[c.key]}`).join(', ') };
  }
  return out;
}
