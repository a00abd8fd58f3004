// The QC record edit form (docs/product.md §2 Edit Client QC Record, §5 QC total): one shape for both kinds of record, read
// from a record, scored live, and turned into the PUT editqc / edit-Client-Qc body.
import {
  QC_CRITERIA,
  isOnScale,
  toClientMarks,
  type TQcClientRecord,
  type TQcClientRecordEditInput,
  type TQcCriterion,
  type TQcCriterionKey,
  type TQcKind,
  type TQcRecord,
  type TQcRecordEditInput,
  type TQcScores,
} from '@crm/shared';
import { normalisedEas, scoreResult, type TScoreResult, type TScorecardValues } from '../scorecard/scorecard-values.ts';

export { GRADE_COLOURS } from '../scorecard/scorecard-values.ts';

export type TAnyQcRecord = TQcRecord | TQcClientRecord;

/** What the form edits, whatever the kind: the 14 marks and the three texts (the panel's scorecard column). */
export type TQcRecordForm = TScorecardValues;

/** A record's three texts under the in-house names, whatever its kind. */
export type TQcRecordTexts = { fatalReason: string; easVoiceMatchedWithReport: string; suggestion: string };

export function isClientRecord(record: TAnyQcRecord): record is TQcClientRecord {
  return 'greetingsMarks' in record;
}

/**
 * A criterion's marks on a record of either kind (the client record's field is `${key}Marks`). A record of another
 * scorecard than "Standard" has none of the spec's (null, read as 0): its marks are in its `scorecard` block.
 */
export function criterionMarks(record: TAnyQcRecord, key: TQcCriterionKey): number {
  return (isClientRecord(record) ? record[`${key}Marks`] : record[key]) ?? 0;
}

/** The three texts of a record of either kind. */
export function recordTexts(record: TAnyQcRecord): TQcRecordTexts {
  return isClientRecord(record)
    ? {
        fatalReason: record.fatalReasonMarks,
        easVoiceMatchedWithReport: record.easVoiceMatchedWithReportMarks,
        suggestion: record.suggestionMarks,
      }
    : {
        fatalReason: record.fatalReason,
        easVoiceMatchedWithReport: record.easVoiceMatchedWithReport,
        suggestion: record.suggestion,
      };
}

/** The form of a record; a stored 'yes'/'no' reads as the panel's 'Yes'/'No'. */
export function formFromRecord(record: TAnyQcRecord): TQcRecordForm {
  const scores = Object.fromEntries(QC_CRITERIA.map((c) => [c.key, criterionMarks(record, c.key)])) as TQcScores;
  const { fatalReason, easVoiceMatchedWithReport, suggestion } = recordTexts(record);
  return { scores, fatalReason, easVoiceMatched: normalisedEas(easVoiceMatchedWithReport), suggestion };
}

/** The total and grade the server will store for these marks (docs/product.md §5), shown while the inspector edits. */
export function scoreOf(form: TQcRecordForm): TScoreResult {
  return scoreResult(form.scores);
}

/** The criteria whose marks are off their scale (only a record stored before the scales were enforced can have one). */
export function offScaleCriteria(form: TQcRecordForm): TQcCriterion[] {
  return QC_CRITERIA.filter((c) => !isOnScale(c, form.scores[c.key]));
}

/**
 * PUT editqc body; total and grade are left out: the server computes them. `version` is the one the form was
 * loaded with: if someone saved the record since, the server refuses the edit (409) instead of overwriting theirs.
 */
export function toInHouseEdit(id: number, version: number, form: TQcRecordForm): TQcRecordEditInput {
  return {
    id,
    version,
    ...form.scores,
    fatalReason: form.fatalReason.trim(),
    easVoiceMatchedWithReport: form.easVoiceMatched,
    suggestion: form.suggestion.trim(),
  };
}

/** PUT edit-Client-Qc body: the Marks-suffixed names, and the version as in toInHouseEdit. */
export function toClientEdit(id: number, version: number, form: TQcRecordForm): TQcClientRecordEditInput {
  return {
    id,
    version,
    ...toClientMarks(form.scores),
    fatalReasonMarks: form.fatalReason.trim(),
    easVoiceMatchedWithReportMarks: form.easVoiceMatched,
    suggestionMarks: form.suggestion.trim(),
  };
}

/** Where each kind's list and edit screen live (docs/product.md §2 routes). */
export const QC_KIND_ROUTES: Record<TQcKind, { list: string; edit: (id: number) => string }> = {
  'in-house': { list: '/viewQcReports', edit: (id) => `/editqc/${id}` },
  client: { list: '/QcRecordsClient', edit: (id) => `/editClientqc/${id}` },
};

/** Whole seconds as m:ss (h:mm:ss past an hour); '—' when the recording was never played. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
