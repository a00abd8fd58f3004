// The results' chart figures: a cross-tab's bars follow its cells' choice (counts, row %, column %), each share's bar
// adding up to 100%; a quota's running fill sums the selection's completes day by day over the whole range.
import { describe, expect, it } from 'vitest';
import { chartMinWidth, crosstabChart, fillAxisTop, runningFill, SERIES_COLORS } from './results-charts.ts';
import type { TCrosstabFigures } from './results-params.ts';

// Brand by region: 2,000 calls; Navy nobody in Sylhet; nobody said "Other" at all.
const CT: TCrosstabFigures = {
  rows: ['গোল্ড লিফ', 'Navy', 'Other'],
  cols: ['Dhaka', 'Khulna', 'Sylhet'],
  counts: [
    [1200, 300, 100],
    [100, 300, 0],
    [0, 0, 0],
  ],
  rowTotals: [1600, 400, 0],
  colTotals: [1300, 600, 100],
  total: 2000,
};

const sum = (point: Record<string, string | number>) =>
  Object.entries(point)
    .filter(([key]) => key !== 'category')
    .reduce((total, [, v]) => total + Number(v), 0);

describe('crosstabChart', () => {
  it('draws counts as a bar per row, stacked by column', () => {
    const chart = crosstabChart(CT, 'count');
    expect(chart.along).toBe('row');
    expect(chart.unit).toBe('calls');
    expect(chart.categories).toEqual(['গোল্ড লিফ', 'Navy', 'Other']);
    expect(chart.series.map((s) => s.label)).toEqual(['Dhaka', 'Khulna', 'Sylhet']);
    expect(chart.data).toEqual([
      { category: 'গোল্ড লিফ', s0: 1200, s1: 300, s2: 100 },
      { category: 'Navy', s0: 100, s1: 300, s2: 0 },
      { category: 'Other', s0: 0, s1: 0, s2: 0 },
    ]);
  });

  it("draws row % as each row's shares, every bar adding up to 100% and an empty row left empty", () => {
    const chart = crosstabChart(CT, 'row');
    expect(chart.along).toBe('row');
    expect(chart.unit).toBe('percent');
    // 1200 / 1600, 300 / 1600, 100 / 1600.
    expect(chart.data[0]).toEqual({ category: 'গোল্ড লিফ', s0: 75, s1: 18.75, s2: 6.25 });
    expect(chart.data[1]).toEqual({ category: 'Navy', s0: 25, s1: 75, s2: 0 });
    expect(sum(chart.data[0] ?? {})).toBeCloseTo(100);
    expect(sum(chart.data[2] ?? {})).toBe(0);
  });

  it("draws column % as a bar per column, stacked by row, each the column's shares", () => {
    const chart = crosstabChart(CT, 'col');
    expect(chart.along).toBe('col');
    expect(chart.categories).toEqual(['Dhaka', 'Khulna', 'Sylhet']);
    expect(chart.series.map((s) => s.label)).toEqual(['গোল্ড লিফ', 'Navy', 'Other']);
    // Khulna: 300 of 600 each.
    expect(chart.data[1]).toEqual({ category: 'Khulna', s0: 50, s1: 50, s2: 0 });
    expect(chart.data[2]).toEqual({ category: 'Sylhet', s0: 100, s1: 0, s2: 0 });
    for (const point of chart.data) expect(sum(point)).toBeCloseTo(100);
  });

  it('keys the series safely whatever the labels hold, and cycles the colours past the last', () => {
    const many = SERIES_COLORS.length + 2;
    const cols = Array.from({ length: many }, (_, i) => `a.b ${i}`);
    const chart = crosstabChart(
      { rows: ['x'], cols, counts: [cols.map(() => 1)], rowTotals: [many], colTotals: cols.map(() => 1), total: many },
      'count',
    );
    expect(chart.series.map((s) => s.key)).toEqual(cols.map((_, i) => `s${i}`));
    expect(chart.series[SERIES_COLORS.length]?.color).toBe(SERIES_COLORS[0]);
    expect(chart.series[1]?.color).not.toBe(chart.series[0]?.color);
  });

  it('asks for more width the more bars there are, so the box scrolls rather than squeezing them', () => {
    expect(chartMinWidth(40)).toBeGreaterThan(1366);
    expect(chartMinWidth(3)).toBeLessThan(400);
  });
});

describe('runningFill', () => {
  it('sums the completes day by day over every day of the range, days without any included', () => {
    const points = runningFill(
      [
        { day: '2026-03-02', count: 10 },
        { day: '2026-03-04', count: 20 },
      ],
      40,
      '2026-03-01',
      '2026-03-05',
    );
    expect(points).toEqual([
      { day: '2026-03-01', count: 0, running: 0, fillPercent: 0 },
      { day: '2026-03-02', count: 10, running: 10, fillPercent: 25 },
      { day: '2026-03-03', count: 0, running: 10, fillPercent: 25 },
      { day: '2026-03-04', count: 20, running: 30, fillPercent: 75 },
      { day: '2026-03-05', count: 0, running: 30, fillPercent: 75 },
    ]);
  });

  it('crosses a month end and goes past the limit', () => {
    const points = runningFill(
      [
        { day: '2026-02-28', count: 2 },
        { day: '2026-03-01', count: 2 },
      ],
      3,
      '2026-02-27',
      '2026-03-01',
    );
    expect(points.map((p) => [p.day, p.running, p.fillPercent])).toEqual([
      ['2026-02-27', 0, 0],
      ['2026-02-28', 2, 66.67],
      ['2026-03-01', 4, 133.33],
    ]);
    // The axis reaches the sum, past the limit; else the limit, so its line is drawn.
    expect(fillAxisTop(points, 3)).toBe(4);
    expect(fillAxisTop(points, 50)).toBe(50);
  });

  it('keeps a counted day outside the range in its place in time', () => {
    const points = runningFill([{ day: '2026-03-09', count: 1 }], 5, '2026-03-07', '2026-03-08');
    expect(points.map((p) => [p.day, p.running])).toEqual([
      ['2026-03-07', 0],
      ['2026-03-08', 0],
      ['2026-03-09', 1],
    ]);
  });
});
