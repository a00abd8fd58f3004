// The lead's default columns, defined once (docs/product.md §3 Lead), and the rules for a data table's own column
// names (docs/product.md §5). The server derives the upload's COPY, the agent lookup's SELECT and the flat lead from
// LEAD_COLUMNS; the web app lists them on the data table form.

/**
 * Each default column: its `key` in the flat lead, the lead reports and CSV files (the older system's names), its
 * `stored` property on the leads table (the column, camelCased as the server's query builder names it), and what
 * fills it: a lead `upload`, the `database` (id, createdAt) or the day's call list (`generate`: for_d, its status and
 * whether the lead was called). Report order.
 */
export const LEAD_COLUMNS = [
  { key: 'id', stored: 'id', filledBy: 'database' },
  { key: 'did', stored: 'did', filledBy: 'upload' },
  { key: 'data_status', stored: 'dataStatus', filledBy: 'upload' },
  { key: 'br_id', stored: 'brId', filledBy: 'upload' },
  { key: 'region', stored: 'region', filledBy: 'upload' },
  { key: 'territory', stored: 'territory', filledBy: 'upload' },
  { key: 'area', stored: 'area', filledBy: 'upload' },
  { key: 'respondent_name', stored: 'respondentName', filledBy: 'upload' },
  { key: 'cell_number', stored: 'cellNumber', filledBy: 'upload' },
  { key: 'data_date', stored: 'dataDate', filledBy: 'upload' },
  { key: 'brand', stored: 'brand', filledBy: 'upload' },
  { key: 'target_selector', stored: 'targetSelector', filledBy: 'upload' },
  { key: 'for_d', stored: 'forD', filledBy: 'generate' },
  { key: 'generate_status', stored: 'generateStatus', filledBy: 'generate' },
  { key: 'is_called', stored: 'isCalled', filledBy: 'generate' },
  { key: 'createdAt', stored: 'createdAt', filledBy: 'database' },
] as const;

export type TLeadColumn = (typeof LEAD_COLUMNS)[number];
type KeysOf<T extends readonly { key: string }[]> = { [I in keyof T]: T[I]['key'] };

/** The 16 default columns' keys, in report order. */
export const DEFAULT_LEAD_COLUMNS = LEAD_COLUMNS.map((c) => c.key) as unknown as KeysOf<typeof LEAD_COLUMNS>;
export type TDefaultLeadColumn = TLeadColumn['key'];

/**
 * The key of the lead's version in the agent panel's lead (lookup and save replies), beside the default columns.
 * Reserved like them, so a data table's own column cannot shadow it.
 */
export const LEAD_VERSION_KEY = 'version';

/**
 * The key of the lookup reply's questions with the lead's values filled in (issue 22), after the version. Reserved
 * like it, so a data table's own column cannot be hidden by it.
 */
export const LEAD_SURVEY_KEY = 'survey';

/**
 * The key of the lookup reply's survey version (issue 35), before the survey: the version of the campaign's questions,
 * logic and conditions the reply was made with; the screen fetches GET /api/logic/survey again when it holds another.
 * Reserved like the survey.
 */
export const LEAD_SURVEY_VERSION_KEY = 'surveyVersion';

/**
 * The key of the lookup reply's call start (issue 32, ISO-8601 UTC), after the survey: when this agent's call of the
 * lead began (its first lookup or the dialer's pop this sign-in), so the screen's call timer runs on across a reload.
 * Reserved like the version and the survey.
 */
export const LEAD_CALL_STARTED_KEY = 'callStartedAt';

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
  return shown.replace(
    new RegExp(CONTROL_CHARACTER.source, 'g'),
    (c) => NAMED_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function columnAlreadyExistsMessage(name: string): string {
  return `Column name "${name}" already exists!`;
}

/** A data table has at least one and at most this many own columns. */
export const MIN_DATA_TABLE_COLUMNS = 1;
export const MAX_DATA_TABLE_COLUMNS = 100;

/**
 * The problem of each column name, index by index (undefined when that one is fine): each is required,
 * not a default lead column, `version`, `survey` or `callStartedAt` (case-insensitive, after trimming), not a name the table already has or an
 * earlier one in the list, not an answer column, of sane length, without a comma (POST /dynamic/create
 * also takes its columns comma-separated, so a comma would split one name in two), without control characters,
 * and not starting like a spreadsheet formula (=, +, -, @, tab, CR: the template's header is opened in one).
 */
export function columnNameProblems(names: readonly string[], existing: readonly string[] = []): (string | undefined)[] {
  const seen = new Set(existing.map((n) => n.trim().toLowerCase()));
  const reserved = new Set(
    [...DEFAULT_LEAD_COLUMNS, LEAD_VERSION_KEY, LEAD_SURVEY_VERSION_KEY, LEAD_SURVEY_KEY, LEAD_CALL_STARTED_KEY].map(
      (c) => c.toLowerCase(),
    ),
  );
  return names.map((raw) => {
    // Before trimming: a tab or line break around a name is as refused as one inside it.
    if (CONTROL_CHARACTER.test(raw))
      return `Column name "${visibleName(raw)}" may not contain control characters (tabs, line breaks…)`;
    const name = raw.trim();
    if (!name) return 'Each column name is required';
    if (name.length > MAX_COLUMN_NAME_LENGTH)
      return `Column name "${name.slice(0, 20)}…" is longer than ${MAX_COLUMN_NAME_LENGTH} characters`;
    const key = name.toLowerCase();
    if (reserved.has(key) || seen.has(key)) return columnAlreadyExistsMessage(name);
    seen.add(key);
    if (ANSWER_COLUMN.test(name)) return `Column name "${name}" is reserved for survey answers`;
    if (name.includes(',')) return `Column name "${name}" may not contain a comma`;
    if (FORMULA_START.test(name))
      return `Column name "${name}" may not start with =, +, - or @ (a spreadsheet would read it as a formula)`;
    return undefined;
  });
}

/** The first problem of columnNameProblems as the user-visible message, or undefined when all names are fine. */
export function findColumnNameProblem(names: readonly string[], existing: readonly string[] = []): string | undefined {
  return columnNameProblems(names, existing).find((problem) => problem !== undefined);
}
