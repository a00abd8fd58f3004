// Binds a @mantine/form form to a shared zod schema: the schema's rules and words, said with the form's field labels;
// and puts a server refusal that names a field (a taken name, code or ID) under that field, by its code and field.
import { schemaResolver, type FormErrors } from '@mantine/form';
import { refusedFieldOf } from './refusal.ts';

/** A Standard Schema, as @mantine/form takes it (every zod schema is one). */
type TSchema = Parameters<typeof schemaResolver>[0];

/** How a form names its fields in messages, by the schema's field key ('campaignName' → 'Campaign name'). */
export type TFieldLabels = Readonly<Record<string, string>>;

type TSchemaValidateOptions<V> = {
  labels: TFieldLabels;
  /** The request the schema checks, made from what the inputs hold (e.g. '' of an unchosen select → undefined, left out). */
  toInput: (values: V) => unknown;
};

function isMissing(value: unknown): boolean {
  return value === undefined || value === null;
}

function valueAt(input: unknown, path: readonly string[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * The schema's message with the field's label: its messages start with the field key ('campaignName is required'),
 * or with what is wrong ('must be an email address'). A field the request leaves out (an unchosen select, a blank
 * password: undefined) that the schema refuses reads '{label} is required', whatever the schema's wording for a
 * missing value ('campaignType must be Inbound or Outbound').
 */
export function labelledMessage(path: string, message: string, input: unknown, labels: TFieldLabels): string {
  const segments = path.split('.');
  const key = [...segments].reverse().find((segment) => !/^\d+$/.test(segment)) ?? path;
  const label = labels[key];
  if (label === undefined) return message;
  if (isMissing(valueAt(input, segments))) return `${label} is required`;
  if (message === key || message.startsWith(`${key} `)) return `${label}${message.slice(key.length)}`;
  return `${label} ${message}`;
}

/**
 * A `validate` for useForm: @mantine/form's own schemaResolver (Standard Schema, which zod 4 implements) run on the
 * request the values make, each message worded with the form's labels. Synchronous, so form.validate() answers at once.
 */
export function schemaValidate<V>(
  schema: TSchema,
  { labels, toInput }: TSchemaValidateOptions<V>,
): (values: V) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) => {
    const input = toInput(values);
    const errors: FormErrors = {};
    for (const [path, message] of Object.entries(resolve(input)))
      errors[path] = labelledMessage(path, String(message), input, labels);
    return errors;
  };
}

/** One form's error texts for the fields under `prefix` (e.g. 'questions.2'; '' for all), keyed by the rest of their path. */
export function errorsUnder(errors: FormErrors, prefix: string): Record<string, string> {
  const start = prefix === '' ? '' : `${prefix}.`;
  const found: Record<string, string> = {};
  for (const [path, error] of Object.entries(errors)) {
    if (path.startsWith(start) && typeof error === 'string') found[path.slice(start.length)] = error;
  }
  return found;
}

/** Errors of another validator moved under `prefix`, to join one form's errors. */
export function errorsAt(prefix: string, errors: FormErrors): FormErrors {
  return Object.fromEntries(Object.entries(errors).map(([path, error]) => [`${prefix}.${path}`, error]));
}

/**
 * The form's fields a server refusal may belong under: the reply's `field` beside its code (DUPLICATE, INVALID_VALUE;
 * docs/api.md, Refusal codes), e.g. apps/server/src/modules/campaigns/service.ts: a taken name is `campaignName`.
 */
export type TRefusalFields<F extends string> = readonly F[];

/** The form field a failed request's refusal names (by its code and field, never its words), or undefined. */
export function refusedField<F extends string>(error: unknown, fields: TRefusalFields<F>): F | undefined {
  const field = refusedFieldOf(error);
  return fields.find((f) => f === field);
}
