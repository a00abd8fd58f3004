// The /results screen keeps its campaign, filters, tab and cross-tab in the address (?campaignName=…&from=…&qcPassed=true
// &field.region=Dhaka&tab=crosstab&row=Q1&col=region), so a reload, Back or a link from the dashboard shows the same
// figures; and the query every results call sends from them (docs/guide/results.md).
import {
  MAX_RESULT_DAYS,
  RESULT_FIELD_PREFIX,
  RESULT_LEAD_FIELDS,
  addDays,
  isIsoDate,
  resultsFileName,
} from '@crm/shared';
import { dayText } from '../../app/time-zone.ts';

export const RESULT_TABS = ['questions', 'crosstab', 'ended', 'quotas'] as const;
export type TResultsTab = (typeof RESULT_TABS)[number];

/** What a cross-tab cell shows: the calls, or their share of the row's or the column's total. */
export const CROSSTAB_SHOWS = ['count', 'row', 'col'] as const;
export type TCrosstabShow = (typeof CROSSTAB_SHOWS)[number];

/** The filters every results call sends; empty strings and false mean "not filtered". */
export type TResultsFilters = {
  campaignName: string;
  /** Call dates, yyyy-MM-dd, local time. */
  from: string;
  to: string;
  completedOnly: boolean;
  qcPassed: boolean;
  agentId: string;
  disposition: string;
  /** The lead field being set in the filter bar and the value it must have (the API's field.<name>=<value>). */
  field: string;
  value: string;
  /** Other lead fields already set, each with its value: every one must hold too. */
  moreFields: TLeadFieldFilter[];
};

export type TLeadFieldFilter = { field: string; value: string };

export type TResultsParams = TResultsFilters & {
  tab: TResultsTab;
  /** The cross-tab's row and column: a question (Qn) or a lead field. */
  row: string;
  col: string;
  show: TCrosstabShow;
  /** The lead fields the export writes beside each call's answers. */
  fields: string[];
};

/** The lead's own data fields a filter, a cross-tab or an export may name, besides the campaign's columns. */
export const LEAD_FIELDS = RESULT_LEAD_FIELDS;

const FIELD_PREFIX = RESULT_FIELD_PREFIX;

const oneOf = <T extends string>(choices: readonly T[], value: string | null, fallback: T): T =>
  (choices as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
const day = (value: string | null) => (value !== null && isIsoDate(value) ? value : '');
const text = (value: string | null) => (value ?? '').trim();
const flag = (value: string | null) => value === 'true';

/** The range asked for when the address names none: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;
/** The longest range the server answers. */
export const MAX_RANGE_DAYS = MAX_RESULT_DAYS;

/** The address's state; a missing date is the default range's, ending `today` (yyyy-MM-dd, local). */
export function readResultsParams(params: URLSearchParams, today: string = dayText()): TResultsParams {
  // Every field.<name>: the last is the one being set in the bar; the others (with a value, a name once) are set.
  const named: TLeadFieldFilter[] = [];
  // A bare `field.` marks the bar's pair empty after others were set (written by writeResultsParams).
  for (const [key, v] of params)
    if (key.startsWith(FIELD_PREFIX))
      named.push(key === FIELD_PREFIX ? { field: '', value: '' } : { field: key.slice(FIELD_PREFIX.length), value: v });
  const last = named.at(-1);
  const field = last?.field ?? '';
  const value = last?.value ?? '';
  const moreFields = withoutField(
    named.slice(0, -1).filter((f) => f.value.trim() !== ''),
    field,
  ).filter((f, i, all) => all.findIndex((g) => g.field === f.field) === i);
  return {
    campaignName: text(params.get('campaignName')),
    from: day(params.get('from')) || addDays(today, 1 - DEFAULT_RANGE_DAYS),
    to: day(params.get('to')) || today,
    completedOnly: flag(params.get('completedOnly')),
    qcPassed: flag(params.get('qcPassed')),
    agentId: text(params.get('agentId')),
    disposition: text(params.get('disposition')),
    field,
    value,
    moreFields,
    tab: oneOf(RESULT_TABS, params.get('tab'), 'questions'),
    row: text(params.get('row')),
    col: text(params.get('col')),
    show: oneOf(CROSSTAB_SHOWS, params.get('show'), 'count'),
    fields: text(params.get('fields'))
      .split(',')
      .map((f) => f.trim())
      .filter((f) => f !== ''),
  };
}

/** The query of the results calls: only the filters that are set. A lead field without a value filters nothing. */
export function resultsQuery(f: TResultsFilters): Record<string, string> {
  const query: Record<string, string> = { campaignName: f.campaignName, from: f.from, to: f.to };
  if (f.completedOnly) query.completedOnly = 'true';
  if (f.qcPassed) query.qcPassed = 'true';
  if (f.agentId !== '') query.agentId = f.agentId;
  if (f.disposition !== '') query.disposition = f.disposition;
  for (const more of withoutField(f.moreFields, f.field)) query[`${FIELD_PREFIX}${more.field}`] = more.value.trim();
  if (f.field !== '' && f.value.trim() !== '') query[`${FIELD_PREFIX}${f.field}`] = f.value.trim();
  return query;
}

/** The lead-field filters but the one of `field` (the bar's own wins over one set before). */
function withoutField(filters: TLeadFieldFilter[], field: string): TLeadFieldFilter[] {
  return filters.filter((f) => f.field !== field || field === '');
}

/**
 * "Add": the field being set joins those set, and the bar's pair is cleared for another; a field set before is
 * replaced by its new value. Nothing changes while the pair lacks a field or a value.
 */
export function addLeadField(state: TResultsFilters): Pick<TResultsFilters, 'field' | 'value' | 'moreFields'> {
  if (state.field === '' || state.value.trim() === '')
    return { field: state.field, value: state.value, moreFields: state.moreFields };
  return {
    field: '',
    value: '',
    moreFields: [...withoutField(state.moreFields, state.field), { field: state.field, value: state.value.trim() }],
  };
}

/** The address of a state: empty filters and the default tab left out; the dates always in, so a link shows the same days. */
export function writeResultsParams(state: TResultsParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(resultsQuery(state))) if (value !== '') params.set(key, value);
  // A field picked with its value still to be typed stays picked.
  if (state.field !== '' && state.value.trim() === '') params.set(`${FIELD_PREFIX}${state.field}`, '');
  // Others set and the bar's pair empty: marked, so the last of them is not read back as the pair.
  if (state.field === '' && state.moreFields.length > 0) params.append(FIELD_PREFIX, '');
  if (state.tab !== 'questions') params.set('tab', state.tab);
  if (state.row !== '') params.set('row', state.row);
  if (state.col !== '') params.set('col', state.col);
  if (state.show !== 'count') params.set('show', state.show);
  if (state.fields.length > 0) params.set('fields', state.fields.join(','));
  return params;
}

