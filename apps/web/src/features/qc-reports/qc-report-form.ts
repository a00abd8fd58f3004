// The QC report form's rules (docs/product.md §2 QC Reports, §4 report type selection, §9 export names): which inputs a report
// type reveals, when the form may export, and the download each type asks for. A link download cannot show the
// server's refusal, so an export starts only from a complete, valid form (the server checks the same: ZQcRangeQuery).
import { MAX_SUMMARY_DAYS, QC_EXPORTS, QC_RECORD_TYPES, isIsoDate, type TQcRecordType } from '@crm/shared';

export type TQcExportKind = keyof typeof QC_EXPORTS;
/** Where a daily type's dates come from: unique-dates-download-reports-in-house or -client. */
export type TDateSource = 'in-house' | 'client';

type TTypeRule = { kind: TQcExportKind; dates: TDateSource | null };

/** Each report type: its export, and its date list (null: the monthly summary takes a start and an end instead). */
export const REPORT_TYPE_RULES: Record<TQcRecordType, TTypeRule> = {
  'Daily Qc Records (In-House)': { kind: 'inHouse', dates: 'in-house' },
  'Daily Qc Records (Client)': { kind: 'client', dates: 'client' },
  'Daily Qc Summary': { kind: 'dailySummary', dates: 'in-house' },
  'Monthly Qc Summary': { kind: 'monthlySummary', dates: null },
};

export function isReportType(value: string): value is TQcRecordType {
  return (QC_RECORD_TYPES as readonly string[]).includes(value);
}

export type TQcRecordForm = { type: TQcRecordType | ''; date: string; startDate: string; endDate: string };
export const EMPTY_QC_RECORD_FORM: TQcRecordForm = { type: '', date: '', startDate: '', endDate: '' };

/** What the chosen type reveals: nothing yet, one date from the server's list, or a start and an end. */
export function inputsOf(type: TQcRecordType | ''): 'none' | 'date' | 'range' {
  if (type === '') return 'none';
  return REPORT_TYPE_RULES[type].dates === null ? 'range' : 'date';
}

export function dateSourceOf(type: TQcRecordType | ''): TDateSource | null {
  return type === '' ? null : REPORT_TYPE_RULES[type].dates;
}

/** The texts the server's ZQcRangeQuery uses for the same problems. */
export const QC_RECORD_PROBLEMS = {
  notADate: 'Enter a date written yyyy-MM-dd',
  order: 'The end date must be on or after the start date',
  tooLong: `The range can be at most ${MAX_SUMMARY_DAYS} days`,
} as const;

/** Days from start to end, both included (2025-03-01 to 2025-03-01 is 1). */
export function daysInRange(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Every day from start to end, both included, yyyy-MM-dd ascending; empty when the range is not valid. */
export function daysOf(startDate: string, endDate: string): string[] {
  if (!isIsoDate(startDate) || !isIsoDate(endDate) || endDate < startDate) return [];
  const days: string[] = [];
  const count = Math.min(daysInRange(startDate, endDate), MAX_SUMMARY_DAYS);
  const first = Date.parse(`${startDate}T00:00:00Z`);
  for (let i = 0; i < count; i += 1) days.push(new Date(first + i * 86_400_000).toISOString().slice(0, 10));
  return days;
}

export type TQcRecordField = 'date' | 'startDate' | 'endDate';
export type TQcRecordCheck = {
  /** Shown beside their input at once; a value not chosen yet is not a problem, it only keeps Export disabled. */
  problems: Partial<Record<TQcRecordField, string>>;
  ready: boolean;
};

function dateProblem(value: string): string | undefined {
  return value === '' || isIsoDate(value) ? undefined : QC_RECORD_PROBLEMS.notADate;
}

/** Whether the form can export, and what is wrong with what was entered so far. */
export function checkQcRecordForm(form: TQcRecordForm): TQcRecordCheck {
  const inputs = inputsOf(form.type);
  if (inputs === 'none') return { problems: {}, ready: false };
  if (inputs === 'date') {
    const date = dateProblem(form.date);
    return { problems: date === undefined ? {} : { date }, ready: form.date !== '' && date === undefined };
  }
  const problems: Partial<Record<TQcRecordField, string>> = {};
  const startDate = dateProblem(form.startDate);
  const endDate = dateProblem(form.endDate);
  if (startDate !== undefined) problems.startDate = startDate;
  if (endDate !== undefined) problems.endDate = endDate;
  const bothDates = form.startDate !== '' && form.endDate !== '' && startDate === undefined && endDate === undefined;
  if (bothDates && form.endDate < form.startDate) problems.endDate = QC_RECORD_PROBLEMS.order;
  else if (bothDates && daysInRange(form.startDate, form.endDate) > MAX_SUMMARY_DAYS) problems.endDate = QC_RECORD_PROBLEMS.tooLong;
  return { problems, ready: bothDates && Object.keys(problems).length === 0 };
}

export type TQcExportRequest = { kind: TQcExportKind; path: string; fileName: string; query: Record<string, string> };

/** The download a ready form asks for (path, query and the spec's file name); null while it is not ready. */
export function exportRequestOf(form: TQcRecordForm): TQcExportRequest | null {
  if (form.type === '' || !checkQcRecordForm(form).ready) return null;
  const kind = REPORT_TYPE_RULES[form.type].kind;
  if (kind === 'monthlySummary') {
    const { path, fileName } = QC_EXPORTS.monthlySummary;
    return { kind, path, fileName: fileName(form.startDate, form.endDate), query: { startDate: form.startDate, endDate: form.endDate } };
  }
  const { path, fileName } = QC_EXPORTS[kind];
  return { kind, path, fileName: fileName(form.date), query: { date: form.date } };
}

/** The link the browser follows: the export's path, its query and the media token (a link sends no header). */
export function exportHref(request: TQcExportRequest, token: string): string {
  return `${request.path}?${new URLSearchParams({ ...request.query, token }).toString()}`;
}
