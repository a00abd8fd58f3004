// The productivity calls: the figures of one grouping as JSON, and the xlsx of every grouping followed as a download.
import {
  ZMediaToken,
  ZProductivity,
  productivityFileName,
  type TProductivity,
  type TProductivityQuery,
} from '@crm/shared';
import { ApiError, api } from '../../app/api.ts';
import { followDownloadLink } from '../../app/save-file.ts';

export const productivityKey = (q: TProductivityQuery) =>
  ['productivity', q.from, q.to, q.campaignName ?? '', q.groupBy] as const;

/** Shown by the screen itself (notify: false); `signal` cancels a range left behind, giving its heavy-read slot back. */
export function fetchProductivity(q: TProductivityQuery, signal?: AbortSignal): Promise<TProductivity> {
  return api.get('/api/productivity', { query: { ...q }, schema: ZProductivity, notify: false, signal });
}

/** The server's 429 while another heavy read of the user's runs. */
export const isBusy = (error: unknown) => error instanceof ApiError && error.status === 429;

/** Fetches a five-minute media token, then has the browser stream the xlsx to disk. Returns the file name saved. */
export async function startProductivityExport(q: TProductivityQuery): Promise<string> {
  const { token } = await api.get('/api/auth/media-token', { schema: ZMediaToken, notify: false });
  const params = new URLSearchParams({ from: q.from, to: q.to, token });
  if (q.campaignName !== undefined) params.set('campaignName', q.campaignName);
  const fileName = productivityFileName(q);
  followDownloadLink(`/api/productivity/export?${params.toString()}`, fileName);
  return fileName;
}
