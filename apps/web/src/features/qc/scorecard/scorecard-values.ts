// What a scorecard column holds and shows, on the QC panel and the edit pages alike (docs/product.md §5 QC total, §9 scales):
// the 14 marks and the three texts, the live total and grade, each criterion's choices and the EAS choices.
import {
  isOnScale,
  qcGrade,
  qcTotal,
  type TQcCriterion,
  type TQcGrade,
  type TQcScores,
  type TScaleChoice,
} from '@crm/shared';

export type TScorecardValues = {
  scores: TQcScores;
  fatalReason: string;
  /** 'Yes', 'No', '' (not checked), or an older record's own words. */
  easVoiceMatched: string;
  suggestion: string;
};

/** The texts of a column the inspector types or picks. */
export type TScorecardText = 'fatalReason' | 'easVoiceMatched' | 'suggestion';

export type TScoreResult = { total: number; grade: TQcGrade };

/** The total and grade the server will store for these marks, shown while the inspector scores. */
export function scoreResult(scores: TQcScores): TScoreResult {
  const total = qcTotal(scores);
  return { total, grade: qcGrade(total) };
}

/** The colour of a grade: the daily summary's colours (green, blue, yellow, red). */
export const GRADE_COLOURS: Record<TQcGrade, string> = {
  'Exceed Expectation': 'green',
  'Meet Expectation': 'blue',
  'Average Expectation': 'yellow',
  'Below Expectation': 'red',
};

/** 'Need Improvement (-10)': the marks as the whole numbers they are. */
export function choiceLabel(choice: TScaleChoice): string {
  return `${choice.label} (${choice.marks})`;
}

export type TMarkChoice = { value: string; label: string; disabled?: boolean };

/** A criterion's choices, left to right as keys 1, 2, 3 pick them; a stored mark off the scale comes first, disabled. */
export function markChoices(c: TQcCriterion, current: number): TMarkChoice[] {
  const choices = c.scale.map((s) => ({ value: String(s.marks), label: choiceLabel(s) }));
  return isOnScale(c, current)
    ? choices
    : [{ value: String(current), label: `${current} (off the scale)`, disabled: true }, ...choices];
}

/** The marks key '1', '2' or '3' picks for a criterion (the scale's choices in order), or null for any other key. */
export function marksForKey(c: TQcCriterion, key: string): number | null {
  if (!/^[1-9]$/.test(key)) return null;
  return c.scale[Number(key) - 1]?.marks ?? null;
}

export const EAS_CHOICES = ['Yes', 'No'] as const;

/** A stored answer as the choices spell it ('yes' → 'Yes'); other words are kept as they are. */
export function normalisedEas(stored: string): string {
  const known = EAS_CHOICES.find((choice) => choice.toLowerCase() === stored.trim().toLowerCase());
  return known ?? stored;
}

/** "EAS voice matched with report?": not checked, Yes, No, and an older record's own words if it has them. */
export function easChoices(current: string): { value: string; label: string }[] {
  const choices = [
    { value: '', label: 'Not checked' },
    ...EAS_CHOICES.map((choice) => ({ value: choice, label: choice })),
  ];
  return choices.some((c) => c.value === current) ? choices : [...choices, { value: current, label: current }];
}
