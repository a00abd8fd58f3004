// The stream stage of a lead upload between the request body and COPY: bytes in, checked as UTF-8, read as
// CSV, every row checked, COPY text of the staging table out. It holds one chunk and one row at a time.
import { isUtf8 } from 'node:buffer';
import { Transform, type TransformCallback } from 'node:stream';
import type { TUploadRowError } from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import { CsvReader } from './csv-reader.ts';
import { LeadRowChecker, mapLeadHeader } from './lead-csv.ts';

/** The file is not UTF-8 text. */
export class NotUtf8Error extends Error {}

/** The header row does not fit the campaign's columns. */
export class LeadHeaderError extends Error {
  constructor(readonly errors: TUploadRowError[]) {
    super('The header row does not fit the campaign');
  }
}

/** How many bytes at the start of `bytes` are whole UTF-8 characters (a character may be cut by the chunk's end). */
function wholeCharacters(bytes: Buffer): number {
  for (let i = bytes.length - 1; i >= 0 && i >= bytes.length - 4; i--) {
    const byte = bytes[i] as number;
    if ((byte & 0xc0) === 0x80) continue;
    const size = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return i + size <= bytes.length ? bytes.length : i;
  }
  return bytes.length;
}

/** The longest row read: a longer one is a quote left open swallowing the file, not a lead. */
export const MAX_ROW_CHARACTERS = 1 << 20;

/** COPY text is handed on in pieces of at least this size. */
const CHUNK_CHARACTERS = 64 * 1024;

function isBlank(cells: readonly string[]): boolean {
  return cells.every((c) => c.trim() === '');
}

/**
 * File bytes in, COPY text of the staging table out. The first non-blank row is the header; blank rows are
 * skipped but keep their number, so rows are numbered as a spreadsheet shows them (the header is row 1).
 * Fails with NotUtf8Error, CsvSyntaxError or LeadHeaderError; bad rows are collected, not thrown.
 */
export class LeadCopyEncoder extends Transform {
  sawHeader = false;
  private checker: LeadRowChecker | undefined;
  private readonly reader: CsvReader;
  private carry: Buffer | undefined;
  private started = false;
  private pending = '';

  constructor(private readonly customColumns: readonly string[], private readonly phoneCountry: CountryCode) {
    super();
    this.reader = new CsvReader((cells) => this.readRow(cells), MAX_ROW_CHARACTERS);
  }

  /** Rows seen so far, blank ones and the header included. */
  get rowsSeen(): number {
    return this.reader.rows;
  }

  /** Data rows read (blank rows are not leads and are not counted). */
  get rowsRead(): number {
    return this.checker?.rowsRead ?? 0;
  }

  get errorCount(): number {
    return this.checker?.errorCount ?? 0;
  }

  get errors(): TUploadRowError[] {
    return this.checker?.errors ?? [];
  }

  /** The data dates of the file's leads. */
  get dataDates(): string[] {
    return [...(this.checker?.dataDates ?? [])];
  }

  /** Whether a lead may repeat another of the file (false: surely none does). */
  get maybeRepeated(): boolean {
    return this.checker?.maybeRepeated ?? false;
  }

  private readRow(cells: string[]): void {
    if (isBlank(cells)) return;
    if (this.checker === undefined) {
      this.sawHeader = true;
      const header = mapLeadHeader(cells, this.customColumns);
      if (Array.isArray(header)) throw new LeadHeaderError(header.map((e) => ({ ...e, row: this.reader.rows })));
      this.checker = new LeadRowChecker(header, this.phoneCountry);
      return;
    }
    const line = this.checker.check(cells, this.reader.rows);
    // After the first bad row nothing will be stored: the rest is only checked.
    this.pending = line === undefined ? '' : this.pending + line;
  }

  /** The chunk's whole characters as text; a character cut at the end waits for the next chunk. */
  private decode(chunk: Buffer): string {
    const bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = wholeCharacters(bytes);
    this.carry = whole < bytes.length ? Buffer.from(bytes.subarray(whole)) : undefined;
    if (!isUtf8(bytes.subarray(0, whole))) throw new NotUtf8Error();
    let text = bytes.toString('utf8', 0, whole);
    if (!this.started && text !== '') {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    return text;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.reader.write(this.decode(chunk));
    } catch (e) {
      return done(e as Error);
    }
    if (this.pending.length >= CHUNK_CHARACTERS) {
      this.push(this.pending);
      this.pending = '';
    }
    // Let other requests in between chunks: a client sending fast would otherwise keep the event loop
    // reading its socket (libuv reads up to 32 chunks at a time) for ~100 ms at a stretch.
    setImmediate(done);
  }

  override _flush(done: TransformCallback): void {
    try {
      if (this.carry) throw new NotUtf8Error();
      this.reader.end();
    } catch (e) {
      return done(e as Error);
    }
    if (this.pending !== '') this.push(this.pending);
    this.pending = '';
    done();
  }
}
