// Which of the QC record lists' optional columns are shown: the inspector's choice, remembered in this browser
// (localStorage) for both lists. The call (number, campaign, duration), agent, inspector, date, Total, Grade and the
// row actions always show.
export const COLUMN_CHOICE_KEY = 'qc-record-columns';

export const COLUMN_CHOICES = ['scores', 'suggestion', 'criteria', 'fatalReason', 'eas'] as const;
export type TColumnChoice = (typeof COLUMN_CHOICES)[number];

export const COLUMN_CHOICE_LABELS: Record<TColumnChoice, string> = {
  scores: 'Scores (what lost marks, opens the 14 criteria)',
  suggestion: 'Suggestion',
  criteria: 'The 14 criteria, one column each',
  fatalReason: 'Fatal Reason',
  eas: 'EAS voice matched with report',
};

/** What a first visit shows: everything that fits a 1366 px screen without sideways scrolling. */
export const DEFAULT_COLUMN_CHOICE: readonly TColumnChoice[] = ['scores', 'suggestion'];

const isChoice = (value: unknown): value is TColumnChoice => (COLUMN_CHOICES as readonly unknown[]).includes(value);

/** The stored choice, in the columns' order; the default when nothing (or nothing readable) is stored. */
export function parseColumnChoice(stored: string | null | undefined): TColumnChoice[] {
  if (stored === null || stored === undefined || stored === '') return [...DEFAULT_COLUMN_CHOICE];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [...DEFAULT_COLUMN_CHOICE];
  }
  if (!Array.isArray(value)) return [...DEFAULT_COLUMN_CHOICE];
  return COLUMN_CHOICES.filter((c) => value.some((v: unknown) => v === c && isChoice(v)));
}

export function serializeColumnChoice(choice: readonly TColumnChoice[]): string {
  return JSON.stringify(COLUMN_CHOICES.filter((c) => choice.includes(c)));
}

/** The choice with one column turned on or off. */
export function toggleColumnChoice(
  choice: readonly TColumnChoice[],
  column: TColumnChoice,
  shown: boolean,
): TColumnChoice[] {
  return COLUMN_CHOICES.filter((c) => (c === column ? shown : choice.includes(c)));
}
