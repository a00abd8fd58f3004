// The QC report calls (docs/product.md §7 QC: unique dates, date-range-summary; the grade distribution and the xlsx exports).
// Every call here is shown by the screen itself (notify: false): inline beside the input or chart it feeds.
import { z } from 'zod';
import {
  ZAgentPerformanceSummary,
  ZGradeCount,
  ZMediaToken,
  type TAgentPerformanceSummary,
  type TGradeCount,
  type TQcRangeQuery,
} from '@crm/shared';
import { api } from '../../app/api.ts';
import { followDownloadLink } from '../../app/save-file.ts';
import { exportHref, type TDateSource, type TQcExportRequest } from './qc-report-form.ts';

export const QC_REPORTS_KEY = ['qc-reports'] as const;

export const reportDatesKey = (source: TDateSource) => [...QC_REPORTS_KEY, 'dates', source] as const;
export const gradeDistributionKey = (date: string) => [...QC_REPORTS_KEY, 'grades', date] as const;
export const rangeSummaryKey = (range: TQcRangeQuery) =>
  [...QC_REPORTS_KEY, 'range', range.startDate, range.endDate] as const;

/** The days with QC records of that kind, newest first (the order is ensured here too). */
export async function fetchReportDates(source: TDateSource): Promise<string[]> {
  const dates = await api.get(`/api/qcReport/unique-dates-download-reports-${source}`, {
    schema: z.array(z.string()),
    notify: false,
  });
  return [...new Set(dates.filter((d) => d !== ''))].sort((a, b) => b.localeCompare(a));
}

export function fetchGradeDistribution(date: string): Promise<TGradeCount[]> {
  return api.get('/api/qcReport/grade-distribution', { query: { date }, schema: z.array(ZGradeCount), notify: false });
}

export function fetchRangeSummary(range: TQcRangeQuery): Promise<TAgentPerformanceSummary[]> {
  return api.get('/api/qcReport/date-range-summary', {
    query: { ...range },
    schema: z.array(ZAgentPerformanceSummary),
    notify: false,
  });
}

/**
 * Starts an export: fetches a five-minute media token (a link cannot carry the session header), then has the
 * browser follow the download link, which streams the xlsx to disk under the spec's file name. A failing token
 * call rejects with an ApiError for the screen to show. Returns the file name the browser saves.
 */
export async function startQcExport(request: TQcExportRequest): Promise<string> {
  const { token } = await api.get('/api/auth/media-token', { schema: ZMediaToken, notify: false });
  followDownloadLink(exportHref(request, token), request.fileName);
  return request.fileName;
}
