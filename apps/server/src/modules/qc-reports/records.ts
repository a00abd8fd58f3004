// A day's QC records (docs/product.md §7 unique-dates, excel-print; the records files of §9): the dates that have records,
// the records as JSON and as a streamed xlsx. An inspector gets its own records only, an admin everyone's.
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import { QC_EXPORTS, type TQcKind, type TTokenPayload } from '@crm/shared';
import { poolOf } from '../../db/database.ts';
import type { Db } from '../../db/schema.ts';
import { inspectorScope } from '../qc/access.ts';
import { openArrayCursor } from './array-cursor.ts';
import {
  RECORD_COLUMNS,
  recordCells,
  recordHeaders,
  selectRecordRow,
  toPrintRow,
  type TQcPrintRow,
} from './record-columns.ts';
import { FastRowWriter } from './fast-rows.ts';
import { addSheet, openXlsx, runXlsx } from './xlsx-stream.ts';
import { capList, type TCappedList } from '../../http/capped-list.ts';

/**
 * Records read from the cursor at a time: memory stays flat however many records the day has. Small on purpose: with
 * two batches of 5000 alive (one written, one on its way) so much survived each minor GC that V8 moved everything
 * young to the old generation, and the export's garbage then waited for a full GC (about 100 MB more RSS).
 */
export const EXPORT_BATCH_ROWS = 1000;

/** The records of `kind` the caller may see. */
export function scopedQcRecords(db: Db, user: TTokenPayload, kind: TQcKind) {
  const { inspectorId } = inspectorScope(user);
  const base = db.selectFrom('qcRecords').where('qcRecords.kind', '=', kind);
  return inspectorId === undefined ? base : base.where('qcRecords.qcInspectorId', '=', inspectorId);
}

/** GET unique-dates-download-reports-in-house / -client: the call dates with records, newest first. */
export async function listQcRecordDates(db: Db, user: TTokenPayload, kind: TQcKind): Promise<string[]> {
  const rows = await scopedQcRecords(db, user, kind)
    .select('callDate')
    .distinct()
    .orderBy('callDate', 'desc')
    .execute();
  return rows.map((r) => r.callDate);
}

/** The day's records, each as selectRecordRow reads it, by agent name then scoring order. */
function dayRecordsQuery(db: Db, user: TTokenPayload, kind: TQcKind, date: string, limit?: number) {
  const day = scopedQcRecords(db, user, kind)
    .where('callDate', '=', date)
    .select(selectRecordRow)
    .orderBy('agentName')
    .orderBy('id');
  return (limit === undefined ? day : day.limit(limit)).compile();
}

/** The most records the print JSON answers; the day's xlsx export has them all (docs/older-client.md). */
export const QC_PRINT_ROWS_CAP = 5000;

/** GET get-all-qc-records-in-house-for-excel-print / -client-: the 26 keys of the export, in its order; the first QC_PRINT_ROWS_CAP. */
export async function listQcPrintRows(
  db: Db,
  user: TTokenPayload,
  kind: TQcKind,
  date: string,
): Promise<TCappedList<TQcPrintRow>> {
  const cap = QC_PRINT_ROWS_CAP;
  const query = dayRecordsQuery(db, user, kind, date, cap + 1);
  const result = await poolOf(db).query<unknown[]>({
    text: query.sql,
    values: [...query.parameters],
    rowMode: 'array',
  });
  const count = async () =>
    (
      await scopedQcRecords(db, user, kind)
        .where('callDate', '=', date)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  const { kept, total } = await capList(result.rows, cap, count);
  return { items: kept.map(toPrintRow), total, cap };
}

/** Column widths of the records file: text wide enough to read, scores narrow. */
const RECORD_WIDTHS = RECORD_COLUMNS.map((c) => (c.type === 'number' ? 12 : 20));

/** A records workbook with its header row written, and the writer of its rows. */
function openRecordsFile(kind: TQcKind) {
  const book = openXlsx();
  const sheet = addSheet(
    book,
    (kind === 'in-house' ? QC_EXPORTS.inHouse : QC_EXPORTS.client).sheet,
    recordHeaders(kind),
    RECORD_WIDTHS,
  );
  return { book, sheet, rows: new FastRowWriter(sheet, RECORD_COLUMNS.length) };
}

/**
 * GET export/in-house, export/client: the day's records as QC_Records_{In-House|Client}_{date}.xlsx, sheet QC Records,
 * streamed from a cursor. The first batch is read before any byte is sent, so a failing query is still a JSON error.
 */
export async function exportQcRecords(
  db: Db,
  user: TTokenPayload,
  kind: TQcKind,
  date: string,
): Promise<{ fileName: string; file: Readable }> {
  const cursor = await openArrayCursor(db, dayRecordsQuery(db, user, kind, date), EXPORT_BATCH_ROWS);
  let first: unknown[][];
  let opened: ReturnType<typeof openRecordsFile>;
  try {
    first = await cursor.read();
    opened = openRecordsFile(kind);
  } catch (err) {
    await cursor.close();
    throw err;
  }
  const { book, sheet, rows } = opened;
  const file = runXlsx(book, async (signal) => {
    try {
      for (let batch = first; batch.length > 0; batch = await cursor.read()) {
        for (const values of batch) rows.writeRow(recordCells(values));
        // Once a batch (about 1 MB of XML): yielding more often measured slower and kept more garbage alive.
        await rows.waitForRoom(signal);
      }
      rows.flush();
      sheet.commit();
    } finally {
      await cursor.close();
    }
  });
  return { fileName: (kind === 'in-house' ? QC_EXPORTS.inHouse : QC_EXPORTS.client).fileName(date), file };
}
