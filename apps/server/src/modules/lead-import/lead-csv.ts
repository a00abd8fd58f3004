// A lead CSV's header mapped to the campaign's columns, and each data row checked and written as a line of
// COPY text for the leads table.
import {
  IGNORED_UPLOAD_COLUMNS,
  LEAD_COLUMNS,
  MAX_LEAD_VALUE_LENGTH,
  MAX_UPLOAD_ERRORS_REPORTED,
  REQUIRED_UPLOAD_COLUMNS,
  UPLOAD_LEAD_COLUMNS,
  normalisePhone,
  parseCalendarDate,
  type TUploadLeadColumn,
  type TUploadRowError,
} from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import { columnOf } from '../leads/layout.ts';

/** Rows as a spreadsheet shows them: the header is row 1, so the first lead is row 2. */
export const HEADER_ROW = 1;

/** Where each column of the campaign sits in the file (-1: not in the file). */
export type TLeadHeader = {
  /** Fields every row must have. */
  width: number;
  upload: Record<TUploadLeadColumn, number>;
  /** The data table's own columns found in the file, under the data table's spelling. */
  custom: { name: string; index: number }[];
};

/** The columns of leads an upload fills, in COPY order: the campaign, the upload columns, then the data table's columns as jsonb. */
export const COPY_LEAD_COLUMNS = [
  'campaign_id',
  ...LEAD_COLUMNS.flatMap((c) => (c.filledBy === 'upload' ? [columnOf(c.stored)] : [])),
  'fields',
];

/** Maps the header (names trimmed, any case) to the campaign's columns, or lists what is wrong with it. */
export function mapLeadHeader(
  cells: readonly string[],
  customColumns: readonly string[],
): TLeadHeader | TUploadRowError[] {
  const known = new Map<string, { kind: 'upload' | 'custom' | 'ignored'; name: string }>();
  for (const name of IGNORED_UPLOAD_COLUMNS) known.set(name.toLowerCase(), { kind: 'ignored', name });
  for (const name of UPLOAD_LEAD_COLUMNS) known.set(name.toLowerCase(), { kind: 'upload', name });
  for (const name of customColumns) known.set(name.trim().toLowerCase(), { kind: 'custom', name });

  const errors: TUploadRowError[] = [];
  const upload = Object.fromEntries(UPLOAD_LEAD_COLUMNS.map((c) => [c, -1])) as Record<TUploadLeadColumn, number>;
  const custom: TLeadHeader['custom'] = [];
  const seen = new Set<string>();
  cells.forEach((raw, index) => {
    const name = raw.trim();
    const column = known.get(name.toLowerCase());
    if (name === '') {
      errors.push({ row: HEADER_ROW, column: '', reason: `column ${index + 1} of the header has no name` });
    } else if (column === undefined) {
      errors.push({
        row: HEADER_ROW,
        column: name,
        reason: `"${name}" is not a column of this campaign's leads (download the template to see them)`,
      });
    } else if (seen.has(column.name)) {
      errors.push({
        row: HEADER_ROW,
        column: column.name,
        reason: `the column ${column.name} appears twice in the header`,
      });
    } else {
      seen.add(column.name);
      if (column.kind === 'upload') upload[column.name as TUploadLeadColumn] = index;
      else if (column.kind === 'custom') custom.push({ name: column.name, index });
    }
  });
  for (const column of REQUIRED_UPLOAD_COLUMNS) {
    if (upload[column] === -1) errors.push({ row: HEADER_ROW, column, reason: `the header has no ${column} column` });
  }
  return errors.length > 0 ? errors : { width: cells.length, upload, custom };
}

/** Characters COPY's text format or JSON would escape (and NUL, which text cannot hold). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const NEEDS_ESCAPING = /[\\"\u0000-\u001f]/;
/** Characters COPY's text format gives a meaning to. */
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const COPY_NULL = '\\N';

function copyText(value: string): string {
  return COPY_SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c] ?? c) : value;
}

/** How a value is quoted in a reason: short, so a report of a thousand rows stays readable. */
function quoted(value: string): string {
  return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
}

/** Counted in characters (code points), as the older system's VARCHAR(255) did. */
function isTooLong(value: string): boolean {
  if (value.length <= MAX_LEAD_VALUE_LENGTH) return false;
  let n = 0;
  for (const _ of value) if (++n > MAX_LEAD_VALUE_LENGTH) return true;
  return false;
}

/** A file holds a handful of dates: each distinct spelling is read once. */
const DATE_CACHE_LIMIT = 10_000;

