// A day's records file when the day mixes scorecard versions (docs/scorecards.md, Exports): one sheet per version,
// "Standard" in the spec's 26 columns, every other version in its own (version-sheets.ts), streamed sheet by sheet.
import { once } from 'node:events';
import type { PassThrough, Readable } from 'node:stream';
import type { CompiledQuery } from 'kysely';
import { STANDARD_SCORECARD, type TQcKind } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { findScorecardVersion } from '../scorecards/lookup.ts';
import { openArrayCursor, type ArrayCursor } from './array-cursor.ts';
import type { RecordCell } from './record-columns.ts';
import { isStandard, standardLayout, versionLayout, versionSheetName } from './version-sheets.ts';
import { XLSX_STALL_MS } from './fast-rows.ts';
import { addSheet, cellValue, openXlsx, runXlsx } from './xlsx-stream.ts';

/**
 * Lets the event loop turn; while the file's reader has not taken what was written, waits for it (as the fast path
 * does), so a slow reader slows the export instead of growing memory; a reader taking nothing for XLSX_STALL_MS stops it.
 */
async function waitForReader(output: PassThrough, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  await new Promise((resolve) => setImmediate(resolve));
  if (!output.writableNeedDrain) return;
  const timeout = AbortSignal.timeout(XLSX_STALL_MS);
  try {
    await once(output, 'drain', { signal: AbortSignal.any([signal, timeout]) });
  } catch (err) {
    if (timeout.aborted && !signal.aborted)
      throw Object.assign(new Error(`the reader took nothing for ${Math.round(XLSX_STALL_MS / 1000)} s`), {
        code: 'ERR_XLSX_READER_STALLED',
      });
    throw err;
  }
}

/** Records read from a cursor at a time (as the single-sheet file). */
const BATCH_ROWS = 1000;

type TSheetPlan = {
  name: string;
  headers: string[];
  widths: number[];
  cells: (row: readonly unknown[]) => RecordCell[];
  query: CompiledQuery;
};

/** What the records file needs of the day: its records of one version, and the query of the day's records. */
export type TDayRecords = {
  kind: TQcKind;
  /** The day's records of a version other than "Standard", read as selectRecordRow then selectVersionMarks. */
  recordsOf: (scorecardId: number) => CompiledQuery;
  /** The day's "Standard" records, read as selectRecordRow then the comment of each criterion of `comments`. */
  standardRecords: (comments: readonly string[]) => CompiledQuery;
  /** The keys of the criteria of a version with a comment on any of the day's records. */
  commentedOf: (scorecardId: number) => Promise<Set<string>>;
};

/** A version of the day, and whether any of its records that day carries a criterion comment. */
export type TDayVersion = { scorecardId: number; commented: boolean };

/** The sheets of the day, "Standard" first then the other versions by id, each named "{name} v{version}". */
async function planSheets(db: Db, day: TDayRecords, versions: readonly TDayVersion[]): Promise<TSheetPlan[]> {
  const taken = new Set<string>();
  const plans: TSheetPlan[] = [];
  for (const { scorecardId, commented } of versions) {
    const commentedKeys = commented ? await day.commentedOf(scorecardId) : new Set<string>();
    if (isStandard(scorecardId)) {
      const { comments, ...layout } = standardLayout(day.kind, commentedKeys);
      plans.push({
        name: versionSheetName({ name: STANDARD_SCORECARD.name, version: 1 }, taken),
        ...layout,
        query: day.standardRecords(comments),
      });
      continue;
    }
    const version = await findScorecardVersion(db, scorecardId);
    const layout = versionLayout(day.kind, version, commentedKeys);
    plans.push({ name: versionSheetName(version, taken), ...layout, query: day.recordsOf(scorecardId) });
  }
  return plans;
}

/**
 * The workbook of a day mixing versions. Written through exceljs's own rows (a sheet after the first cannot take the
 * fast row path, whose zip entry opens only once the sheet before is done). The first sheet's first batch is read
 * before any byte is sent, so a failing query is still a JSON error.
 */
export async function exportVersionSheets(
  db: Db,
  day: TDayRecords,
  versions: readonly TDayVersion[],
): Promise<Readable> {
  const plans = await planSheets(db, day, versions);
  const [firstPlan] = plans;
  if (firstPlan === undefined) throw new Error('exportVersionSheets: a day without versions');
  const firstCursor = await openArrayCursor(db, firstPlan.query, BATCH_ROWS);
  let first: unknown[][];
  try {
    first = await firstCursor.read();
  } catch (err) {
    await firstCursor.close();
    throw err;
  }
  const book = openXlsx();
  return runXlsx(book, async (signal) => {
    let cursor: ArrayCursor | undefined = firstCursor;
    try {
      for (const [i, plan] of plans.entries()) {
        cursor ??= await openArrayCursor(db, plan.query, BATCH_ROWS);
        const sheet = addSheet(book, plan.name, plan.headers, plan.widths);
        for (let batch = i === 0 ? first : await cursor.read(); batch.length > 0; batch = await cursor.read()) {
          for (const row of batch) sheet.addRow(plan.cells(row).map(cellValue)).commit();
          await waitForReader(book.output, signal);
        }
        sheet.commit();
        await cursor.close();
        cursor = undefined;
      }
    } finally {
      await cursor?.close();
    }
  });
}
