// Reads an agent CSV into validated create requests, or the full list of what is wrong with it (row by row).
import { CsvError, parse } from 'csv-parse/sync';
import {
  AGENT_CSV_COLUMNS,
  AGENT_CSV_REQUIRED_COLUMNS,
  AGENT_TYPES,
  MAX_AGENT_CSV_ROWS,
  ZCreateAgentRequest,
  parseAgentDate,
  type TAgentCsvColumn,
  type TAgentUploadError,
  type TCreateAgent,
} from '@crm/shared';

export type TAgentCsvRow = { row: number; agent: TCreateAgent };
export type TParsedAgentCsv = { rows: TAgentCsvRow[]; errors: TAgentUploadError[]; problem?: string };

const HEADER_ROW = 1;

export const AGENT_CSV_NOT_UTF8 = 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.';

/** Fails on the first byte sequence that is not UTF-8, instead of storing U+FFFD in its place. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

function isUtf8(content: Buffer): boolean {
  try {
    UTF8.decode(content);
    return true;
  } catch {
    return false;
  }
}

/** Column index of each known header, matched case-insensitively; unknown headers are ignored. */
function mapHeader(header: string[], errors: TAgentUploadError[]): Partial<Record<TAgentCsvColumn, number>> {
  const known = new Map(AGENT_CSV_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const index: Partial<Record<TAgentCsvColumn, number>> = {};
  header.forEach((raw, i) => {
    const column = known.get(raw.trim().toLowerCase());
    if (column === undefined) return;
    if (index[column] !== undefined)
      errors.push({ row: HEADER_ROW, column, reason: `the column ${column} appears twice in the header` });
    else index[column] = i;
  });
  for (const column of AGENT_CSV_REQUIRED_COLUMNS) {
    if (index[column] === undefined)
      errors.push({ row: HEADER_ROW, column, reason: `the header has no ${column} column` });
  }
  return index;
}

function normaliseType(value: string): string {
  return AGENT_TYPES.find((t) => t.toLowerCase() === value.toLowerCase()) ?? value;
}

/** One data row to a create request, or its problems. Column names in reports are the CSV's own. */
function readRow(
  values: Record<TAgentCsvColumn, string>,
  row: number,
  errors: TAgentUploadError[],
): TCreateAgent | undefined {
  const before = errors.length;
  let joiningDate: string | null = null;
  if (values.joiningDate !== '') {
    joiningDate = parseAgentDate(values.joiningDate);
    if (joiningDate === null)
      errors.push({
        row,
        column: 'joiningDate',
        reason: `"${values.joiningDate}" is not a date: write yyyy-MM-dd or d/M/yyyy`,
      });
  }
  // A blank cell is a missing value, so a blank required cell reads "… is required".
  const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
  const parsed = ZCreateAgentRequest.safeParse({
    ...given,
    type: values.type === '' ? undefined : normaliseType(values.type),
    joiningDate,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? '');
      errors.push({
        row,
        column,
        reason: issue.message.startsWith('must') ? `${column} ${issue.message}` : issue.message,
      });
    }
  }
  return errors.length === before && parsed.success ? parsed.data : undefined;
}

/**
 * Parses the whole file (UTF-8, with or without BOM, quoted fields, CRLF or LF) and checks every row.
 * Rows count as a spreadsheet shows them: the header is row 1 and blank rows still count.
 */
export function parseAgentCsv(content: Buffer): TParsedAgentCsv {
  if (!isUtf8(content)) return { rows: [], errors: [], problem: AGENT_CSV_NOT_UTF8 };
  let records: string[][];
  try {
    records = parse(content, { bom: true, relax_column_count: true, skip_empty_lines: false });
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    const line = 'lines' in e && typeof e.lines === 'number' ? e.lines : 0;
    return { rows: [], errors: [{ row: line, column: '', reason: e.message }], problem: 'The file is not valid CSV.' };
  }
  const [header, ...data] = records;
  if (header === undefined) return { rows: [], errors: [], problem: 'The file is empty.' };
  const errors: TAgentUploadError[] = [];
  const index = mapHeader(header, errors);
  if (errors.length > 0) return { rows: [], errors, problem: 'The header row does not match the template.' };

  const filled = data
    .map((cells, i) => ({ cells, row: i + 2 }))
    .filter(({ cells }) => cells.some((c) => c.trim() !== ''));
  if (filled.length === 0) return { rows: [], errors: [], problem: 'The file has no agents in it.' };
  if (filled.length > MAX_AGENT_CSV_ROWS) {
    return {
      rows: [],
      errors: [],
      problem: `The file has ${filled.length} agents; at most ${MAX_AGENT_CSV_ROWS} can be uploaded at once. Split it into smaller files.`,
    };
  }

  const rows: TAgentCsvRow[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { cells, row } of filled) {
    // A row of another width has its values under the wrong columns (an unquoted comma in a name, say).
    if (cells.length !== header.length) {
      errors.push({
        row,
        column: '',
        reason: `the row has ${cells.length} ${cells.length === 1 ? 'field' : 'fields'}; the header has ${header.length}`,
      });
      continue;
    }
    const nul = AGENT_CSV_COLUMNS.find((column) => {
      const at = index[column];
      return at !== undefined && (cells[at] ?? '').includes('\0');
    });
    if (nul !== undefined) {
      // PostgreSQL text cannot hold NUL.
      errors.push({ row, column: nul, reason: 'the value holds a NUL character' });
      continue;
    }
    const values = Object.fromEntries(
      AGENT_CSV_COLUMNS.map((column) => {
        const at = index[column];
        return [column, at === undefined ? '' : (cells[at] ?? '').trim()];
      }),
    ) as Record<TAgentCsvColumn, string>;
    const agent = readRow(values, row, errors);
    const key = values.agentId.toLowerCase();
    if (key !== '') {
      const first = firstRowOf.get(key);
      if (first === undefined) firstRowOf.set(key, row);
      else
        errors.push({
          row,
          column: 'agentId',
          reason: `agentId "${values.agentId}" is repeated (first on row ${first})`,
        });
    }
    if (agent) rows.push({ row, agent });
  }
  return { rows, errors };
}
