// The /api/qcReport calls of the QC record lists and edit screens, a record's history (/api/audit/qcRecord), and the
// react-query keys that reload them.
import {
  ZAuditHistory,
  ZQcClientRecord,
  ZQcClientRecordPage,
  ZQcRecord,
  ZQcRecordEditReply,
  ZQcRecordPage,
  type TAuditHistory,
  type TKeysetPaged,
  type TQcClientRecord,
  type TQcKind,
  type TQcRecordEditReply,
} from '@crm/shared';
import { api } from '../../../app/api.ts';
import { toClientEdit, toInHouseEdit, type TAnyQcRecord, type TQcRecordForm } from './record-form.ts';
import { QC_RECORDS_KEY } from '../../../app/query-keys.ts';
// Shared with other areas' screens (app/query-keys.ts); re-exported for this area's files.
export { QC_RECORDS_KEY } from '../../../app/query-keys.ts';

export const qcListKey = (kind: TQcKind) => [...QC_RECORDS_KEY, kind, 'list'] as const;
export const qcRecordKey = (kind: TQcKind, id: number) => [...QC_RECORDS_KEY, kind, 'one', id] as const;
export const qcHistoryKey = (id: number) => [...QC_RECORDS_KEY, 'history', id] as const;

/** The list's filters; empty strings mean "not filtered". */
export type TQcListFilters = { search: string; date: string; username: string };

const LIST_PATHS: Record<TQcKind, string> = {
  'in-house': '/api/qcReport/getqcreportbyqcinspector',
  client: '/api/qcReport/getQcRecordsClientViewByQcInspector',
};

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** Which page, by key (docs/api.md "Pages"): none is the first; one of a cursor to go after or before, last, a date to start at. */
export type TQcPageAsk = { after?: string; before?: string; last?: boolean; from?: string };

/** One page, by key, of an inspector's records, or, for an admin without username, everyone's. */
export function fetchQcRecordPage(
  kind: TQcKind,
  ask: TQcPageAsk,
  size: number,
  filters: TQcListFilters,
): Promise<TKeysetPaged<TAnyQcRecord>> {
  const query = {
    ...ask,
    size,
    search: optional(filters.search),
    date: optional(filters.date),
    username: optional(filters.username),
  };
  return kind === 'client'
    ? api.get(LIST_PATHS.client, { query, schema: ZQcClientRecordPage })
    : api.get(LIST_PATHS['in-house'], { query, schema: ZQcRecordPage });
}

/** The edit screen shows a missing or forbidden record itself, so the client stays quiet about it. */
export function fetchQcRecord(kind: TQcKind, id: number): Promise<TAnyQcRecord> {
  return kind === 'client'
    ? api.get(`/api/qcReport/getClientQc/${id}`, { schema: ZQcClientRecord, notify: false })
    : api.get(`/api/qcReport/getqc/${id}`, { schema: ZQcRecord, notify: false });
}

/** An in-house edit also applied to the client record of the call, as it was at `clientVersion` (docs/qc-records.md). */
export type TApplyToClient = { applyToClient: true; clientVersion: number };

/**
 * Saves the edit of the record as it was at `version` (and, with `apply`, on the client record of the call too). The
 * screen shows the failure itself ('Update failed' with the server's reason; a 409 when someone saved the record since).
 */
export function updateQcRecord(
  kind: TQcKind,
  id: number,
  version: number,
  form: TQcRecordForm,
  apply?: TApplyToClient,
): Promise<TQcRecordEditReply | TQcClientRecord> {
  return kind === 'client'
    ? api.put('/api/qcReport/edit-Client-Qc', toClientEdit(id, version, form), {
        schema: ZQcClientRecord,
        notify: false,
      })
    : api.put(
        '/api/qcReport/editqc',
        { ...toInHouseEdit(id, version, form), ...apply },
        { schema: ZQcRecordEditReply, notify: false },
      );
}

/** Who changed the record and its review, and what, oldest first (the audit log); shown by the screen itself. */
export function fetchQcRecordHistory(id: number): Promise<TAuditHistory> {
  return api.get(`/api/audit/qcRecord/${id}`, { schema: ZAuditHistory, notify: false });
}

/** Deletes the record with its recording links and reviews; a failure is shown by the API client. */
export async function deleteQcRecord(kind: TQcKind, id: number): Promise<void> {
  await api.del(kind === 'client' ? `/api/qcReport/deleteClientQc/${id}` : `/api/qcReport/deleteQc/${id}`);
}
