// The compact calibration scorecard's choices (short words for the scale) and the marks the admin's expert card
// starts from: each criterion's consensus (the median) snapped to its scale.
import {
  QC_CRITERIA,
  bestChoiceMarks,
  bestScores,
  criteriaOf,
  type TScorecardDefinition,
  type TScorecardMark,
  type TCalibrationCall,
  type TCalibrationResultCall,
  type TQcCriterion,
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

/**
 * The expert card on any scorecard version: the recorded choices, else each criterion's consensus (the median marks
 * snapped to the nearest choice, ties to the higher; N/A where every answer was N/A and N/A is allowed), else the best.
 */
export function startingExpertChoices(
  definition: Pick<TScorecardDefinition, 'sections'>,
  call: Pick<TCalibrationResultCall, 'rows' | 'answers' | 'expertTotal'>,
): TScorecardMark[] {
  return criteriaOf(definition).map((c) => {
    const answer = call.answers.find((a) => a.key === c.key);
    const row = call.rows.find((r) => r.key === c.key);
    if (call.expertTotal !== null && answer && (answer.expertChoice !== null || answer.expertNa))
      return { key: c.key, choice: answer.expertNa ? null : answer.expertChoice, comment: '' };
    const median = row?.median ?? null;
    if (median === null && c.allowNa && answer?.na.some(Boolean)) return { key: c.key, choice: null, comment: '' };
    const target = median ?? bestChoiceMarks(c);
    let best = c.choices[0]!;
    for (const ch of c.choices) {
      const d = Math.abs(ch.marks - target);
      const bestD = Math.abs(best.marks - target);
      if (d < bestD || (d === bestD && ch.marks > best.marks)) best = ch;
    }
    return { key: c.key, choice: best.label, comment: '' };
  });
}

/** The others' answers of a criterion where they differ from the caller's, by key ('B: Partly, C: N/A'). */
export function othersChoicesDiffering(call: Pick<TCalibrationCall, 'myScoring' | 'scorings'>): Record<string, string> {
  const mine = call.myScoring?.scorecard.criteria;
  if (!mine || call.scorings.length === 0) return {};
  const out: Record<string, string> = {};
  for (const c of mine) {
    const theirs = call.scorings.map((s) => ({
      who: s.inspectorName,
      choice: s.scorecard.criteria.find((x) => x.key === c.key)?.choice ?? null,
    }));
    if (theirs.some((t) => t.choice !== c.choice))
      out[c.key] = theirs.map((t) => `${t.who}: ${t.choice ?? 'N/A'}`).join(', ');
  }
  return out;
}
