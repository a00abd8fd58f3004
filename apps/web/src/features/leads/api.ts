// The lead screens' calls (lead browser, data dates, upload progress, upload template) and the react-query keys that reload them.
import {
  LEAD_FILE_NAMES,
  ZImportProgress,
  ZLeadPage,
  type TImportProgress,
  type TLeadPage,
  type TLeadStatus,
} from '@crm/shared';
import { api } from '../../app/api.ts';
import { saveBlob } from '../../app/save-file.ts';
import { LEADS_KEY } from '../../app/query-keys.ts';
// Shared with other areas' screens (app/query-keys.ts); re-exported for this area's files.
export { LEADS_KEY, dataDatesKey } from '../../app/query-keys.ts';
// Read by the lead reports too (components/lead-dates.ts).
export { fetchDataDates } from '../../components/lead-dates.ts';

export const leadPageKey = (campaign: string, query: TLeadPageQuery) =>
  [...LEADS_KEY, 'browse', campaign, query] as const;

/**
 * What the lead browser asks for (ZLeadBrowseQuery); filters left undefined are not sent. Pages by key: no cursor is
 * the first page, `after` / `before` a row's cursor the page after / before it, `last` the last page.
 */
export type TLeadPageQuery = {
  size: number;
  dataDate?: string;
  status?: TLeadStatus;
  phone?: string;
  after?: string;
  before?: string;
  last?: boolean;
};

/** GET /dynamic/leads/{campaign}: one page of the campaign's leads in the flat shape, with the cursors around it. */
export function fetchLeadPage(campaign: string, query: TLeadPageQuery): Promise<TLeadPage> {
  return api.get(`/dynamic/leads/${encodeURIComponent(campaign)}`, { query, schema: ZLeadPage });
}

/** GET /api/file/uploadStatus/{importId}; the upload screen polls it quietly (a missed beat is not a failure). */
export function fetchImportProgress(importId: string, signal?: AbortSignal): Promise<TImportProgress> {
  return api.get(`/api/file/uploadStatus/${encodeURIComponent(importId)}`, {
    schema: ZImportProgress,
    signal,
    notify: false,
  });
}

/** The campaign's upload template (its columns), saved as {campaign}_columns.csv; a failure is shown by the API client. */
export async function downloadLeadTemplate(campaign: string): Promise<void> {
  const blob = await api.download('/api/file/download/columns/csv', { query: { tableName: campaign } });
  saveBlob(blob, LEAD_FILE_NAMES.template(campaign));
}
