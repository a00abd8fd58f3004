// The QC panel's scorecard (docs/product.md §5 QC total and grade, §9 scales): two columns, "Marks 1" (the in-house record) and
// "Marks 2" (the client's record), each the 14 criteria limited to their scale plus three texts, and the bodies of
// POST add and POST addforclient. Each criterion starts at its best choice: the inspector takes off what the agent missed.
import {
  type TScorecardMark,
  bestScores,
  QC_CRITERIA,
  toClientMarks,
  type TQcClientRecordCreateInput,
  type TQcCriterionKey,
  type TQcRecordCreateInput,
} from '@crm/shared';
import {
  scoreResult,
  type TScoreResult,
  type TScorecardText,
  type TScorecardValues,
} from '../scorecard/scorecard-values.ts';

export type TScoreColumn = TScorecardValues;

/** The texts of a column the inspector types or picks. */
export type TColumnText = TScorecardText;

export const COLUMNS = {
  inHouse: { title: 'Marks 1', note: 'In-house' },
  client: { title: 'Marks 2', note: 'Client' },
} as const;
export type TColumnKey = keyof typeof COLUMNS;
export const COLUMN_KEYS: readonly TColumnKey[] = ['inHouse', 'client'];

/** What the two records share: the call searched, the agent scored and, for a ticked call, its length. */
export type TScoredCall = {
  callDate: string;
  campaignName: string;
  consumerNumber: string;
  agentId: string;
  /** Whole seconds of the ticked recording; null when no recording was marked successful. */
  duration: number | null;
};

export const SCORING_PROBLEMS = { agent: 'Choose the agent who took the call' } as const;

export function freshColumn(): TScoreColumn {
  return { scores: bestScores(), fatalReason: '', easVoiceMatched: '', suggestion: '' };
}

export function withScore(column: TScoreColumn, key: TQcCriterionKey, marks: number): TScoreColumn {
  return { ...column, scores: { ...column.scores, [key]: marks } };
}

/** The live figures of a column, as the server will compute them. */
export function columnResult(column: TScoreColumn): TScoreResult {
  return scoreResult(column.scores);
}

/** True when the column is still as it started (nothing to lose by starting over). */
export function isUntouched(column: TScoreColumn): boolean {
  const fresh = freshColumn();
  return (
    QC_CRITERIA.every((c) => column.scores[c.key] === fresh.scores[c.key]) &&
    column.fatalReason.trim() === '' &&
    column.easVoiceMatched === '' &&
    column.suggestion.trim() === ''
  );
}

const callFields = (call: TScoredCall) => ({
  callDate: call.callDate,
  campaignName: call.campaignName,
  consumerNumber: call.consumerNumber,
  agentId: call.agentId,
  duration: call.duration,
});

/** POST /api/qcReport/add: the server computes total and grade and records the signed-in inspector. */
export function inHouseBody(call: TScoredCall, column: TScoreColumn): TQcRecordCreateInput {
  return {
    ...callFields(call),
    ...column.scores,
    fatalReason: column.fatalReason.trim(),
    easVoiceMatchedWithReport: column.easVoiceMatched,
    suggestion: column.suggestion.trim(),
  };
}

/** POST /api/qcReport/addforclient: the same call with the Marks-suffixed names. */
export function clientBody(call: TScoredCall, column: TScoreColumn): TQcClientRecordCreateInput {
  return {
    ...callFields(call),
    ...toClientMarks(column.scores),
    fatalReasonMarks: column.fatalReason.trim(),
    easVoiceMatchedWithReportMarks: column.easVoiceMatched,
    suggestionMarks: column.suggestion.trim(),
  };
}

/** A column scored on a scorecard other than Standard: the version and its marks (docs/scorecards.md, QC panel). */
export type TCardScoring = { id: number; marks: readonly TScorecardMark[] };

/** POST add on another scorecard: `scorecard: {id, marks}` instead of the 14 fields, the texts as on Standard. */
export function inHouseCardBody(call: TScoredCall, column: TScoreColumn, card: TCardScoring): TQcRecordCreateInput {
  return {
    ...callFields(call),
    scorecard: { id: card.id, marks: [...card.marks] },
    fatalReason: column.fatalReason.trim(),
    easVoiceMatchedWithReport: column.easVoiceMatched,
    suggestion: column.suggestion.trim(),
  };
}

export function clientCardBody(
  call: TScoredCall,
  column: TScoreColumn,
  card: TCardScoring,
): TQcClientRecordCreateInput {
  return {
    ...callFields(call),
    scorecard: { id: card.id, marks: [...card.marks] },
    fatalReasonMarks: column.fatalReason.trim(),
    easVoiceMatchedWithReportMarks: column.easVoiceMatched,
    suggestionMarks: column.suggestion.trim(),
  };
}
