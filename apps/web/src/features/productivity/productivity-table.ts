// The productivity table's words and order (docs/guide/productivity.md): each row's name per grouping, its figures as
// shown (numbers grouped, durations h:mm:ss, rates with %), and the sort a header click or Enter asks for.
import { durationText, shiftLabel, type TProductivityGrouping, type TProductivityRow } from '@crm/shared';
import type { TSortKey } from './productivity-address.ts';

const numbers = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** 2,900; 0.63; an em dash for nothing to divide. */
export const formatNumber = (n: number | null) => (n === null ? '—' : numbers.format(n));
export const formatPercent = (n: number | null) => (n === null ? '—' : `${numbers.format(n)}%`);
export const formatDuration = (n: number | null) => (n === null ? '—' : durationText(n));

/** The row's name in the grouping: the agent (name and ID), the day, the shift or the campaign. */
export function rowName(row: TProductivityRow, groupBy: TProductivityGrouping): string {
  switch (groupBy) {
    case 'agent':
      return `${row.agentName ?? ''} (${row.agentId ?? ''})`;
    case 'agentDay':
      return `${row.day ?? ''} · ${row.agentName ?? ''} (${row.agentId ?? ''})`;
    case 'shift':
      return shiftLabel(row.shift ?? '');
    case 'campaign':
      return row.campaignName ?? '';
    case 'day':
      return row.day ?? '';
  }
}

/** A column's value for sorting; null (nothing to divide) sorts after every number either way. */
function sortValue(row: TProductivityRow, key: TSortKey): number | null {
  if (key.startsWith('d:')) return row.dispositions[key.slice(2)] ?? 0;
  if (key === 'name') return null;
  const v = row[key as Exclude<TSortKey, 'name' | `d:${string}`>];
  return typeof v === 'number' ? v : null;
}

const byText = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The rows in the order asked; ties keep the server's order (day, shift, agent name). */
export function sortRows(
  rows: readonly TProductivityRow[],
  groupBy: TProductivityGrouping,
  key: TSortKey,
  desc: boolean,
): TProductivityRow[] {
  const sign = desc ? -1 : 1;
  const indexed = rows.map((row, i) => ({ row, i }));
  indexed.sort((a, b) => {
    if (key === 'name') {
      // The server's order is the name order; desc reverses it.
      return (
        sign *
        (groupBy === 'agent'
          ? byText.compare(rowName(a.row, groupBy), rowName(b.row, groupBy)) || a.i - b.i
          : a.i - b.i)
      );
    }
    const x = sortValue(a.row, key);
    const y = sortValue(b.row, key);
    if (x === null || y === null) return x === y ? a.i - b.i : x === null ? 1 : -1;
    return sign * (x - y) || a.i - b.i;
  });
  return indexed.map(({ row }) => row);
}

/** The column heads of the figures (the disposition codes go after Completion %). */
export const FIGURE_COLUMNS: { key: Exclude<TSortKey, 'name' | `d:${string}`>; label: string; title: string }[] = [
  { key: 'signedInSeconds', label: 'Signed in', title: 'Time signed in, h:mm:ss' },
  { key: 'calls', label: 'Calls', title: 'Call attempts ended' },
  { key: 'completed', label: 'Completed', title: 'Attempts ended as completed' },
  { key: 'completionRate', label: 'Compl. %', title: 'Completed of calls' },
  { key: 'handleSeconds', label: 'Handle', title: 'Total handle time, h:mm:ss' },
  { key: 'averageHandleSeconds', label: 'Avg handle', title: 'Handle time per call, h:mm:ss' },
  { key: 'callsPerHour', label: 'Calls/h', title: 'Calls per signed-in hour' },
  {
    key: 'callTarget',
    label: 'Target',
    title: "The campaign's per-agent daily call target, summed over the agent-days",
  },
  { key: 'targetRate', label: 'Target %', title: 'Calls of the target' },
  { key: 'qcRecords', label: 'QC', title: 'In-house QC records of those calls' },
  { key: 'qcAverage', label: 'QC avg', title: 'Mean QC total' },
  { key: 'qcPassRate', label: 'QC pass %', title: "Passed the scorecard's pass mark without an auto-fail" },
  { key: 'suspicious', label: 'Suspicious', title: 'Completes flagged suspicious' },
];

const DURATIONS = new Set(['signedInSeconds', 'handleSeconds', 'averageHandleSeconds']);
const PERCENTS = new Set(['completionRate', 'targetRate', 'qcPassRate']);

/** A figure as its column shows it. */
export function figureText(row: TProductivityRow, key: (typeof FIGURE_COLUMNS)[number]['key']): string {
  const v = row[key];
  if (DURATIONS.has(key)) return formatDuration(v);
  if (PERCENTS.has(key)) return formatPercent(v);
  return formatNumber(v);
}
