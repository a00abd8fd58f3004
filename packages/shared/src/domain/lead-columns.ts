// The 16 default lead columns (spec §3 Lead) and the rules for a data table's own column names (spec §5).
export const DEFAULT_LEAD_COLUMNS = [
  'id', 'did', 'data_status', 'br_id', 'region', 'territory', 'area', 'respondent_name', 'cell_number',
  'data_date', 'brand', 'target_selector', 'for_d', 'generate_status', 'is_called', 'createdAt',
] as const;
export type TDefaultLeadColumn = (typeof DEFAULT_LEAD_COLUMNS)[number];

/**
 * The key of the lead's version in the agent panel's lead (lookup and save replies), beside the default columns.
 * Reserved like them, so a data table's own column cannot shadow it.
 */
export const LEAD_VERSION_KEY = 'version';

export const MAX_COLUMN_NAME_LENGTH = 64;

/** Answer columns are named Q<qno>; a custom column may not look like one. */
const ANSWER_COLUMN = /^q\d+$/i;

/** Control characters (C0, DEL, C1): a name is one line of plain text. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
/**
 * What a spreadsheet would read as the start of a formula: the template's header line is a spreadsheet line too
 * (a tab or CR first, also a formula start, is a control character).
 */
const FORMULA_START = /^[=+\-@]/;

const NAMED_ESCAPES: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A name as a message quotes it: each control character written as an escape (\t, \n, \u0000), so the message shows it. */
function visibleName(name: string): string {
  const shown = name.length > MAX_COLUMN_NAME_LENGTH ? `${name.slice(0, 20)}…` : name;
  return shown.replace(new RegExp(CONTROL_CHARACTER.source, 'g'), (c) => NAMED_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function columnAlreadyExistsMessage(name: string): string {
  return `Column name "${name}" already exists!`;
}

/** A data table has at least one and at most this many own columns. */
export const MIN_DATA_TABLE_COLUMNS = 1;
export const MAX_DATA_TABLE_COLUMNS = 100;

/**
 * The problem of each column name, index by index (undefined when that one is fine): each is required,
 * not a default lead column or `version` (case-insensitive, after trimming), not a name the table already has or an
 * earlier one in the list, not an answer column, of sane length, without a comma (POST /dynamic/create
 * also takes its columns comma-separated, so a comma would split one name in two), without control characters,
 * and not starting like a spreadsheet formula (=, +, -, @, tab, CR: the template's header is opened in one).
 */
export function columnNameProblems(names: readonly string[], existing: readonly string[] = []): (string | undefined)[] {
  const seen = new Set(existing.map((n) => n.trim().toLowerCase()));
  const reserved = new Set([...DEFAULT_LEAD_COLUMNS, LEAD_VERSION_KEY].map((c) => c.toLowerCase()));
  return names.map((raw) => {
    // Before trimming: a tab or line break around a name is as refused as one inside it.
    if (CONTROL_CHARACTER.test(raw)) return `Column name "${visibleName(raw)}" may not contain control characters (tabs, line breaks…)`;
    const name = raw.trim();
    if (!name) return 'Each column name is required';
    if (name.length > MAX_COLUMN_NAME_LENGTH) return `Column name "${name.slice(0, 20)}…" is longer than ${MAX_COLUMN_NAME_LENGTH} characters`;
    const key = name.toLowerCase();
    if (reserved.has(key) || seen.has(key)) return columnAlreadyExistsMessage(name);
    seen.add(key);
    if (ANSWER_COLUMN.test(name)) return `Column name "${name}" is reserved for survey answers`;
    if (name.includes(',')) return `Column name "${name}" may not contain a comma`;
    if (FORMULA_START.test(name)) return `Column name "${name}" may not start with =, +, - or @ (a spreadsheet would read it as a formula)`;
    return undefined;
  });
}

/** The first problem of columnNameProblems as the user-visible message, or undefined when all names are fine. */
export function findColumnNameProblem(names: readonly string[], existing: readonly string[] = []): string | undefined {
  return columnNameProblems(names, existing).find((problem) => problem !== undefined);
}
