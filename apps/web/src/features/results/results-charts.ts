// What the results' charts draw, worked out apart from drawing them: a cross-tab's stacked bars following its cells'
// choice (counts, row %, column %), and a quota's running fill (the selection's completes summed day by day, against
// the quota's limit). docs/guide/results.md, The screen.
import { addDays } from '@crm/shared';
import { share, type TCrosstabFigures, type TCrosstabShow } from './results-params.ts';

/** The series colours, in turn; a chart with more series than colours starts again. */
export const SERIES_COLORS = [
  'indigo.6',
  'teal.6',
  'orange.5',
  'grape.6',
  'cyan.6',
  'red.5',
  'lime.7',
  'pink.5',
  'blue.4',
  'yellow.7',
  'violet.4',
  'green.8',
] as const;

export type TCrosstabChart = {
  /** What each bar is: a row of the cross-tab (counts, row %) or a column (column %). */
  along: 'row' | 'col';
  /** The bars' labels, in the table's order. */
  categories: string[];
  /** The stacked parts of every bar: the other side's values. `key` is safe as a chart data key (labels may hold dots). */
  series: { key: string; label: string; color: string }[];
  /** One point per bar: `category` and each series' value under its key. */
  data: Record<string, string | number>[];
  /** Counts are calls; shares are percent, each bar's parts adding up to 100 (a bar with no calls is left empty). */
  unit: 'calls' | 'percent';
};

const seriesKey = (index: number) => `s${index}`;
const colorOf = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length] ?? 'gray.6';

/**
 * The stacked bars of a cross-tab as its cells show: counts: a bar per row, stacked by column; row %: the same bars,
 * each part its share of the row; column %: a bar per column, stacked by row, each part its share of the column. So
 * each bar of a share adds up to 100%, as the table's totals do.
 */
export function crosstabChart(ct: TCrosstabFigures, show: TCrosstabShow): TCrosstabChart {
  const along = show === 'col' ? 'col' : 'row';
  const categories = along === 'row' ? ct.rows : ct.cols;
  const parts = along === 'row' ? ct.cols : ct.rows;
  const countAt = (category: number, part: number) =>
    (along === 'row' ? ct.counts[category]?.[part] : ct.counts[part]?.[category]) ?? 0;
  const totalOf = (category: number) => (along === 'row' ? ct.rowTotals[category] : ct.colTotals[category]) ?? 0;
  const data = categories.map((category, ci) => {
    const point: Record<string, string | number> = { category };
    parts.forEach((_, pi) => {
      const count = countAt(ci, pi);
      point[seriesKey(pi)] = show === 'count' ? count : (share(count, totalOf(ci)) ?? 0);
    });
    return point;
  });
  return {
    along,
    categories,
    series: parts.map((label, i) => ({ key: seriesKey(i), label, color: colorOf(i) })),
    data,
    unit: show === 'count' ? 'calls' : 'percent',
  };
}

/** The width a chart of `bars` bars needs to stay readable; wider than its box, the box scrolls, not the page. */
export const CHART_BAR_WIDTH = 56;
export const CHART_AXIS_WIDTH = 64;
export const chartMinWidth = (bars: number) => CHART_AXIS_WIDTH + bars * CHART_BAR_WIDTH;

export type TFillPoint = {
  day: string;
  /** The selection's completes counted to the quota that day. */
  count: number;
  /** Those of this day and every day before it in the range. */
  running: number;
  /** running / limit × 100, two decimals (0 for a limit of 0). */
  fillPercent: number;
};

/**
 * A quota's running fill over the range: every day from `from` to `to` (so the days lie evenly, none left out), the
 * completes of that day and the sum so far. A day of `perDay` outside the range (none should be) still counts, in its
 * place in time.
 */
export function runningFill(
  perDay: { day: string; count: number }[],
  limit: number,
  from: string,
  to: string,
): TFillPoint[] {
  const counts = new Map<string, number>();
  for (const d of perDay) counts.set(d.day, (counts.get(d.day) ?? 0) + d.count);
  const days = new Set<string>(counts.keys());
  // At most the server's 366 days; a reversed range adds none.
  for (let day = from, n = 0; day <= to && n < 400; day = addDays(day, 1), n += 1) days.add(day);
  let running = 0;
  return [...days].sort().map((day) => {
    const count = counts.get(day) ?? 0;
    running += count;
    const fillPercent = limit > 0 ? Math.round((running / limit) * 10_000) / 100 : 0;
    return { day, count, running, fillPercent };
  });
}

/** The y-axis top of a running fill: the limit, or the sum when it went past it, so the limit line is always drawn. */
export const fillAxisTop = (points: TFillPoint[], limit: number) => Math.max(limit, points.at(-1)?.running ?? 0, 1);

/** A day on a chart's axis: "2026-03-05" → "03-05". */
export const shortDay = (day: string) => day.slice(5);
