// The dispositions editor's form (docs/guide/call-loop.md "Dispositions"): the rows it holds, the shared schema's rules
// (ZDispositionsPut) per field and for the whole set, the request the rows make, and a refusal of the server put back
// under the fields it names or listed above them.
import { randomId } from '@mantine/hooks';
import type { FormErrors } from '@mantine/form';
import {
  DISPOSITION_KINDS,
  ZDispositionsPut,
  dispositionSetProblems,
  type TDisposition,
  type TDispositionKind,
  type TDispositionsPut,
} from '@crm/shared';
import { ApiError } from '../../app/api.ts';
import { schemaValidate } from '../../app/form-schema.ts';
import { DISPOSITION_KIND_LABELS } from '../../components/lead-attempts.ts';

/** One row of the editor; `key` only keeps React's rows (and the focus) with their disposition as rows move. */
export type TDispositionRow = TDisposition & { key: string };
export type TDispositionFormValues = { dispositions: TDispositionRow[] };

/** The form's error key of the whole set's problems (one per line). */
export const SET_ERRORS = 'dispositions';

/** What each kind means for the lead, in the words the editor shows beside the list. */
export const KIND_HELP: Record<TDispositionKind, string> = {
  completed: 'the survey was completed.',
  callback: 'call the respondent again at a time they asked for (Partial Call uses the first one).',
  dnc: 'the number goes on the campaign’s do-not-call list.',
  final: 'not called again.',
  retry: 'the lead may be generated again.',
};

export const KIND_OPTIONS = DISPOSITION_KINDS.map((kind) => ({ value: kind, label: DISPOSITION_KIND_LABELS[kind] }));

export function isDispositionKind(value: string): value is TDispositionKind {
  return (DISPOSITION_KINDS as readonly string[]).includes(value);
}

export function dispositionRows(dispositions: readonly TDisposition[]): TDispositionRow[] {
  return dispositions.map((d) => ({
    code: d.code,
    name: d.name,
    kind: d.kind,
    vicidialStatus: d.vicidialStatus,
    key: randomId('disposition-'),
  }));
}

/** A new row at the end: a final kind, the one most additions are ("Busy", "Answering machine" …). */
export function blankRow(): TDispositionRow {
  return { code: '', name: '', kind: 'final', vicidialStatus: '', key: randomId('disposition-') };
}

function requestInput(campaignName: string, values: TDispositionFormValues) {
  return { campaignName, dispositions: values.dispositions.map(({ key: _key, ...d }) => d) };
}

/**
 * ZDispositionsPut's rules: each field's message under its input, and every problem of the whole set (two codes
 * alike, no completed or no callback one, too few or too many) as lines of SET_ERRORS. The schema's own messages
 * already name what they are about, so they are shown as they are.
 */
export function validateDispositions(campaignName: string): (values: TDispositionFormValues) => FormErrors {
  const fieldErrors = schemaValidate(ZDispositionsPut, {
    labels: {},
    toInput: (values: TDispositionFormValues) => requestInput(campaignName, values),
  });
  return (values) => {
    const errors = fieldErrors(values);
    const setLevel = typeof errors[SET_ERRORS] === 'string' ? [errors[SET_ERRORS]] : [];
    const trimmed = values.dispositions.map((d) => ({ ...d, code: d.code.trim() }));
    const problems = [...new Set([...setLevel, ...dispositionSetProblems(trimmed)])];
    // A code used before is also marked at the row that repeats it, which may be far below the list of problems.
    const seen = new Set<string>();
    trimmed.forEach((d, i) => {
      const code = d.code.toUpperCase();
      if (code !== '' && seen.has(code)) errors[`dispositions.${i}.code`] ??= `${d.code} is used above`;
      seen.add(code);
    });
    delete errors[SET_ERRORS];
    if (problems.length > 0) errors[SET_ERRORS] = problems.join('\n');
    return errors;
  };
}

/** The body the server gets: the schema's own output (trimmed). Only for values that passed validation. */
export function toDispositionsPut(campaignName: string, values: TDispositionFormValues): TDispositionsPut {
  return ZDispositionsPut.parse(requestInput(campaignName, values));
}

/** "body.dispositions.2.code: A disposition code is …" (the server's validation reply, app's http/errors.ts). */
const FIELD_PROBLEM = /^(?:body\.)?dispositions\.(\d+)\.(code|name|kind|vicidialStatus): (.+)$/s;
const SET_PROBLEM = /^(?:body\.)?dispositions: (.+)$/s;
const SAVE_REFUSED_LEAD_IN = /^The dispositions were not saved\. /;

function problemsOf(error: ApiError): string[] {
  const body = error.body;
  if (typeof body === 'object' && body !== null && 'problems' in body && Array.isArray(body.problems)) {
    const listed = body.problems.filter((p): p is string => typeof p === 'string');
    if (listed.length > 0) return listed;
  }
  // The service's own refusal: "The dispositions were not saved. {problem}; {problem}" (the screen has its own title).
  return error.message
    .replace(SAVE_REFUSED_LEAD_IN, '')
    .split('; ')
    .filter((p) => p !== '');
}

/**
 * A refused save as form errors: each problem naming a row's field goes under that input, the rest (the set's
 * problems, a campaign the server does not know, a failure of the network) are lines of SET_ERRORS.
 */
export function refusalErrors(error: unknown): FormErrors {
  if (!(error instanceof ApiError) || error.status !== 400)
    return { [SET_ERRORS]: error instanceof Error ? error.message : String(error) };
  const errors: FormErrors = {};
  const lines: string[] = [];
  for (const problem of problemsOf(error)) {
    const field = FIELD_PROBLEM.exec(problem);
    if (field !== null) {
      errors[`dispositions.${field[1]}.${field[2]}`] ??= field[3] ?? problem;
      continue;
    }
    lines.push(SET_PROBLEM.exec(problem)?.[1] ?? problem);
  }
  if (lines.length > 0) errors[SET_ERRORS] = lines.join('\n');
  return errors;
}

/** The rows moved: `index` swapped with its neighbour above (-1) or below (+1); the same rows when it cannot move. */
export function moveRow<T>(rows: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= rows.length || to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  const [row] = next.splice(index, 1);
  if (row !== undefined) next.splice(to, 0, row);
  return next;
}
