// The marks of a scoring form on any scorecard (docs/scorecards.md, QC panel): the starting marks, a pick or a comment
// changed, which key picks which choice, when a criterion's comment box shows, and problems keyed by criterion.
import {
  bestChoiceMarks,
  criteriaOf,
  markProblems,
  SCORECARD_LIMITS,
  type TScorecardCriterion,
  type TScorecardDefinition,
  type TScorecardMark,
} from '@crm/shared';

/** Problems keyed by criterion key; '' holds a problem of the whole card. */
export type TMarkProblems = Record<string, string>;

/** The key of a problem of the whole card (not one criterion's) in {@link TMarkProblems}. */
export const CARD_PROBLEM = '';

/** Every criterion at its best choice (the first with the most marks) and no comments: where an inspector starts. */
export function bestMarksOf(definition: Pick<TScorecardDefinition, 'sections'>): TScorecardMark[] {
  return criteriaOf(definition).map((c) => {
    const best = bestChoiceMarks(c);
    return { key: c.key, choice: c.choices.find((ch) => ch.marks === best)!.label, comment: '' };
  });
}

export function markOf(marks: readonly TScorecardMark[], key: string): TScorecardMark | undefined {
  return marks.find((m) => m.key === key);
}

function withMark(marks: readonly TScorecardMark[], key: string, change: Partial<TScorecardMark>): TScorecardMark[] {
  const found = marks.some((m) => m.key === key);
  if (!found) return [...marks, { key, choice: null, comment: '', ...change }];
  return marks.map((m) => (m.key === key ? { ...m, ...change } : m));
}

/** The marks with a criterion's choice picked (null: N/A); its comment kept. */
export function withChoice(marks: readonly TScorecardMark[], key: string, choice: string | null): TScorecardMark[] {
  return withMark(marks, key, { choice });
}

export function withComment(marks: readonly TScorecardMark[], key: string, comment: string): TScorecardMark[] {
  return withMark(marks, key, { comment });
}

/**
 * What a key pressed on a focused criterion picks: 1–9 its choices left to right, 0 or N its N/A where allowed;
 * undefined when the key picks nothing.
 */
export function choiceForKey(criterion: TScorecardCriterion, key: string): string | null | undefined {
  if (/^[1-9]$/.test(key)) {
    const index = Number(key) - 1;
    if (index >= SCORECARD_LIMITS.keyboardChoices) return undefined;
    return criterion.choices[index]?.label;
  }
  if ((key === '0' || key === 'n' || key === 'N') && criterion.allowNa) return null;
  return undefined;
}

/** True when the criterion is scored below its best mark (not N/A, not unscored). */
export function isBelowBest(criterion: TScorecardCriterion, mark: TScorecardMark | undefined): boolean {
  if (mark === undefined || mark.choice === null) return false;
  const choice = criterion.choices.find((ch) => ch.label === mark.choice);
  return choice !== undefined && choice.marks < bestChoiceMarks(criterion);
}

/** True when the server will refuse this criterion without a comment (docs/scorecards.md, Comments). */
export function needsComment(criterion: TScorecardCriterion, mark: TScorecardMark | undefined): boolean {
  return criterion.commentRequired && isBelowBest(criterion, mark) && (mark?.comment.trim() ?? '') === '';
}

/** The comment box shows when the scorecard requires a comment for this pick, or when there is a comment already. */
export function commentShown(criterion: TScorecardCriterion, mark: TScorecardMark | undefined): boolean {
  return (criterion.commentRequired && isBelowBest(criterion, mark)) || (mark?.comment ?? '') !== '';
}

/** Every reason the marks cannot be saved, the first per criterion (as the server's markProblems words them). */
export function problemsOf(definition: TScorecardDefinition, marks: readonly TScorecardMark[]): TMarkProblems {
  const problems: TMarkProblems = {};
  for (const p of markProblems(definition, marks)) {
    const key = p.key ?? CARD_PROBLEM;
    problems[key] ??= p.message;
  }
  return problems;
}

/** A server refusal's field ('scorecard.marks.greeting') as the criterion key it names, or null. */
export function criterionOfField(field: string | undefined | null): string | null {
  const match = /^scorecard\.marks\.(.+)$/.exec(field ?? '');
  return match === null ? null : match[1]!;
}

/** The marks as a save sends them: every criterion of the definition in order, comments trimmed. */
export function marksToSend(
  definition: Pick<TScorecardDefinition, 'sections'>,
  marks: readonly TScorecardMark[],
): TScorecardMark[] {
  const byKey = new Map(marks.map((m) => [m.key, m]));
  return criteriaOf(definition).flatMap((c) => {
    const m = byKey.get(c.key);
    return m === undefined ? [] : [{ key: c.key, choice: m.choice, comment: m.comment.trim() }];
  });
}
