// The audit log as CSV (GET /api/audit/export): every filtered entry, newest first, streamed from a cursor.
import type { Readable } from 'node:stream';
import {
  auditExportFileName,
  describeAuditChanges,
  localDateTimeText,
  localDayText,
  type TAuditQuery,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { streamCsv, type CsvValue } from '../../http/csv-download.ts';
import { filteredAudit, toAuditEntry, type AuditRow } from './service.ts';

/** Entries read from the server-side cursor at a time: memory stays flat however long the log is. */
export const AUDIT_EXPORT_BATCH_ROWS = 2000;

export const AUDIT_CSV_HEADER = [
  'id',
  'time',
  'actor',
  'actor role',
  'action',
  'object type',
  'object id',
  'changes',
  'changes (JSON)',
  'ip',
] as const;

/** An entry's row; its time as the call centre's wall clock, yyyy-MM-dd HH:mm:ss (what a spreadsheet shows as written). */
function auditRecord(row: AuditRow, timeZone: string): CsvValue[] {
  const entry = toAuditEntry(row);
  return [
    entry.id,
    localDateTimeText(row.at, timeZone),
    entry.actorUsername,
    entry.actorRole,
    entry.action,
    entry.objectType,
    entry.objectId,
    describeAuditChanges(entry.changes).join('\n'),
    JSON.stringify(entry.changes),
    entry.ip,
  ];
}

async function* auditRecords(
  first: IteratorResult<AuditRow>,
  rows: AsyncIterator<AuditRow>,
  timeZone: string,
): AsyncGenerator<CsvValue[]> {
  for (let next = first; !next.done; next = await rows.next()) yield auditRecord(next.value, timeZone);
}

/** The filtered entries as a CSV stream, with the file name to save it under (the day of the export, in the zone). */
export async function exportAuditLog(
  db: Db,
  query: TAuditQuery,
  timeZone: string,
): Promise<{ fileName: string; csv: Readable }> {
  // One pool client with a cursor on it for the whole file: one snapshot, AUDIT_EXPORT_BATCH_ROWS rows in memory.
  const rows = filteredAudit(db, query, timeZone).selectAll().orderBy('id', 'desc').stream(AUDIT_EXPORT_BATCH_ROWS);
  // The first batch is read before any byte is sent, so a failing query is still a JSON error, not a cut-off file.
  const first = await rows.next();
  const csv = streamCsv(AUDIT_CSV_HEADER, auditRecords(first, rows, timeZone));
  // However the download ends (complete, failed, the client gone), the cursor closes and its client goes back to the pool.
  csv.once('close', () => {
    rows.return?.(undefined).catch(() => undefined);
  });
  return { fileName: auditExportFileName(localDayText(new Date(), timeZone)), csv };
}
