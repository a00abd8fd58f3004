// The checks the report forms make before a download starts: a link download cannot show the server's refusal,
// so a campaign and real, ordered dates are required here (the server checks the same: ZLeadDateQuery, ZFullReportQuery).
import { isIsoDate } from '@crm/shared';

export const REPORT_PROBLEMS = {
  campaign: 'Choose a campaign',
  dataDate: 'Choose a data date',
  startDate: 'Choose a start date',
  endDate: 'Choose an end date',
  notADate: 'Enter a date written yyyy-MM-dd',
  order: 'The start date must not be after the end date',
} as const;

export type TForDReportForm = { campaign: string; dataDate: string };
export type TFullReportForm = { campaign: string; startDate: string; endDate: string };
export type TFormProblems<F> = Partial<Record<keyof F, string>>;

function dateProblem(value: string, missing: string): string | undefined {
  if (value.trim() === '') return missing;
  return isIsoDate(value.trim()) ? undefined : REPORT_PROBLEMS.notADate;
}

function compact<F>(problems: TFormProblems<F>): TFormProblems<F> {
  return Object.fromEntries(Object.entries(problems).filter(([, v]) => v !== undefined)) as TFormProblems<F>;
}

/** The problems of the D report form, by field; empty when it can be downloaded. */
export function checkForDReport(form: TForDReportForm): TFormProblems<TForDReportForm> {
  return compact<TForDReportForm>({
    campaign: form.campaign === '' ? REPORT_PROBLEMS.campaign : undefined,
    dataDate: dateProblem(form.dataDate, REPORT_PROBLEMS.dataDate),
  });
}

/** The problems of the full report form, by field; the order is checked once both dates are real. */
export function checkFullReport(form: TFullReportForm): TFormProblems<TFullReportForm> {
  const startDate = dateProblem(form.startDate, REPORT_PROBLEMS.startDate);
  const endDate = dateProblem(form.endDate, REPORT_PROBLEMS.endDate);
  const ordered = startDate !== undefined || endDate !== undefined || form.startDate.trim() <= form.endDate.trim();
  return compact<TFullReportForm>({
    campaign: form.campaign === '' ? REPORT_PROBLEMS.campaign : undefined,
    startDate: startDate ?? (ordered ? undefined : REPORT_PROBLEMS.order),
    endDate,
  });
}

/** The campaign's data dates (yyyy-MM-dd) from start to end, both included. */
export function datesInRange(dates: readonly string[], startDate: string, endDate: string): string[] {
  return dates.filter((d) => d >= startDate && d <= endDate);
}
