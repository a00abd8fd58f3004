// The Create Table form's rules (spec §5): campaign and number of fields before Go, then one name per field.
import { columnNameProblems, MAX_DATA_TABLE_COLUMNS, MIN_DATA_TABLE_COLUMNS } from '@crm/shared';

export type TTableSetup = { campaignName: string; numberOfField: number | '' };
export type TSetupErrors = Partial<Record<keyof TTableSetup, string>>;

export function validateSetup({ campaignName, numberOfField }: TTableSetup): TSetupErrors {
  const errors: TSetupErrors = {};
  if (campaignName === '') errors.campaignName = 'Campaign is required';
  if (numberOfField === '') errors.numberOfField = 'Number of fields is required';
  else if (!Number.isInteger(numberOfField) || numberOfField < MIN_DATA_TABLE_COLUMNS) errors.numberOfField = `Number of fields must be at least ${MIN_DATA_TABLE_COLUMNS}`;
  else if (numberOfField > MAX_DATA_TABLE_COLUMNS) errors.numberOfField = `Number of fields must be at most ${MAX_DATA_TABLE_COLUMNS}`;
  return errors;
}

export type TColumnCheck =
  /** Some names are empty: the form is invalid ('Form is invalid'). */
  | { kind: 'missing'; errors: (string | undefined)[] }
  /** A name is reserved, repeated, …: `message` is the first problem, shown as a notification too. */
  | { kind: 'problem'; errors: (string | undefined)[]; message: string }
  | { kind: 'ok'; columns: string[] };

/** Each name required; then the shared column-name rules, every problem shown under its own field at once. */
export function checkColumnNames(names: readonly string[]): TColumnCheck {
  const problems = columnNameProblems(names);
  const errors = names.map((n, i) => (n.trim() === '' ? 'Column name is required' : problems[i]));
  if (names.some((n) => n.trim() === '')) return { kind: 'missing', errors };
  const message = errors.find((e) => e !== undefined);
  if (message !== undefined) return { kind: 'problem', errors, message };
  return { kind: 'ok', columns: names.map((n) => n.trim()) };
}
