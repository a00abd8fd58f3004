// What the QC report charts draw: the day's four grade counts, and each agent's daily averages over a range.
import { QC_GRADES, type TAgentPerformanceSummary, type TGradeCount, type TQcGrade } from '@crm/shared';

/** The grade bands in the daily summary's colours (spec §9): Exceed green, Meet blue, Average yellow, Below red. */
export const GRADE_COLORS: Record<TQcGrade, string> = {
  'Exceed Expectation': 'green.6',
  'Meet Expectation': 'blue.6',
  'Average Expectation': 'yellow.6',
  'Below Expectation': 'red.6',
};

export type TGradeBar = { grade: TQcGrade; count: number; color: string };

/** All four grades, best first, a grade the server did not list at 0. */
export function gradeBars(counts: readonly TGradeCount[]): TGradeBar[] {
  return QC_GRADES.map((grade) => ({
    grade,
    count: counts.filter((c) => c.grade === grade).reduce((sum, c) => sum + c.count, 0),
    color: GRADE_COLORS[grade],
  }));
}

const LINE_COLORS = ['indigo.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'red.6', 'lime.7', 'pink.6', 'yellow.7', 'blue.6', 'green.7', 'violet.6'];

export type TRangeSeries = { name: string; label: string; color: string };
export type TRangeRow = Record<string, string | number | null> & { day: string };
export type TRangeChart = { data: TRangeRow[]; series: TRangeSeries[] };

/** An agent's name, with the id when two agents share it, so every line and row is tellable apart. */
export function agentLabels(summaries: readonly TAgentPerformanceSummary[]): string[] {
  return summaries.map((s) => (summaries.filter((o) => o.agentName === s.agentName).length > 1 ? `${s.agentName} (${s.agentId})` : s.agentName));
}

/**
 * One row per day of the range (x), one series per agent (keys a0, a1…: agent ids may hold dots, which the chart
 * would read as paths); a day without records is null, so the line skips it.
 */
export function rangeChart(summaries: readonly TAgentPerformanceSummary[], days: readonly string[]): TRangeChart {
  const labels = agentLabels(summaries);
  const series = summaries.map((_, i) => ({ name: `a${i}`, label: labels[i] ?? '', color: LINE_COLORS[i % LINE_COLORS.length] ?? 'gray.6' }));
  const data = days.map((day) => {
    const row: TRangeRow = { day };
    summaries.forEach((s, i) => {
      row[`a${i}`] = s.dailyAverages[day] ?? null;
    });
    return row;
  });
  return { data, series };
}

/** A mark or average as the exports write it: one decimal. */
export function formatMarks(value: number): string {
  return value.toFixed(1);
}
