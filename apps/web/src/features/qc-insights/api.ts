// The QC insights calls: the three sections as JSON, and the xlsx export followed as a download link.
import { ZMediaToken, ZQcInsights, type TQcInsights, type TQcInsightSection } from '@crm/shared';
import { ApiError, api } from '../../app/api.ts';
import { followDownloadLink } from '../../app/save-file.ts';
import { exportRequest, type TInsightsQueryText } from './insight-data.ts';

export const qcInsightsKey = (q: TInsightsQueryText) =>
  ['qc-insights', q.startDate, q.endDate, q.campaignName ?? ''] as const;

/**
 * Shown by the screen itself (notify: false), beside the charts it feeds. `signal`: react-query's, so a range left
 * behind (a date changed while it loads) is cancelled and gives its heavy-read slot back.
 */
export function fetchQcInsights(q: TInsightsQueryText, signal?: AbortSignal): Promise<TQcInsights> {
  return api.get('/api/qcInsights', { query: { ...q }, schema: ZQcInsights, notify: false, signal });
}

/** The server's 429 while another heavy read of the user's runs (the range left behind, not yet given back). */
export const isBusy = (error: unknown) => error instanceof ApiError && error.status === 429;

/** Fetches a five-minute media token, then has the browser stream the xlsx to disk. Returns the file name saved. */
export async function startInsightsExport(q: TInsightsQueryText, section?: TQcInsightSection): Promise<string> {
  const { token } = await api.get('/api/auth/media-token', { schema: ZMediaToken, notify: false });
  const { href, fileName } = exportRequest(q, section, token);
  followDownloadLink(href, fileName);
  return fileName;
}
