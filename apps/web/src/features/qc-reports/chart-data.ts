// What the QC report charts draw: the day's grade counts (the four, then other scorecards'), and each agent's average over a range as a bar.
import { QC_GRADES, qcGrade, type TAgentPerformanceSummary, type TGradeCount, type TQcGrade } from '@crm/shared';

/** The grade bands in the daily summary's colours (docs/product.md §9): Exceed green, Meet blue, Average yellow, Below red. */
export const GRADE_COLORS: Record<TQcGrade, string> = {
  'Exceed Expectation': 'green.6',
  'Meet Expectation': 'blue.6',
  'Average Expectation': 'yellow.6',
  'Below Expectation': 'red.6',
};

export type TGradeBar = { grade: string; count: number; color: string };

/** The colour of a grade of a scorecard an admin built (not one of the spec's four). */
export const OTHER_GRADE_COLOR = 'gray.6';

/**
 * All four grades, best first, a grade the server did not list at 0; then the grades of other scorecards the day's
 * records were scored on, as the server listed them.
 */
export function gradeBars(counts: readonly TGradeCount[]): TGradeBar[] {
  const spec: readonly string[] = QC_GRADES;
  const others = [...new Set(counts.map((c) => c.grade).filter((g) => !spec.includes(g)))];
  const countOf = (grade: string) => counts.filter((c) => c.grade === grade).reduce((sum, c) => sum + c.count, 0);
  return [
    ...QC_GRADES.map((grade) => ({ grade, count: countOf(grade), color: GRADE_COLORS[grade] })),
    ...others.map((grade) => ({ grade, count: countOf(grade), color: OTHER_GRADE_COLOR })),
  ];
}

export type TAgentBar = { agent: string; average: number; color: string };

/** An agent's name, with the id when two agents share it, so every bar and row is tellable apart. */
export function agentLabels(summaries: readonly TAgentPerformanceSummary[]): string[] {
  return summaries.map((s) =>
    summaries.filter((o) => o.agentName === s.agentName).length > 1 ? `${s.agentName} (${s.agentId})` : s.agentName,
  );
}

/** One bar per agent: the agent's average over the range, in the colour of the grade that average would get. */
export function agentBars(summaries: readonly TAgentPerformanceSummary[]): TAgentBar[] {
  const labels = agentLabels(summaries);
  return summaries.map((s, i) => ({
    agent: labels[i] ?? s.agentName,
    average: s.average,
    color: gradeColor(s.average),
  }));
}

/** The colour of the grade a total or an average falls in. */
export function gradeColor(value: number): string {
  return GRADE_COLORS[qcGrade(value)];
}

/** The value axis: from 0 (or the lowest average, a fatal call can make it negative) to the best total, 100. */
export function averageDomain(bars: readonly TAgentBar[]): [number, number] {
  return [Math.min(0, ...bars.map((b) => Math.floor(b.average))), 100];
}

/** A mark or average as the exports write it: one decimal. */
export function formatMarks(value: number): string {
  return value.toFixed(1);
}
