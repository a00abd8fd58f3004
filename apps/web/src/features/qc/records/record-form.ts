// The QC record edit form (spec §2 Edit Client QC Record, §5 QC total): one shape for both kinds of record, read
// from a record, scored live, and turned into the PUT editqc / edit-Client-Qc body.
import {
  QC_CRITERIA,
  isOnScale,
  qcGrade,
  qcTotal,
  toClientMarks,
  type TQcClientReport,
  type TQcClientReportEditInput,
  type TQcCriterion,
  type TQcCriterionKey,
  type TQcGrade,
  type TQcKind,
  type TQcReport,
  type TQcReportEditInput,
  type TQcScores,
} from '@crm/shared';

export type TQcRecord = TQcReport | TQcClientReport;

/** What the form edits, whatever the kind: the 14 marks and the three texts. */
export type TQcRecordForm = {
  scores: TQcScores;
  fatalReason: string;
  easVoiceMatchedWithReport: string;
  suggestion: string;
};

/** The choices of "EAS voice matched with report ?" (the QC panel stores yes/no; '' is not answered). */
export const EAS_CHOICES = [
  { value: '', label: 'Not answered' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

export function isClientRecord(record: TQcRecord): record is TQcClientReport {
  return 'greetingsMarks' in record;
}

/** A criterion's marks on a record of either kind (the client record's field is `${key}Marks`). */
export function criterionMarks(record: TQcRecord, key: TQcCriterionKey): number {
  return isClientRecord(record) ? record[`${key}Marks`] : record[key];
}

/** The three texts of a record of either kind. */
export function recordTexts(record: TQcRecord): Omit<TQcRecordForm, 'scores'> {
  return isClientRecord(record)
    ? { fatalReason: record.fatalReasonMarks, easVoiceMatchedWithReport: record.easVoiceMatchedWithReportMarks, suggestion: record.suggestionMarks }
    : { fatalReason: record.fatalReason, easVoiceMatchedWithReport: record.easVoiceMatchedWithReport, suggestion: record.suggestion };
}

export function formFromRecord(record: TQcRecord): TQcRecordForm {
  const scores = Object.fromEntries(QC_CRITERIA.map((c) => [c.key, criterionMarks(record, c.key)])) as TQcScores;
  return { scores, ...recordTexts(record) };
}

/** The total and grade the server will store for these marks (spec §5), shown while the inspector edits. */
export function scoreOf(form: TQcRecordForm): { total: number; grade: TQcGrade } {
  const total = qcTotal(form.scores);
  return { total, grade: qcGrade(total) };
}

/** The criteria whose marks are off their scale (only a record stored before the scales were enforced can have one). */
export function offScaleCriteria(form: TQcRecordForm): TQcCriterion[] {
  return QC_CRITERIA.filter((c) => !isOnScale(c, form.scores[c.key]));
}

/** The choices of a criterion's select: its scale, plus the current marks when they are off the scale. */
export function markChoices(c: TQcCriterion, current: number): { value: string; label: string; disabled?: boolean }[] {
  const choices = c.scale.map((s) => ({ value: String(s.marks), label: `${s.label} (${s.marks})` }));
  return isOnScale(c, current) ? choices : [{ value: String(current), label: `${current} (not on the scale: choose another)`, disabled: true }, ...choices];
}

/** The EAS select's choices, keeping a stored value the choices do not know (older free text). */
export function easChoices(current: string): { value: string; label: string }[] {
  const known = EAS_CHOICES.some((c) => c.value === current);
  return known ? [...EAS_CHOICES] : [...EAS_CHOICES, { value: current, label: current }];
}

/**
 * PUT editqc body; total and grade are left out: the server computes them. `version` is the one the form was
 * loaded with: if someone saved the record since, the server refuses the edit (409) instead of overwriting theirs.
 */
export function toInHouseEdit(id: number, version: number, form: TQcRecordForm): TQcReportEditInput {
  return {
    id,
    version,
    ...form.scores,
    fatalReason: form.fatalReason.trim(),
    easVoiceMatchedWithReport: form.easVoiceMatchedWithReport,
    suggestion: form.suggestion.trim(),
  };
}

/** PUT edit-Client-Qc body: the Marks-suffixed names, and the version as in toInHouseEdit. */
export function toClientEdit(id: number, version: number, form: TQcRecordForm): TQcClientReportEditInput {
  return {
    id,
    version,
    ...toClientMarks(form.scores),
    fatalReasonMarks: form.fatalReason.trim(),
    easVoiceMatchedWithReportMarks: form.easVoiceMatchedWithReport,
    suggestionMarks: form.suggestion.trim(),
  };
}

/** Where each kind's list and edit screen live (spec §2 routes). */
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

/** The colour of a grade, matching the daily summary's colours (red, yellow, blue, green). */
export const GRADE_COLOURS: Record<TQcGrade, string> = {
  'Exceed Expectation': 'green',
  'Meet Expectation': 'blue',
  'Average Expectation': 'yellow',
  'Below Expectation': 'red',
};
