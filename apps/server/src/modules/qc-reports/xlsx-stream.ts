// Streamed xlsx with exceljs's WorkbookWriter: a workbook written into a stream as its rows come, text cells
// formula-neutralised. Large sheets write their rows through FastRowWriter (fast-rows.ts).
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { neutraliseFormula } from '../../http/csv-download.ts';

/** A cell before it is written: null is an empty cell; text is formula-neutralised. */
export type XlsxCell = string | number | null;

export type XlsxBook = {
  workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  /** The file's bytes: hand this to the reply. */
  output: PassThrough;
};

/**
 * A streaming workbook writing into `output`. useStyles only where a sheet needs styles (the daily summary's
 * colours); shared strings never, as they are held in memory until the end. Zip level 1: large exports are
 * mostly repeated XML, and the fastest level still shrinks them about tenfold.
 */
export function openXlsx(options: { useStyles?: boolean } = {}): XlsxBook {
  // 1 MB of file may wait for the reader before the writer holds back.
  const output = new PassThrough({ highWaterMark: 1 << 20 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: options.useStyles ?? false,
    zip: { zlib: { level: 1 } },
  });
  // The zip stream is exceljs's own; its failure must reach the reader, not crash the process as an unheard 'error'.
  const zip = (workbook as unknown as { zip?: NodeJS.EventEmitter }).zip;
  zip?.on('error', (err: Error) => output.destroy(err));
  return { workbook, output };
}

/** A value as it goes into a cell through exceljs: text neutralised; null and '' an empty cell. */
export function cellValue(value: XlsxCell): string | number | null {
  if (value === '') return null;
  return typeof value === 'string' ? neutraliseFormula(value) : value;
}

/** The header row, bold-free (no styles needed) and frozen while scrolling. */
export function addSheet(
  book: XlsxBook,
  name: string,
  header: readonly string[],
  widths?: readonly number[],
): ExcelJS.Worksheet {
  const sheet = book.workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  if (widths) sheet.columns = widths.map((width) => ({ width }));
  sheet.addRow(header.map(cellValue)).commit();
  return sheet;
}

/**
 * Runs `write` in the background and returns the file's stream at once. A failure of `write` destroys the stream
 * with it (the download is cut short; the route logs it). When the reader goes away, `signal` aborts so `write`
 * can stop and close its cursor.
 */
export function runXlsx(book: XlsxBook, write: (signal: AbortSignal) => Promise<void>): Readable {
  const { output, workbook } = book;
  const abort = new AbortController();
  output.once('close', () => abort.abort());
  void (async () => {
    try {
      await write(abort.signal);
      await workbook.commit();
    } catch (err) {
      if (!output.destroyed) output.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return output;
}
