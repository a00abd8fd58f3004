// The QC report form's rules (docs/product.md §2 QC Reports, §4 report type selection, §9 export names): which inputs a report
// type reveals, when the form may export, and the download each type asks for. A link download cannot show the
// server's refusal, so an export starts only from a complete, valid form (the server checks the same: ZQcRangeQuery).
import {
  MAX_SUMMARY_DAYS,
  QC_EXPORTS,
  QC_REPORT_TYPES,
  calendarDaysBetween,
  eachCalendarDay,
  isIsoDate,
  type TQcReportType,
} from '@crm/shared';

export type TQcExportKind = keyof typeof QC_EXPORTS;
/** Where a daily type's dates come from: unique-dates-download-reports-in-house or -client. */
export type TDateSource = 'in-house' | 'client';

type TTypeRule = { kind: TQcExportKind; dates: TDateSource | null };

/** Each report type: its export, and its date list (null: the monthly summary takes a start and an end instead). */
export const REPORT_TYPE_RULES: Record<TQcReportType, TTypeRule> = {
  'Daily Qc Records (In-House)': { kind: 'inHouse', dates: 'in-house' },
  'Daily Qc Records (Client)': { kind: 'client', dates: 'client' },
  'Daily Qc Summary': { kind: 'dailySummary', dates: 'in-house' },
  'Monthly Qc Summary': { kind: 'monthlySummary', dates: null },
};

export function isReportType(value: string): value is TQcReportType {
  return (QC_REPORT_TYPES as readonly string[]).includes(value);
}

export type TQcReportForm = { type: TQcReportType | ''; date: string; startDate: string; endDate: string };
export const EMPTY_QC_REPORT_FORM: TQcReportForm = { type: '', date: '', startDate: '', endDate: '' };

/** What the chosen type reveals: nothing yet, one date from the server's list, or a start and an end. */
export function inputsOf(type: TQcReportType | ''): 'none' | 'date' | 'range' {
  if (type === '') return 'none';
  return REPORT_TYPE_RULES[type].dates === null ? 'range' : 'date';
}

export function dateSourceOf(type: TQcReportType | ''): TDateSource | null {
  return type === '' ? null : REPORT_TYPE_RULES[type].dates;
}

/** The texts the server's ZQcRangeQuery uses for the same problems. */
export const QC_REPORT_PROBLEMS = {
  notADate: 'Enter a date written yyyy-MM-dd',
  order: 'The end date must be on or after the start date',
  tooLong: `The range can be at most ${MAX_SUMMARY_DAYS} days`,
} as const;

/** Every day from start to end, both included, yyyy-MM-dd ascending; empty when the range is not valid. */
export function daysOf(startDate: string, endDate: string): string[] {
  if (!isIsoDate(startDate) || !isIsoDate(endDate)) return [];
  return eachCalendarDay(startDate, endDate, MAX_SUMMARY_DAYS);
}

export type TQcReportField = 'date' | 'startDate' | 'endDate';
export type TQcReportCheck = {
  /** Shown beside their input at once; a value not chosen yet is not a problem, it only keeps Export disabled. */
  problems: Partial<Record<TQcReportField, string>>;
  ready: boolean;
};

function dateProblem(value: string): string | undefined {
  return value === '' || isIsoDate(value) ? undefined : QC_REPORT_PROBLEMS.notADate;
}

/** Whether the form can export, and what is wrong with what was entered so far. */
export function checkQcReportForm(form: TQcReportForm): TQcReportCheck {
  const inputs = inputsOf(form.type);
  if (inputs === 'none') return { problems: {}, ready: false };
  if (inputs === 'date') {
    const date = dateProblem(form.date);
    return { problems: date === undefined ? {} : { date }, ready: form.date !== '' && date === undefined };
  }
  const problems: Partial<Record<TQcReportField, string>> = {};
  const startDate = dateProblem(form.startDate);
  const endDate = dateProblem(form.endDate);
  if (startDate !== undefined) problems.startDate = startDate;
  if (endDate !== undefined) problems.endDate = endDate;
  const bothDates = form.startDate !== '' && form.endDate !== '' && startDate === undefined && endDate === undefined;
  if (bothDates && form.endDate < form.startDate) problems.endDate = QC_REPORT_PROBLEMS.order;
  else if (bothDates && calendarDaysBetween(form.startDate, form.endDate) > MAX_SUMMARY_DAYS)
    problems.endDate = QC_REPORT_PROBLEMS.tooLong;
  return { problems, ready: bothDates && Object.keys(problems).length === 0 };
}

export type TQcExportRequest = { kind: TQcExportKind; path: string; fileName: string; query: Record<string, string> };

/** The download a ready form asks for (path, query and the spec's file name); null while it is not ready. */
export function exportRequestOf(form: TQcReportForm): TQcExportRequest | null {
  if (form.type === '' || !checkQcReportForm(form).ready) return null;
  const kind = REPORT_TYPE_RULES[form.type].kind;
  if (kind === 'monthlySummary') {
    const { path, fileName } = QC_EXPORTS.monthlySummary;
    return {
      kind,
      path,
      fileName: fileName(form.startDate, form.endDate),
      query: { startDate: form.startDate, endDate: form.endDate },
    };
  }
  const { path, fileName } = QC_EXPORTS[kind];
  return { kind, path, fileName: fileName(form.date), query: { date: form.date } };
}

/** The link the browser follows: the export's path, its query and the media token (a link sends no header). */
export function exportHref(request: TQcExportRequest, token: string): string {
  return `${request.path}?${new URLSearchParams({ ...request.query, token }).toString()}`;
}
