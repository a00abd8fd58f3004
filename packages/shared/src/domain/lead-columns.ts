// The 16 default lead columns (spec §3 Lead) and the rules for a data table's own column names (spec §5).
export const DEFAULT_LEAD_COLUMNS = [
  'id', 'did', 'data_status', 'br_id', 'region', 'territory', 'area', 'respondent_name', 'cell_number',
  'data_date', 'brand', 'target_selector', 'for_d', 'generate_status', 'is_called', 'createdAt',
] as const;
export type TDefaultLeadColumn = (typeof DEFAULT_LEAD_COLUMNS)[number];

export const MAX_COLUMN_NAME_LENGTH = 64;

/** Answer columns are named Q<qno>; a custom column may not look like one. */
const ANSWER_COLUMN = /^q\d+$/i;

export function columnAlreadyExistsMessage(name: string): string {
  return `Column name "${name}" already exists!`;
}

/**
 * Checks a data table's column names (already trimmed by the caller or not): each is required, not a
 * default lead column (case-insensitive, after trimming), not an answer column, not repeated, and of
 * sane length. Returns the first problem as the user-visible message, or undefined when all are fine.
 */
export function findColumnNameProblem(names: readonly string[], existing: readonly string[] = []): string | undefined {
  const seen = new Set(existing.map((n) => n.trim().toLowerCase()));
  const reserved = new Set(DEFAULT_LEAD_COLUMNS.map((c) => c.toLowerCase()));
  for (const raw of names) {
    const name = raw.trim();
    if (!name) return 'Each column name is required';
    if (name.length > MAX_COLUMN_NAME_LENGTH) return `Column name "${name.slice(0, 20)}…" is longer than ${MAX_COLUMN_NAME_LENGTH} characters`;
    const key = name.toLowerCase();
    if (reserved.has(key) || seen.has(key)) return columnAlreadyExistsMessage(name);
    if (ANSWER_COLUMN.test(name)) return `Column name "${name}" is reserved for survey answers`;
    seen.add(key);
  }
  return undefined;
}
