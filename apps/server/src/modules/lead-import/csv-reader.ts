// A streaming RFC 4180 CSV reader for lead files: text in as it arrives, rows out. Written for speed, since
// a lead file has a million rows: csv-parse took ~60% of the upload's reading time (bench/leads-upload.ts).
// Rows end in LF or CRLF; a field is quoted or not; inside quotes "" is a quote and commas and line breaks
// are text. A blank line is a row of one empty field, as in csv-parse with skip_empty_lines off.

/** A CSV syntax error at a row (counted from 1 over every row, blank ones included). */
export class CsvSyntaxError extends Error {
  constructor(
    readonly row: number,
    readonly reason: string,
  ) {
    super(`row ${row}: ${reason}`);
  }
}

export const CSV_PROBLEMS = {
  quoteNotClosed: 'a quoted value starts on this row and its closing quote (") is missing',
  quoteInValue: 'a quote (") in the middle of a value: put the whole value in quotes and write the quote twice ("")',
  textAfterQuote: 'text follows a quoted value before the next comma: write a quote inside a quoted value twice ("")',
  tooLong: (max: number) =>
    `the row is longer than ${max.toLocaleString('en-US')} characters (a quote that is never closed?)`,
} as const;

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/** The rest of the text is needed to finish the row. */
const MORE = -1;

export class CsvReader {
  /** Rows handed out so far. */
  rows = 0;
  private text = '';

  /** onRow gets each complete row's fields; a row longer than maxRowLength is an error (an open quote swallowing the file). */
  constructor(
    private readonly onRow: (fields: string[]) => void,
    private readonly maxRowLength = 1 << 20,
  ) {}

  /** Reads what `chunk` completes; keeps an unfinished last row for the next call. */
  write(chunk: string): void {
    this.text = this.text === '' ? chunk : this.text + chunk;
    this.read(false);
  }

  /** The end of the file: the last row needs no line break. */
  end(): void {
    this.read(true);
    this.text = '';
  }

  private emit(fields: string[]): void {
    this.rows += 1;
    this.onRow(fields);
  }

  private fail(reason: string): never {
    throw new CsvSyntaxError(this.rows + 1, reason);
  }

  private read(final: boolean): void {
    const text = this.text;
    const length = text.length;
    let pos = 0;
    // The next quote at or after pos (Infinity when none is left in the text).
    let quote = -2;
    while (pos < length) {
      if (quote !== Infinity && quote < pos) {
        quote = text.indexOf('"', pos);
        if (quote === -1) quote = Infinity;
      }
      let lineEnd = text.indexOf('\n', pos);
      if (lineEnd === -1 && !final) break;
      if (lineEnd === -1) lineEnd = length;
      if (quote > lineEnd) {
        // No quote in the row: the common case, split at once.
        const line =
          text.charCodeAt(lineEnd - 1) === CR && lineEnd > pos
            ? text.slice(pos, lineEnd - 1)
            : text.slice(pos, lineEnd);
        this.emit(line.split(','));
        pos = lineEnd + 1;
        continue;
      }
      const next = this.readQuotedRow(text, pos, final);
      if (next === MORE) break;
      pos = next;
    }
    this.text = pos >= length ? '' : text.slice(pos);
    if (this.text.length > this.maxRowLength) this.fail(CSV_PROBLEMS.tooLong(this.maxRowLength));
  }

  /** Reads the row at `start`, which has a quote; returns where the next row starts, or MORE. */
  private readQuotedRow(text: string, start: number, final: boolean): number {
    const length = text.length;
    const fields: string[] = [];
    let i = start;
    for (;;) {
      if (i < length && text.charCodeAt(i) === QUOTE) {
        let value = '';
        let from = i + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close === -1) return final ? this.fail(CSV_PROBLEMS.quoteNotClosed) : MORE;
          if (close + 1 >= length && !final) return MORE;
          if (text.charCodeAt(close + 1) === QUOTE) {
            value += text.slice(from, close + 1);
            from = close + 2;
            continue;
          }
          value += text.slice(from, close);
          i = close + 1;
          break;
        }
        fields.push(value);
        if (i >= length) {
          if (!final) return MORE;
          this.emit(fields);
          return length;
        }
        const c = text.charCodeAt(i);
        if (c === COMMA) {
          i += 1;
          continue;
        }
        if (c === LF) {
          this.emit(fields);
          return i + 1;
        }
        if (c === CR) {
          if (i + 1 >= length && !final) return MORE;
          if (i + 1 >= length || text.charCodeAt(i + 1) === LF) {
            this.emit(fields);
            return i + 2;
          }
        }
        return this.fail(CSV_PROBLEMS.textAfterQuote);
      }
      // An unquoted field: up to the next comma or line break, and no quote inside.
      const comma = text.indexOf(',', i);
      let lineEnd = text.indexOf('\n', i);
      if (lineEnd === -1) {
        if (!final) return MORE;
        lineEnd = length;
      }
      if (comma !== -1 && comma < lineEnd) {
        const value = text.slice(i, comma);
        if (value.includes('"')) return this.fail(CSV_PROBLEMS.quoteInValue);
        fields.push(value);
        i = comma + 1;
        continue;
      }
      const value = text.slice(i, text.charCodeAt(lineEnd - 1) === CR && lineEnd > i ? lineEnd - 1 : lineEnd);
      if (value.includes('"')) return this.fail(CSV_PROBLEMS.quoteInValue);
      fields.push(value);
      this.emit(fields);
      return lineEnd + 1;
    }
  }
}
