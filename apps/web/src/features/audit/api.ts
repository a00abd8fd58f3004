// The /api/audit calls of the audit screen, its react-query keys, and the CSV export's download.
import { ZAuditEntry, ZMediaToken, auditExportFileName, zPaged, type TAuditEntry, type TPaged } from '@crm/shared';
import { api } from '../../app/api.ts';
import { followDownloadLink } from '../../app/save-file.ts';
import { dayText } from '../../app/time-zone.ts';
import { auditQuery, type TAuditFilters } from './audit-params.ts';

export const AUDIT_KEY = ['audit'] as const;
export const auditListKey = (filters: TAuditFilters) => [...AUDIT_KEY, 'list', auditQuery(filters)] as const;

const ZAuditPage = zPaged(ZAuditEntry);

/** One server page (0-based), newest first. The screen shows a failure itself, beside the list. */
export function fetchAuditPage(filters: TAuditFilters, page: number, size: number): Promise<TPaged<TAuditEntry>> {
  return api.get(`/api/audit/pagination/${page}/${size}`, {
    query: auditQuery(filters),
    schema: ZAuditPage,
    notify: false,
  });
}

/**
 * Starts the CSV export of the filtered entries. The log can be long, so the browser follows a plain link that
 * streams to disk; a link cannot send a header, so it carries a five-minute media token. Before it is followed the
 * filters are checked by one small page call, so a refusal (a filter the server cannot read, a session that ended)
 * rejects with the server's words for the screen to show. Returns the file name the browser saves.
 */
export async function startAuditExport(filters: TAuditFilters): Promise<string> {
  await fetchAuditPage(filters, 0, 1);
  const { token } = await api.get('/api/auth/media-token', { schema: ZMediaToken, notify: false });
  const params = new URLSearchParams({ ...auditQuery(filters), token });
  const fileName = auditExportFileName(dayText());
  followDownloadLink(`/api/audit/export?${params.toString()}`, fileName);
  return fileName;
}
