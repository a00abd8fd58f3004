// CSV downloads, every export's (lead reports, the audit log, dialer sends, the QC sheets): spreadsheet-safe cells
// (the formula-neutralising rule all share), a CSV body streamed record by record, and the reply that sends it. Once
// its headers are out, a failure can only cut the download short: it is logged, with the export's name, at the level
// it deserves.
import { Readable, finished, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { classifyDatabaseError } from '../db/pg-errors.ts';

/** What a cell may hold before it is written: null is an empty cell. */
export type CsvValue = string | number | null;

/** Characters a spreadsheet reads as the start of a formula (and their full-width forms, which Numbers folds). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A plain number, signed or not ('-5', '+8801712345678', '-3.5', '1e5'): a spreadsheet reads it as a number, never a formula. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A text cell a spreadsheet would run as a formula ('=SUM(A1)', '+cmd', '-x', '@foo', a leading tab or carriage return)
 * gets a leading single quote, so it shows as the text it is (OWASP "CSV injection"). Numbers stay as they are.
 */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** A value as the cell text an export writes. */
export function toCsvCell(value: CsvValue): string {
  if (value === null) return '';
  return typeof value === 'number' ? String(value) : neutraliseFormula(value);
}

/** How long a reader may take nothing before its stream ends: a paused download must not hold a database connection for ever. */
export const CSV_STALL_MS = 5 * 60_000;

export type CsvStreamOptions = { stallMs?: number };

/**
 * A CSV body as a stream: UTF-8 with a BOM (so Excel shows Bengali text), the header row (also when there are no
 * records), CRLF line ends, RFC 4180 quoting, every cell formula-neutralised. Records are pulled only as fast as
 * the reader takes them. Destroying the returned stream ends `records` (its `return()` runs); a failing `records`
 * destroys the returned stream with that error, and so does a reader that takes nothing for `stallMs`
 * (error code ERR_CSV_READER_STALLED).
 */
export function streamCsv(
  header: readonly string[],
  records: AsyncIterable<readonly CsvValue[]>,
  options: CsvStreamOptions = {},
): Readable {
  const stallMs = options.stallMs ?? CSV_STALL_MS;
  const csv = stringify({
    bom: true,
    record_delimiter: 'windows',
    // csv-stringify quotes a value holding the whole record delimiter; a lone \n or \r must be quoted too.
    quoted_match: /[\r\n]/,
  });
  /** Since when a record has waited for the reader to take it (null while the records are being read). */
  let waitingSince: number | null = null;
  async function* cells(): AsyncGenerator<string[]> {
    waitingSince = Date.now();
    yield header.map(toCsvCell);
    waitingSince = null;
    for await (const record of records) {
      waitingSince = Date.now();
      yield record.map(toCsvCell);
      waitingSince = null;
    }
  }
  const watchdog = setInterval(
    () => {
      if (waitingSince !== null && Date.now() - waitingSince > stallMs) {
        csv.destroy(
          Object.assign(new Error(`the reader took nothing for ${Math.round(stallMs / 1000)} s`), {
            code: 'ERR_CSV_READER_STALLED',
          }),
        );
      }
    },
    Math.max(10, Math.min(stallMs / 4, 10_000)),
  );
  watchdog.unref();
  csv.once('close', () => clearInterval(watchdog));
  // Each party that must know when the download ends listens once for 'close' (this watchdog, the pipeline below, the
  // report's cursor, the download's log line, Fastify's reply, the compression pipeline and its end-of-stream checks):
  // eleven in all, one stream each, not a leak. Node warns from eleven on.
  csv.setMaxListeners(20);
  // The error reaches the reader through `csv`, which pipeline destroys with it.
  pipeline(Readable.from(cells()), csv, () => {});
  return csv;
}

export function sendCsv(reply: FastifyReply, fileName: string, csv: Readable, what = 'report') {
  finished(csv, (err) => {
    if (!err) return;
    const code = 'code' in err ? err.code : undefined;
    if (code === 'ERR_STREAM_PREMATURE_CLOSE') reply.log.info({ fileName }, `${what} download ended by the client`);
    else if (code === 'ERR_CSV_READER_STALLED')
      reply.log.warn({ fileName, reason: err.message }, `${what} download stopped: the client stopped reading`);
    else if (classifyDatabaseError(err) !== undefined)
      reply.log.warn(
        { fileName, failure: err.message },
        `${what} download cut short: the database failed while it streamed`,
      );
    else reply.log.error({ err, fileName }, `${what} failed while streaming`);
  });
  return (
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      // Leads and audit entries are personal data: no cache keeps a copy.
      .header('cache-control', 'no-store')
      .send(csv)
  );
}
