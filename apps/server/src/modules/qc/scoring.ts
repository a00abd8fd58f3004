// A QC record's marks on its scorecard (docs/scorecards.md, Saving a record): the version it is scored on, the marks
// checked against it, total and grade computed by the server; and the `scorecard` block a record's read answers.
import {
  QC_CRITERION_KEYS,
  SCORECARD_MESSAGES,
  STANDARD_SCORECARD,
  STANDARD_SCORECARD_ID,
  marksFromStored,
  scoreMarks,
  standardMarksOf,
  storedMarksOf,
  type TQcKind,
  type TQcScores,
  type TScorecardBlock,
  type TScorecardMarks,
  type TStoredMarks,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { campaignScorecardId, findScorecardVersion, type TScorecardVersion } from '../scorecards/lookup.ts';
import { scoreOnVersion } from '../scorecards/score.ts';

/** What a save stores of the scoring. */
export type TScoredValues = { scorecardId: number; marks: string; total: number; agentGrade: string };

/** The spec's 14 marks of a body, or null when it scores on a scorecard (`scorecard`) instead. */
export type TSaveMarks = { scores: TQcScores | null; scorecard: TScorecardMarks | undefined };

/**
 * Scores a save on `versionId` (the campaign's current version for a new record, the record's own for an edit). The
 * spec's 14 fields are marks of "Standard" and are refused on another version; `scorecard.id` must be `versionId`.
 */
export async function scoreSave(
  db: Db,
  versionId: number,
  save: TSaveMarks,
  wrongVersion: (sent: number) => string,
): Promise<TScoredValues> {
  const { result, marks } = await scoreOnVersion(db, versionId, save, { what: 'record', wrongVersion });
  return { scorecardId: versionId, marks: JSON.stringify(marks), total: result.total, agentGrade: result.grade };
}

/** The version a new record of this campaign and kind is scored on, and the words when a save names another. */
export async function newRecordVersion(
  db: Db,
  campaign: { id: number; campaignName: string },
  kind: TQcKind,
): Promise<{ versionId: number; wrongVersion: (sent: number) => string }> {
  const versionId = await campaignScorecardId(db, campaign.id, kind);
  return {
    versionId,
    wrongVersion: (sent) => SCORECARD_MESSAGES.notCampaignVersion(sent, campaign.campaignName, kind, versionId),
  };
}

/** The words when an edit names another version than the record's. */
export const editVersionWords = (recordVersion: number) => (sent: number) =>
  SCORECARD_MESSAGES.notRecordVersion(sent, recordVersion);

/** The `scorecard` block of a stored record: its version and each criterion's choice, marks and comment. */
export async function scorecardBlockOf(
  db: Db,
  row: { scorecardId: number; marks: TStoredMarks; total: number; agentGrade: string },
  known?: TScorecardVersion,
): Promise<TScorecardBlock> {
  const version = known ?? (await findScorecardVersion(db, row.scorecardId));
  const result = scoreMarks(version.definition, marksFromStored(row.marks));
  return {
    id: version.id,
    scorecardId: version.scorecardId,
    name: version.name,
    version: version.version,
    scoringMode: version.definition.scoringMode,
    // As stored: an old record's total and grade never change.
    total: row.total,
    grade: row.agentGrade,
    passed: !result.autoFailed && row.total >= version.definition.passMark,
    autoFailed: result.autoFailed,
    points: result.points,
    maxPoints: result.maxPoints,
    criteria: result.criteria,
  };
}

/** The spec's marks of a body whose fields are all present (checked by the request schema when `scorecard` is absent). */
export function specScores(body: Record<string, unknown>, suffix: '' | 'Marks'): TQcScores | null {
  const values = QC_CRITERION_KEYS.map((k) => body[`${k}${suffix}`]);
  if (values.some((v) => typeof v !== 'number')) return null;
  return Object.fromEntries(QC_CRITERION_KEYS.map((k, i) => [k, values[i] as number])) as TQcScores;
}

/** A record's stored values for the spec's 14 marks on "Standard" (comments kept by key): the demo, disputes, tests. */
export function standardValues(scores: TQcScores, comments: Partial<Record<string, string>> = {}): TScoredValues {
  const result = scoreMarks(STANDARD_SCORECARD, standardMarksOf(scores, comments));
  return {
    scorecardId: STANDARD_SCORECARD_ID,
    marks: JSON.stringify(storedMarksOf(result)),
    total: result.total,
    agentGrade: result.grade,
  };
}

/** The comments of stored marks by key. */
export function commentsOf(marks: TStoredMarks): Record<string, string> {
  return Object.fromEntries(Object.entries(marks).map(([k, m]) => [k, m.comment ?? '']));
}
