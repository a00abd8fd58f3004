// The audit log as CSV (GET /api/audit/export): every filtered entry, newest first, streamed from a cursor.
import type { Readable } from 'node:stream';
import { auditExportFileName, describeAuditChanges, type TAuditQuery } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { streamCsv, type CsvValue } from '../lead-reports/report-csv.ts';
import { filteredAudit, toAuditEntry, type AuditRow } from './service.ts';

/** Entries read from the server-side cursor at a time: memory stays flat however long the log is. */
export const AUDIT_EXPORT_BATCH_ROWS = 2000;

export const AUDIT_CSV_HEADER = ['id', 'time', 'actor', 'actor role', 'action', 'object type', 'object id', 'changes', 'changes (JSON)', 'ip'] as const;

const two = (n: number) => String(n).padStart(2, '0');

/** A moment as the server's local time with its offset, e.g. 2026-11-20 10:15:03 +06:00: what a spreadsheet shows as written. */
export function localTimestamp(at: Date): string {
  const offset = -at.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const date = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  return `${date} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())} ${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

function auditRecord(row: AuditRow): CsvValue[] {
  const entry = toAuditEntry(row);
  return [
    entry.id,
    localTimestamp(row.at),
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

async function* auditRecords(first: IteratorResult<AuditRow>, rows: AsyncIterator<AuditRow>): AsyncGenerator<CsvValue[]> {
  for (let next = first; !next.done; next = await rows.next()) yield auditRecord(next.value);
}

/** The filtered entries as a CSV stream, with the file name to save it under (the day of the export). */
export async function exportAuditLog(db: Db, query: TAuditQuery): Promise<{ fileName: string; csv: Readable }> {
  // One pool client with a cursor on it for the whole file: one snapshot, AUDIT_EXPORT_BATCH_ROWS rows in memory.
  const rows = filteredAudit(db, query).selectAll().orderBy('id', 'desc').stream(AUDIT_EXPORT_BATCH_ROWS);
  // The first batch is read before any byte is sent, so a failing query is still a JSON error, not a cut-off file.
  const first = await rows.next();
  const csv = streamCsv(AUDIT_CSV_HEADER, auditRecords(first, rows));
  // However the download ends (complete, failed, the client gone), the cursor closes and its client goes back to the pool.
  csv.once('close', () => {
    rows.return?.(undefined).catch(() => undefined);
  });
  return { fileName: auditExportFileName(localTimestamp(new Date()).slice(0, 10)), csv };
}
