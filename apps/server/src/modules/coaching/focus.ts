// The scorecard side of coaching (docs/coaching.md): the focus criteria of a campaign's in-house version, and which
// criteria of a stored record failed on an auto-fail (fatal) choice.
import { STANDARD_SCORECARD_ID, criteriaOf, type TScorecardCriterion, type TStoredMarks } from '@crm/shared';
import type { TScorecardVersion } from '../scorecards/lookup.ts';

export function criteriaByKey(version: TScorecardVersion): Map<string, TScorecardCriterion> {
  return new Map(criteriaOf(version.definition).map((c) => [c.key, c]));
}

/**
 * The keys of the criteria a record failed on: on "Standard", Fatal at Yes (−100), whose scale has no auto-fail choice
 * of its own but zeroes the call in practice; on any other version, each criterion whose choice is its autoFailChoice
 * (as scoreMarks in @crm/shared knows an auto-fail).
 */
export function failedCriteria(version: TScorecardVersion, marks: TStoredMarks): string[] {
  if (version.id === STANDARD_SCORECARD_ID) return marks.fatal?.choice === 'Yes' ? ['fatal'] : [];
  return criteriaOf(version.definition)
    .filter((c) => c.autoFailChoice !== null && marks[c.key]?.choice === c.autoFailChoice)
    .map((c) => c.key);
}

/** A criterion's marks as a share of its scale: the worst choice 0, the best 100 (a scale of one mark: 100). */
export function shareOfScale(c: Pick<TScorecardCriterion, 'choices'>, marks: number): number {
  const values = c.choices.map((ch) => ch.marks);
  const best = Math.max(...values);
  const worst = Math.min(...values);
  return best === worst ? 100 : ((marks - worst) / (best - worst)) * 100;
}
