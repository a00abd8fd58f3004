// The Create Table form (docs/product.md §5): campaign and number of fields before Go by ZCreateDataTableRequest's rules, then one
// name per field by the shared column-name rules; and the server's refusals that belong to a field.
import type { FormErrors } from '@mantine/form';
import { columnNameProblems, ZCreateDataTableRequest, type TCreateDataTableRequest } from '@crm/shared';
import { schemaValidate } from '../../app/form-schema.ts';
import { refusedFieldOf } from '../../app/refusal.ts';

export type TTableFormValues = { campaignName: string; numberOfField: number | ''; columns: string[] };

export const EMPTY_TABLE_FORM: TTableFormValues = { campaignName: '', numberOfField: '', columns: [] };

const TABLE_LABELS = { campaignName: 'Campaign', numberOfField: 'Number of fields' };

function tableInput(values: TTableFormValues) {
  return {
    campaignName: values.campaignName,
    numberOfField: values.numberOfField === '' ? undefined : values.numberOfField,
    columns: values.columns.length === 0 ? undefined : values.columns.map((c) => c.trim()),
  };
}

const validateRequest = schemaValidate(ZCreateDataTableRequest, { labels: TABLE_LABELS, toInput: tableInput });

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

/** The whole form: the set-up (before Go the column list is empty) and each column name under its own input. */
export function validateTableForm(values: TTableFormValues): FormErrors {
  const errors = validateRequest(values);
  const check = checkColumnNames(values.columns);
  if (check.kind === 'ok') return errors;
  check.errors.forEach((error, i) => {
    if (error !== undefined) errors[`columns.${i}`] = error;
  });
  return errors;
}

/** Only for values that passed validateTableForm. */
export function toCreateTableRequest(values: TTableFormValues): TCreateDataTableRequest & { columns: string[] } {
  const { campaignName, numberOfField } = ZCreateDataTableRequest.parse(tableInput(values));
  return { campaignName, numberOfField, columns: values.columns.map((c) => c.trim()) };
}

/**
 * Where a refusal of the server belongs, by its code's field (apps/server/src/modules/data-tables/service.ts): the
 * campaign that has a table already (DUPLICATE, `campaignName`), or the column whose name a column-name rule refused
 * (INVALID_VALUE, `columns.2`: the request sends the form's columns in order).
 */
export function refusedTableField(error: unknown, columns: readonly string[]): string | undefined {
  const field = refusedFieldOf(error);
  if (field === 'campaignName') return field;
  const index = /^columns\.(\d+)$/.exec(field ?? '')?.[1];
  return index !== undefined && Number(index) < columns.length ? `columns.${index}` : undefined;
}
