// A calibration call's marks on its scorecard version (docs/scorecards.md "Calibration"): a scoring or the expert's
// marks checked against the version and scored there; stored marks of older (14-field) rows read as "Standard" marks.
import {
  QC_CRITERION_KEYS,
  STANDARD_SCORECARD,
  STANDARD_SCORECARD_ID,
  marksFromStored,
  scoreMarks,
  standardMarksOf,
  storedMarksOf,
  type TCalibrationScorecardRef,
  type TCalibrationScoring,
  type TQcScores,
  type TScorecardBlock,
  type TScorecardMarks,
  type TStoredMarks,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { findScorecardVersion, type TScorecardVersion } from '../scorecards/lookup.ts';
import { scoreOnVersion } from '../scorecards/score.ts';

/** A body's marks: the spec's 14 fields (present unless `scorecard` is sent) or `scorecard: {id, marks}`. */
export type TMarksBody = Partial<TQcScores> & { scorecard?: TScorecardMarks | undefined };

export type TScoredMarks = {
  /** The 14 marks on "Standard"; null on another version. */
  scores: TQcScores | null;
  marks: TStoredMarks;
  total: number;
  grade: string;
};

/** The 14 spec fields of a body, when all are there. */
function specScoresOf(body: TMarksBody): TQcScores | null {
  if (QC_CRITERION_KEYS.some((k) => typeof body[k] !== 'number')) return null;
  return Object.fromEntries(QC_CRITERION_KEYS.map((k) => [k, body[k]])) as TQcScores;
}

/**
 * Checks a body's marks against the call's version and scores them: 400 naming the criterion when a mark is missing,
 * off its scale, N/A where not allowed or without a required comment; 400 when `scorecard.id` is not the call's version,
 * or when the 14 spec fields are sent for a call on another scorecard.
 */
export async function scoreCallMarks(db: Db, versionId: number, body: TMarksBody): Promise<TScoredMarks> {
  const { result, marks: stored } = await scoreOnVersion(
    db,
    versionId,
    { scores: specScoresOf(body), scorecard: body.scorecard },
    {
      what: 'call',
      wrongVersion: (sent, version) =>
        `This call is scored on "${version.name}" version ${version.version} (scorecard id ${versionId}), not ${sent}`,
    },
  );
  const scores =
    versionId === STANDARD_SCORECARD_ID
      ? (Object.fromEntries(QC_CRITERION_KEYS.map((k) => [k, stored[k]?.marks ?? 0])) as TQcScores)
      : null;
  return { scores, marks: stored, total: result.total, grade: result.grade };
}

/** A row's marks on its version: as stored, or (rows from before migration 0033) its 14 marks as "Standard" marks. */
export function storedOf(row: { marks: TStoredMarks | null; scores: TQcScores | null }): TStoredMarks | null {
  if (row.marks) return row.marks;
  if (!row.scores) return null;
  return storedMarksOf(scoreMarks(STANDARD_SCORECARD, standardMarksOf(row.scores)));
}

/** The scorecard block of marks on a version (total and grade as stored where given: they never change). */
export function blockOf(
  version: TScorecardVersion,
  stored: TStoredMarks,
  kept?: { total: number; grade: string },
): TScorecardBlock {
  const result = scoreMarks(version.definition, marksFromStored(stored));
  const total = kept?.total ?? result.total;
  return {
    id: version.id,
    scorecardId: version.scorecardId,
    name: version.name,
    version: version.version,
    scoringMode: version.definition.scoringMode,
    total,
    grade: kept?.grade ?? result.grade,
    passed: !result.autoFailed && total >= version.definition.passMark,
    autoFailed: result.autoFailed,
    points: result.points,
    maxPoints: result.maxPoints,
    criteria: result.criteria,
  };
}

export const refOf = (v: TScorecardVersion): TCalibrationScorecardRef => ({
  id: v.id,
  scorecardId: v.scorecardId,
  name: v.name,
  version: v.version,
});

/** The versions of the calls given, by id. */
export async function versionsOf(db: Db, ids: readonly number[]): Promise<Map<number, TScorecardVersion>> {
  const unique = [...new Set(ids)];
  const versions = await Promise.all(unique.map((id) => findScorecardVersion(db, id)));
  return new Map(versions.map((v) => [v.id, v]));
}

export type TScoringRow = {
  callId: number;
  inspectorId: number;
  inspectorName: string;
  scores: TQcScores | null;
  marks: TStoredMarks | null;
  total: number;
  grade: string;
  comment: string;
  submittedAt: Date;
};

export function toScoring(r: TScoringRow, version: TScorecardVersion): TCalibrationScoring {
  const stored = storedOf(r) ?? {};
  return {
    inspectorId: r.inspectorId,
    inspectorName: r.inspectorName,
    scores: r.scores as TCalibrationScoring['scores'],
    total: r.total,
    grade: r.grade,
    scorecard: blockOf(version, stored, { total: r.total, grade: r.grade }),
    comment: r.comment,
    submittedAt: r.submittedAt.toISOString(),
  };
}