/**
 * Checks data rows one by one and writes each good row as COPY text of COPY_LEAD_COLUMNS. Every problem is
 * counted; the first MAX_UPLOAD_ERRORS_REPORTED are kept. Once a row is bad no more lines are written
 * (nothing will be stored). The key of the last line written (date, number) is left in `date` and `phone`.
 */
export class LeadRowChecker {
  readonly errors: TUploadRowError[] = [];
  errorCount = 0;
  /** Data rows read so far (blank rows are not leads and are not counted). */
  rowsRead = 0;
  private readonly uploadIndexes: number[];
  private readonly customKeys: string[];
  private readonly dates = new Map<string, string | null>();
  /** The data date of the last line written. */
  date = '';
  /** The number (E.164) of the last line written. */
  phone = '';
  private readonly campaignText: string;

  constructor(
    private readonly header: TLeadHeader,
    private readonly phoneCountry: CountryCode,
    campaignId: number,
  ) {
    this.campaignText = String(campaignId);
    this.uploadIndexes = UPLOAD_LEAD_COLUMNS.map((c) => header.upload[c]);
    // A key is JSON text (quotes and backslashes escaped) then COPY text (its backslashes doubled), whatever the
    // row: a column named with `"` or `\` lands under exactly that name.
    this.customKeys = header.custom.map((c) => copyText(`${JSON.stringify(c.name)}:`));
  }

  private report(row: number, column: string, reason: string): void {
    this.errorCount += 1;
    if (this.errors.length < MAX_UPLOAD_ERRORS_REPORTED) this.errors.push({ row, column, reason });
  }

  private parseDate(value: string): string | null {
    let date = this.dates.get(value);
    if (date === undefined) {
      date = parseCalendarDate(value);
      if (this.dates.size < DATE_CACHE_LIMIT) this.dates.set(value, date);
    }
    return date;
  }

  /** A value fit to store, or null after reporting why not. A plain row has no character COPY or JSON would escape. */
  private value(raw: string, row: number, column: string, plain: boolean): string | null {
    const value = raw.trim();
    if (isTooLong(value)) {
      this.report(row, column, `the value is longer than ${MAX_LEAD_VALUE_LENGTH} characters`);
      return null;
    }
    // PostgreSQL text cannot hold NUL.
    if (!plain && value.includes('\0')) {
      this.report(row, column, 'the value holds a NUL character');
      return null;
    }
    return value;
  }

  /** The COPY line of a data row (ending in a newline), or undefined when the row is bad or a line is no longer needed. */
  check(cells: readonly string[], row: number): string | undefined {
    this.rowsRead += 1;
    if (cells.length !== this.header.width) {
      this.report(
        row,
        '',
        `the row has ${cells.length} ${cells.length === 1 ? 'field' : 'fields'}; the header has ${this.header.width}`,
      );
      return undefined;
    }
    // Nearly every row is plain: one scan of the row instead of one per value.
    const plain = !NEEDS_ESCAPING.test(cells.join(','));
    let line = this.campaignText;
    let phone: string | null = null;
    let date: string | null = null;
    for (let i = 0; i < UPLOAD_LEAD_COLUMNS.length; i++) {
      const at = this.uploadIndexes[i] as number;
      const column = UPLOAD_LEAD_COLUMNS[i] as TUploadLeadColumn;
      const value = at === -1 ? '' : this.value(cells[at] as string, row, column, plain);
      if (value === null) continue;
      if (column === 'cell_number') {
        phone = value === '' ? null : normalisePhone(value, this.phoneCountry);
        if (phone === null)
          this.report(row, column, value === '' ? 'cell_number is required' : `${quoted(value)} is not a phone number`);
        line += `\t${phone}`;
      } else if (column === 'data_date') {
        date = value === '' ? null : this.parseDate(value);
        if (date === null)
          this.report(
            row,
            column,
            value === '' ? 'data_date is required' : `${quoted(value)} is not a date: write yyyy-MM-dd or d/M/yyyy`,
          );
        line += `\t${date}`;
      } else {
        line += value === '' ? `\t${COPY_NULL}` : `\t${plain ? value : copyText(value)}`;
      }
    }
    let fields = '';
    for (let i = 0; i < this.header.custom.length; i++) {
      const { name, index } = this.header.custom[i] as TLeadHeader['custom'][number];
      const value = this.value(cells[index] as string, row, name, plain);
      if (value === null || value === '') continue;
      fields += `${fields === '' ? '{' : ','}${this.customKeys[i]}${plain ? `"${value}"` : copyText(JSON.stringify(value))}`;
    }
    line += fields === '' ? '\t{}\n' : `\t${fields}}\n`;
    if (this.errorCount > 0 || phone === null || date === null) return undefined;
    this.date = date;
    this.phone = phone;
    return line;
  }
}