/** Another campaign has other questions, columns and dispositions: what named them is let go. */
export function changeResultsParams(current: TResultsParams, change: Partial<TResultsParams>): TResultsParams {
  const next = { ...current, ...change };
  if (change.campaignName === undefined || change.campaignName === current.campaignName) return next;
  return { ...next, field: '', value: '', moreFields: [], disposition: '', row: '', col: '', fields: [] };
}

export const RESULTS_ADDRESS = { read: readResultsParams, write: writeResultsParams, change: changeResultsParams };

/** Why the filters cannot be asked for, or null (the server would refuse it too). */
export function filtersProblem(f: TResultsFilters): string | null {
  if (f.from > f.to) return 'The end date must be on or after the start date';
  const days = (Date.parse(`${f.to}T00:00:00Z`) - Date.parse(`${f.from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > MAX_RANGE_DAYS) return `The range can be at most ${MAX_RANGE_DAYS} days`;
  return null;
}

// ---- figures as the screen writes them

/** 2900 → "2,900". */
export const groupNumber = (n: number) => n.toLocaleString('en-US');

/** A share with one decimal: 12.345 → "12.3%". */
export const percentText = (p: number) => `${p.toFixed(1)}%`;

/** A mean, median or bound: grouped, at most two decimals; "–" when there is no value. */
export const statText = (n: number | null) =>
  n === null ? '–' : n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** A histogram bar's label: "10–20". */
export const binLabel = (bin: { from: number; to: number }) => `${statText(bin.from)}–${statText(bin.to)}`;

/** part / whole × 100, or null when the whole is 0 (no share to show). */
export function share(part: number, whole: number): number | null {
  return whole === 0 ? null : (part / whole) * 100;
}

export type TCrosstabFigures = {
  rows: string[];
  cols: string[];
  counts: number[][];
  rowTotals: number[];
  colTotals: number[];
  total: number;
};

/** A cross-tab cell as shown: its count, or its share of the row's or the column's total. */
export function crosstabCell(ct: TCrosstabFigures, r: number, c: number, show: TCrosstabShow): string {
  const count = ct.counts[r]?.[c] ?? 0;
  if (show === 'count') return groupNumber(count);
  const whole = show === 'row' ? (ct.rowTotals[r] ?? 0) : (ct.colTotals[c] ?? 0);
  const p = share(count, whole);
  return p === null ? '–' : percentText(p);
}

/** A total's cell: the row totals as a share of the whole under row %, 100% of itself under column % (and vice versa). */
export function crosstabTotal(ct: TCrosstabFigures, count: number, along: 'row' | 'col', show: TCrosstabShow): string {
  if (show === 'count') return groupNumber(count);
  // The totals column under row %: each row is 100% of itself; under column %, its share of everything.
  const whole = show === along ? count : ct.total;
  const p = share(count, whole);
  return p === null ? '–' : percentText(p);
}

/** The file an export is saved as, the server's name for it: results-Spring_Survey-2026-03-01-2026-03-07.xlsx. */
export function exportFileName(f: TResultsFilters, format: 'xlsx' | 'csv'): string {
  return resultsFileName({ campaignName: f.campaignName, from: f.from, to: f.to, format });
}

/** Is the key press one the question index answers (j/k, ↓/↑), and not typed into a field? */
export function questionStep(key: string, target: EventTarget | null): 1 | -1 | 0 {
  if (target instanceof HTMLElement) {
    const tag = target.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable) return 0;
  }
  if (key === 'j' || key === 'ArrowDown') return 1;
  if (key === 'k' || key === 'ArrowUp') return -1;
  return 0;
}
