// A day's QC records (docs/product.md §7 unique-dates, excel-print; the records files of §9): the dates that have records,
// the records as JSON and as a streamed xlsx. An inspector gets its own records only, an admin everyone's.
import type { Readable } from 'node:stream';
import { sql, type ExpressionBuilder } from 'kysely';
import { QC_EXPORTS, STANDARD_SCORECARD_ID, type TQcKind, type TTokenPayload } from '@crm/shared';
import { poolOf } from '../../db/database.ts';
import type { DB, Db } from '../../db/schema.ts';
import { inspectorScope } from '../qc/access.ts';
import { clientRecordScope, inClientCampaigns, isClient, maskedPhoneSql } from '../clients/scope.ts';
import { openArrayCursor } from './array-cursor.ts';
import {
  RECORD_ROW_FIELDS,
  selectRecordRow,
  selectVersionMarks,
  toPrintRow,
  type TQcPrintItem,
} from './record-columns.ts';
import { FastRowWriter } from './fast-rows.ts';
import { addSheet, openXlsx, runXlsx } from './xlsx-stream.ts';
import { capList, type TCappedList } from '../../http/capped-list.ts';
import { findScorecardVersion, type TScorecardVersion } from '../scorecards/lookup.ts';
import {
  isStandard,
  printScorecardOf,
  standardLayout,
  versionMarksOf,
  type TStandardLayout,
} from './version-sheets.ts';
import { exportVersionSheets } from './version-export.ts';

/**
 * Records read from the cursor at a time: memory stays flat however many records the day has. Small on purpose: with
 * two batches of 5000 alive (one written, one on its way) so much survived each minor GC that V8 moved everything
 * young to the old generation, and the export's garbage then waited for a full GC (about 100 MB more RSS).
 */
export const EXPORT_BATCH_ROWS = 1000;

/** The records of `kind` the caller may see: a client account's campaigns' client records (clients/scope.ts). */
export function scopedQcRecords(db: Db, user: TTokenPayload, kind: TQcKind) {
  const base = db.selectFrom('qcRecords').where('qcRecords.kind', '=', kind);
  const clientUserId = clientRecordScope(user, kind);
  if (clientUserId !== undefined)
    return base.where((eb) => inClientCampaigns(eb.ref('qcRecords.campaignId'), clientUserId));
  const { inspectorId } = inspectorScope(user);
  return inspectorId === undefined ? base : base.where('qcRecords.qcInspectorId', '=', inspectorId);
}

