// The preview's picks as an inspector makes them (a choice, N/A or nothing yet per criterion, and comments), the keys
// that pick (1–9 a choice, N for N/A) and the live result by the shared arithmetic (scoreMarks, marksProblems).
import {
  SCORECARD_LIMITS,
  criteriaOf,
  marksProblems,
  scoreMarks,
  type TScoreResult,
  type TScorecardCriterion,
  type TScorecardDefinition,
  type TScorecardMark,
} from '@crm/shared';

/** Per criterion key: the chosen label, or null for N/A; a criterion not picked yet has no entry. */
export type TPicks = Readonly<Record<string, { choice: string | null; comment: string }>>;

/** What a key pressed on a criterion picks: a choice's label, N/A, or nothing (the key is not a pick there). */
export type TKeyPick = { choice: string | null } | null;

export function pickOfKey(criterion: Pick<TScorecardCriterion, 'choices' | 'allowNa'>, key: string): TKeyPick {
  if (/^[1-9]$/.test(key)) {
    const index = Number(key) - 1;
    const choice = index < SCORECARD_LIMITS.keyboardChoices ? criterion.choices[index] : undefined;
    return choice === undefined ? null : { choice: choice.label };
  }
  if ((key === 'n' || key === 'N') && criterion.allowNa) return { choice: null };
  return null;
}

export function withPick(picks: TPicks, key: string, choice: string | null): TPicks {
  return { ...picks, [key]: { choice, comment: picks[key]?.comment ?? '' } };
}

/** A comment goes with a picked criterion (the preview asks for one only once a choice is picked). */
export function withComment(picks: TPicks, key: string, comment: string): TPicks {
  const pick = picks[key];
  return pick === undefined ? picks : { ...picks, [key]: { choice: pick.choice, comment } };
}

/** The marks a save would send: the picked criteria, in the scorecard's order. */
export function marksOf(definition: TScorecardDefinition, picks: TPicks): TScorecardMark[] {
  return criteriaOf(definition)
    .filter((c) => picks[c.key] !== undefined)
    .map((c) => ({ key: c.key, choice: picks[c.key]!.choice, comment: picks[c.key]!.comment }));
}

export type TLiveResult = {
  result: TScoreResult;
  /** Why a save would be refused now (unscored criteria, missing comments); empty when it would be accepted. */
  problems: string[];
  picked: number;
  criteria: number;
};

export function liveResult(definition: TScorecardDefinition, picks: TPicks): TLiveResult {
  const marks = marksOf(definition, picks);
  return {
    result: scoreMarks(definition, marks),
    problems: marksProblems(definition, marks),
    picked: marks.length,
    criteria: criteriaOf(definition).length,
  };
}

/** Whether a criterion wants a comment with its pick now (comment required and not at its best mark). */
export function needsComment(criterion: TScorecardCriterion, picks: TPicks): boolean {
  const pick = picks[criterion.key];
  if (!criterion.commentRequired || pick === undefined || pick.choice === null) return false;
  const best = Math.max(...criterion.choices.map((ch) => ch.marks));
  const chosen = criterion.choices.find((ch) => ch.label === pick.choice);
  return chosen !== undefined && chosen.marks < best;
}
