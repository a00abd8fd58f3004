// The report downloads (docs/product.md §7 /api/file generateCsv, generateFullReportCsv). The files can be huge, so the
// browser saves them itself from a plain link that streams to disk; a link cannot send a header, so it carries
// a five-minute media token (GET /api/auth/media-token) instead of the session.
import { LEAD_FILE_NAMES, ZMediaToken } from '@crm/shared';
import { api, type QueryValue } from '../../app/api.ts';
import { followDownloadLink } from '../../app/save-file.ts';

export const REPORT_DOWNLOADS = {
  forD: { path: '/api/file/generateCsv', fileName: LEAD_FILE_NAMES.forD },
  full: { path: '/api/file/generateFullReportCsv', fileName: LEAD_FILE_NAMES.full },
} as const;
export type TReportKind = keyof typeof REPORT_DOWNLOADS;

export type TReportQuery =
  { tableName: string; dataDate: string } | { tableName: string; startDate: string; endDate: string };

async function fetchMediaToken(): Promise<string> {
  const { token } = await api.get('/api/auth/media-token', { schema: ZMediaToken, notify: false });
  return token;
}

function withQuery(path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) params.append(key, String(value));
  return `${path}?${params.toString()}`;
}

/**
 * Starts a report download. Before the link is followed, the campaign is read again (its data dates: a cheap call
 * that fails with the server's reason when the campaign is gone) and a media token is fetched; either failure
 * rejects with an ApiError the screen shows. What the link itself answers is the browser's to show.
 * Returns the file name the browser saves.
 */
export async function downloadReport(kind: TReportKind, query: TReportQuery): Promise<string> {
  await api.get(`/dynamic/unique_data_dates/${encodeURIComponent(query.tableName)}`, { notify: false });
  const token = await fetchMediaToken();
  const { path, fileName } = REPORT_DOWNLOADS[kind];
  followDownloadLink(withQuery(path, { ...query, token }), fileName);
  return fileName;
}