/** selectRecordRow, with the consumer number masked to its last 4 digits for a client account. */
function recordRowFor(user: TTokenPayload) {
  if (!isClient(user)) return selectRecordRow;
  return (eb: ExpressionBuilder<DB, 'qcRecords'>) =>
    selectRecordRow(eb).map((field) =>
      field === 'consumerNumber' ? maskedPhoneSql(eb.ref('qcRecords.consumerNumber')).as('consumerNumber') : field,
    );
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

/**
 * The day's records, each as selectRecordRow reads it (then selectVersionMarks with `versions`, then the comment of
 * each criterion key of `comments`, null where the record has none), by agent name then scoring order; those of one
 * version only with `scorecardId`.
 */
export function dayRecordsQuery(
  db: Db,
  user: TTokenPayload,
  kind: TQcKind,
  date: string,
  options: { limit?: number; scorecardId?: number; versions?: boolean; comments?: readonly string[] } = {},
) {
  const { limit, scorecardId, versions, comments = [] } = options;
  const day = scopedQcRecords(db, user, kind)
    .where('callDate', '=', date)
    .$if(scorecardId !== undefined, (q) => q.where('scorecardId', '=', scorecardId ?? STANDARD_SCORECARD_ID))
    .select(recordRowFor(user))
    .$if(versions === true, (q) => q.select(selectVersionMarks))
    .$if(comments.length > 0, (q) =>
      q.select(comments.map((key, i) => sql<string>`marks #>> ${[key, 'comment']}::text[]`.as(`comment${i}`))),
    )
    .orderBy('agentName')
    .orderBy('id');
  return (limit === undefined ? day : day.limit(limit)).compile();
}

/** Whether a record's marks carry a criterion comment: a few µs a record, far less than listing the keys. */
const hasComment = sql<boolean>`jsonb_path_exists(marks, '$.* ? (@.comment != "")')`;

/**
 * The versions the day's records are scored on, by id ("Standard" first), with how many records each and whether
 * any of them carries a criterion comment: the one pass over the day's records made before the file is written.
 */
export async function listDayVersions(
  db: Db,
  user: TTokenPayload,
  kind: TQcKind,
  date: string,
): Promise<{ scorecardId: number; records: number; commented: boolean }[]> {
  const rows = await scopedQcRecords(db, user, kind)
    .where('callDate', '=', date)
    .select([
      'scorecardId',
      sql<number>`count(*)::int`.as('records'),
      sql<boolean>`bool_or(${hasComment})`.as('commented'),
    ])
    .groupBy('scorecardId')
    .orderBy('scorecardId')
    .execute();
  return rows.map((r) => ({ scorecardId: r.scorecardId, records: Number(r.records), commented: r.commented }));
}

/** The keys of the criteria of a version commented on any of the day's records of it. */
export async function listCommentedCriteria(
  db: Db,
  user: TTokenPayload,
  kind: TQcKind,
  date: string,
  scorecardId: number,
): Promise<Set<string>> {
  const rows = await scopedQcRecords(db, user, kind)
    .where('callDate', '=', date)
    .where('scorecardId', '=', scorecardId)
    .where(hasComment)
    .select(sql<string>`jsonb_path_query(marks, '$.keyvalue() ? (@.value.comment != "").key') #>> '{}'`.as('key'))
    .distinct()
    .execute();
  return new Set(rows.map((r) => r.key));
}

/** The most records the print JSON answers; the day's xlsx export has them all (docs/older-client.md). */
export const QC_PRINT_ROWS_CAP = 5000;

/** GET get-all-qc-records-in-house-for-excel-print / -client-: the 26 keys of the export, in its order; the first QC_PRINT_ROWS_CAP. */
export async function listQcPrintRows(
  db: Db,
  user: TTokenPayload,
  kind: TQcKind,
  date: string,
): Promise<TCappedList<TQcPrintItem>> {
  const cap = QC_PRINT_ROWS_CAP;
  const query = dayRecordsQuery(db, user, kind, date, { limit: cap + 1, versions: true });
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
  const versions = new Map<number, TScorecardVersion>();
  const items: TQcPrintItem[] = [];
  for (const row of kept) {
    const item = toPrintRow(row);
    const scorecardId = Number(row[RECORD_ROW_FIELDS]);
    if (isStandard(scorecardId)) {
      items.push(item);
      continue;
    }
    const version = versions.get(scorecardId) ?? (await findScorecardVersion(db, scorecardId));
    versions.set(scorecardId, version);
    items.push({ ...item, scorecard: printScorecardOf(version, String(item.agentGrade ?? ''), versionMarksOf(row)) });
  }
  return { items, total, cap };
}

/** A records workbook with its header row written, and the writer of its rows. */
function openRecordsFile(kind: TQcKind, layout: TStandardLayout) {
  const book = openXlsx();
  const sheet = addSheet(
    book,
    (kind === 'in-house' ? QC_EXPORTS.inHouse : QC_EXPORTS.client).sheet,
    layout.headers,
    layout.widths,
  );
  return { book, sheet, rows: new FastRowWriter(sheet, layout.headers.length) };
}

/**
 * GET export/in-house, export/client: the day's records as QC_Records_{In-House|Client}_{date}.xlsx, sheet QC Records,
 * streamed from a cursor; a "Comment: …" column after the spec's 26 for each criterion commented that day. The first
 * batch is read before any byte is sent, so a failing query is still a JSON error.
 * A day with records of another scorecard than "Standard" has a sheet per version instead (version-export.ts).
 */
export async function exportQcRecords(
  db: Db,
  user: TTokenPayload,
  kind: TQcKind,
  date: string,
): Promise<{ fileName: string; file: Readable }> {
  const fileName = (kind === 'in-house' ? QC_EXPORTS.inHouse : QC_EXPORTS.client).fileName(date);
  const versions = await listDayVersions(db, user, kind, date);
  const commentedOf = (scorecardId: number) => listCommentedCriteria(db, user, kind, date, scorecardId);
  if (versions.some((v) => !isStandard(v.scorecardId))) {
    const day = {
      kind,
      recordsOf: (scorecardId: number) => dayRecordsQuery(db, user, kind, date, { scorecardId, versions: true }),
      standardRecords: (comments: readonly string[]) =>
        dayRecordsQuery(db, user, kind, date, { scorecardId: STANDARD_SCORECARD_ID, comments }),
      commentedOf,
    };
    return { fileName, file: await exportVersionSheets(db, day, versions) };
  }
  // "Standard" records only: the spec's file, with a comment column per criterion commented that day, if any.
  const layout = standardLayout(
    kind,
    versions[0]?.commented === true ? await commentedOf(STANDARD_SCORECARD_ID) : new Set<string>(),
  );
  const cursor = await openArrayCursor(
    db,
    dayRecordsQuery(db, user, kind, date, { comments: layout.comments }),
    EXPORT_BATCH_ROWS,
  );
  let first: unknown[][];
  let opened: ReturnType<typeof openRecordsFile>;
  try {
    first = await cursor.read();
    opened = openRecordsFile(kind, layout);
  } catch (err) {
    await cursor.close();
    throw err;
  }
  const { book, sheet, rows } = opened;
  const file = runXlsx(book, async (signal) => {
    try {
      for (let batch = first; batch.length > 0; batch = await cursor.read()) {
        for (const values of batch) rows.writeRow(layout.cells(values));
        // Once a batch (about 1 MB of XML): yielding more often measured slower and kept more garbage alive.
        await rows.waitForRoom(signal);
      }
      rows.flush();
      sheet.commit();
    } finally {
      await cursor.close();
    }
  });
  return { fileName, file };
}
