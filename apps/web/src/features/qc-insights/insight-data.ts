// What the QC Insights screen draws and asks for: the range form's check, each chart's points, and the export link.
import {
  QC_GRADES,
  ZQcInsightsQuery,
  addDays,
  qcGrade,
  qcInsightsFileName,
  type TAgentInsight,
  type TCriterionInsight,
  type TInsightLean,
  type TInspectorInsight,
  type TQcGrade,
  type TQcInsightSection,
  type TQcInsightsQuery,
} from '@crm/shared';

export type TInsightsForm = { startDate: string; endDate: string; campaignName: string };

/** The four weeks up to today (a month of scoring): what the screen opens on. */
export function defaultInsightsForm(today: string): TInsightsForm {
  return { startDate: addDays(today, -27), endDate: today, campaignName: '' };
}

/** The query the form asks for, or the problem the server would answer with (the same words, from the same schema). */
export function checkInsightsForm(form: TInsightsForm): { query: TInsightsQueryText; problem: null } | { query: null; problem: string } {
  const parsed = ZQcInsightsQuery.safeParse(form);
  if (parsed.success) return { query: toQueryText(parsed.data), problem: null };
  return { query: null, problem: parsed.error.issues[0]?.message ?? 'Choose a valid range' };
}

/** The query as it travels in a URL: no campaign is no parameter. */
export type TInsightsQueryText = { startDate: string; endDate: string; campaignName?: string };
const toQueryText = (q: TQcInsightsQuery): TInsightsQueryText => (q.campaignName ? { startDate: q.startDate, endDate: q.endDate, campaignName: q.campaignName } : { startDate: q.startDate, endDate: q.endDate });

/** The grade bands in the daily summary's colours (docs/product.md §9). */
export const GRADE_COLORS: Record<TQcGrade, string> = {
  'Exceed Expectation': 'green.6',
  'Meet Expectation': 'blue.6',
  'Average Expectation': 'yellow.6',
  'Below Expectation': 'red.6',
};

export const LEAN_COLORS: Record<TInsightLean, string> = { lenient: 'orange.6', 'in line': 'teal.6', strict: 'violet.6', 'too few records': 'gray.5' };

/** The lowest total of each grade but the last: the trend chart's reference lines (90, 80, 70). */
export const GRADE_LINES = [90, 80, 70] as const;

export type TWeekPoint = { week: string; meanTotal: number; records: number; grade: TQcGrade };

/** One point per week with records, labelled by its Monday. */
export function weekPoints(agent: TAgentInsight): TWeekPoint[] {
  return agent.weeks.map((w) => ({ week: w.weekStart, meanTotal: w.meanTotal, records: w.records, grade: w.grade }));
}

/** The trend's value axis: 0 (or lower, a fatal call may make a week's mean negative) to 100. */
export function trendDomain(points: readonly TWeekPoint[]): [number, number] {
  return [Math.min(0, ...points.map((p) => Math.floor(p.meanTotal))), 100];
}

/** The weakest three as one line: "Fatal 25.0 · CRM 12.5 · Pace 3.8"; "None" when nothing was lost. */
export function weakestText(agent: TAgentInsight): string {
  return agent.weakest.length === 0 ? 'None' : agent.weakest.map((w) => `${w.name} ${formatMarks(w.meanLost)}`).join(' · ');
}

export type TCriterionBar = { criterion: string; meanLost: number };

/** The criteria that lost marks, most lost per record first: the floor's weak spots. */
export function criterionBars(criteria: readonly TCriterionInsight[]): TCriterionBar[] {
  return criteria
    .filter((c) => c.marksLost > 0)
    .sort((a, b) => b.meanLost - a.meanLost)
    .map((c) => ({ criterion: c.name, meanLost: c.meanLost }));
}

export type TInspectorBar = { inspector: string; meanTotal: number; color: string };

export function inspectorBars(inspectors: readonly TInspectorInsight[]): TInspectorBar[] {
  return inspectors.map((i) => ({ inspector: i.inspector, meanTotal: i.meanTotal, color: LEAN_COLORS[i.lean] }));
}

/** A signed difference: "+14.1", "−18.8", "0.0". */
export function formatDifference(value: number): string {
  if (value > 0) return `+${value.toFixed(1)}`;
  if (value < 0) return `−${Math.abs(value).toFixed(1)}`;
  return '0.0';
}

/** A mark or mean as the exports write it: one decimal. */
export function formatMarks(value: number): string {
  return value.toFixed(1);
}

export function formatHours(hours: number | null): string {
  return hours === null ? '—' : `${hours.toFixed(1)} h`;
}

/** The colour of the grade a mean falls in. */
export function gradeColor(value: number): string {
  return GRADE_COLORS[qcGrade(value)];
}

export const GRADES = QC_GRADES;

/** The download link of the export (a media token in ?token=, as a link carries no header) and the file it saves. */
export function exportRequest(query: TInsightsQueryText, section: TQcInsightSection | undefined, token: string): { href: string; fileName: string } {
  const params = new URLSearchParams({ ...query, ...(section ? { section } : {}), token });
  return { href: `/api/qcInsights/export?${params.toString()}`, fileName: qcInsightsFileName({ ...query, section }) };
}
