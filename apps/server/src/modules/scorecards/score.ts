// Marks checked and scored on one scorecard version, for whatever is scored on it (a QC record, a calibration call):
// the spec's 14 fields count as marks of "Standard" only; anything the version does not allow is refused whole.
import {
  STANDARD_SCORECARD_ID,
  markProblems,
  scoreMarks,
  standardMarksOf,
  storedMarksOf,
  type TQcScores,
  type TScoreResult,
  type TScorecardMarks,
  type TStoredMarks,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { invalidValue } from '../../http/errors.ts';
import { findScorecardVersion, type TScorecardVersion } from './lookup.ts';

/** What a save carries: the spec's 14 marks (null when not all there) and/or `scorecard: {id, marks}`. */
export type TMarksSave = { scores: TQcScores | null; scorecard: TScorecardMarks | undefined };

/**
 * Scores a save on `versionId`: `scorecard.id` must be it (else `wrongVersion`), the 14 spec fields are taken on
 * "Standard" only; 400 INVALID_VALUE naming the first criterion (`scorecard.marks.<key>`) with every reason.
 */
export async function scoreOnVersion(
  db: Db,
  versionId: number,
  save: TMarksSave,
  words: { what: 'record' | 'call'; wrongVersion: (sent: number, version: TScorecardVersion) => string },
): Promise<{ result: TScoreResult; marks: TStoredMarks }> {
  const version = await findScorecardVersion(db, versionId);
  if (save.scorecard !== undefined && save.scorecard.id !== versionId)
    throw invalidValue(words.wrongVersion(save.scorecard.id, version), 'scorecard.id');
  let marks;
  if (save.scorecard !== undefined) marks = save.scorecard.marks;
  else if (versionId === STANDARD_SCORECARD_ID && save.scores !== null) marks = standardMarksOf(save.scores);
  else
    throw invalidValue(
      `This ${words.what} is scored on "${version.name}" version ${version.version}: send its marks as scorecard {id: ${versionId}, marks}`,
      'scorecard',
    );
  const problems = markProblems(version.definition, marks);
  if (problems.length > 0) {
    const key = problems[0]!.key;
    throw invalidValue(problems.map((p) => p.message).join('; '), key ? `scorecard.marks.${key}` : 'scorecard.marks');
  }
  const result = scoreMarks(version.definition, marks);
  return { result, marks: storedMarksOf(result) };
}
