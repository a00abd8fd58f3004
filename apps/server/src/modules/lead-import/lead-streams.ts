// The stream stage of a lead upload between the request body and COPY: bytes in, checked as UTF-8, read as
// CSV, every row checked, repeats skipped, COPY text of leads out. It holds one chunk's rows at a time.
import { isUtf8 } from 'node:buffer';
import { Transform, type TransformCallback } from 'node:stream';
import type { TUploadRowError } from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import { CsvReader } from './csv-reader.ts';
import { LeadRowChecker, mapLeadHeader } from './lead-csv.ts';
import { SeenFilter } from './seen-filter.ts';

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

/** Takes the campaign's stored numbers of a data date into the filter (`seen.add(date, number)` each). */
export type TLoadStoredNumbers = (date: string, seen: SeenFilter) => Promise<void>;

/** Which of these numbers are on the system's or the campaign's do-not-call list (one query for a chunk's rows). */
export type TFindListedNumbers = (phones: readonly string[]) => Promise<ReadonlySet<string>>;

const NONE_LISTED: ReadonlySet<string> = new Set();

/**
 * File bytes in, COPY text of leads out. The first non-blank row is the header; blank rows are skipped but
 * keep their number, so rows are numbered as a spreadsheet shows them (the header is row 1). A lead whose
 * (data date, number) came earlier in the file or is stored for the campaign is skipped: the first time a
 * date appears, its stored numbers are loaded (the stream waits meanwhile). A lead whose number is on a do-not-call
 * list is skipped and counted (dncSkipped): the numbers of each chunk's rows are looked up in one query.
 * Fails with NotUtf8Error, CsvSyntaxError or LeadHeaderError; bad rows are collected, not thrown.
 */
export class LeadCopyEncoder extends Transform {
  sawHeader = false;
  /** Leads handed on to COPY. */
  leadsWritten = 0;
  /** Rows skipped because their number is on a do-not-call list (checked before the repeat check). */
  dncSkipped = 0;
  /** The listed numbers among the waiting rows' numbers. */
  private listed: ReadonlySet<string> = NONE_LISTED;
  private checker: LeadRowChecker | undefined;
  private readonly reader: CsvReader;
  private carry: Buffer | undefined;
  private started = false;
  private pending = '';
  private readonly seen = new SeenFilter();
  /** Good rows of the chunk being read, waiting for the duplicate check: COPY line, data date, number. */
  private lines: string[] = [];
  private dates: string[] = [];
  private phones: string[] = [];

  constructor(
    private readonly customColumns: readonly string[],
    private readonly phoneCountry: CountryCode,
    private readonly campaignId: number,
    private readonly loadStored: TLoadStoredNumbers,
    private readonly findListed: TFindListedNumbers = async () => NONE_LISTED,
  ) {
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

  private readRow(cells: string[]): void {
    if (isBlank(cells)) return;
    if (this.checker === undefined) {
      this.sawHeader = true;
      const header = mapLeadHeader(cells, this.customColumns);
      if (Array.isArray(header)) throw new LeadHeaderError(header.map((e) => ({ ...e, row: this.reader.rows })));
      this.checker = new LeadRowChecker(header, this.phoneCountry, this.campaignId);
      return;
    }
    const line = this.checker.check(cells, this.reader.rows);
    if (line === undefined) {
      // After the first bad row nothing will be stored: the rest is only checked.
      if (this.checker.errorCount > 0) this.dropLines();
      return;
    }
    this.lines.push(line);
    this.dates.push(this.checker.date);
    this.phones.push(this.checker.phone);
  }

  private dropLines(): void {
    this.pending = '';
    this.lines = [];
    this.dates = [];
    this.phones = [];
  }

  /**
   * Skips the waiting rows from `from` on that repeat a lead seen before and adds the others to the COPY
   * text, until a row of a date whose stored numbers are not loaded yet: its index, or -1 when all are done.
   */
  private keepNew(from: number): number {
    const { lines, dates, phones } = this;
    for (let i = from; i < lines.length; i++) {
      const date = dates[i] as string;
      if (!this.seen.knows(date)) return i;
      const phone = phones[i] as string;
      if (this.listed.has(phone)) {
        this.dncSkipped += 1;
        continue;
      }
      if (this.seen.add(date, phone)) continue;
      this.pending += lines[i] as string;
      this.leadsWritten += 1;
    }
    this.lines = [];
    this.dates = [];
    this.phones = [];
    this.listed = NONE_LISTED;
    return -1;
  }

  /** Looks the waiting rows' numbers up on the do-not-call lists (nothing to look up once the file is refused). */
  private async lookUpListed(): Promise<void> {
    this.listed = this.phones.length === 0 || this.errorCount > 0 ? NONE_LISTED : await this.findListed(this.phones);
  }

  /** The waiting rows: their listed numbers looked up, then kept or skipped, loading stored numbers on the way. */
  private async keepWaiting(): Promise<void> {
    await this.lookUpListed();
    await this.keepNewLoading(this.keepNew(0));
  }

  /** keepNew, loading the stored numbers of each new date on the way. */
  private async keepNewLoading(from: number): Promise<void> {
    for (let at = from; at >= 0; at = this.keepNew(at)) {
      const date = this.dates[at] as string;
      this.seen.addDate(date);
      await this.loadStored(date, this.seen);
    }
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
    this.keepWaiting().then(() => this.afterChunk(done), done);
  }

  private afterChunk(done: TransformCallback): void {
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
    this.keepWaiting().then(() => {
      if (this.pending !== '') this.push(this.pending);
      this.pending = '';
      done();
    }, done);
  }
}
