// What the QC Insights screen draws and asks for: the range form's check, each chart's points, and the export link.
import {
  QC_GRADES,
  STANDARD_SCORECARD_ID,
  UNACKNOWLEDGED_LIST_PATH,
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
export function checkInsightsForm(
  form: TInsightsForm,
): { query: TInsightsQueryText; problem: null } | { query: null; problem: string } {
  const parsed = ZQcInsightsQuery.safeParse(form);
  if (parsed.success) return { query: toQueryText(parsed.data), problem: null };
  return { query: null, problem: parsed.error.issues[0]?.message ?? 'Choose a valid range' };
}

/** The query as it travels in a URL: no campaign is no parameter. */
export type TInsightsQueryText = { startDate: string; endDate: string; campaignName?: string };
const toQueryText = (q: TQcInsightsQuery): TInsightsQueryText =>
  q.campaignName
    ? { startDate: q.startDate, endDate: q.endDate, campaignName: q.campaignName }
    : { startDate: q.startDate, endDate: q.endDate };

/** The grade bands in the daily summary's colours (docs/product.md §9). */
export const GRADE_COLORS: Record<TQcGrade, string> = {
  'Exceed Expectation': 'green.6',
  'Meet Expectation': 'blue.6',
  'Average Expectation': 'yellow.6',
  'Below Expectation': 'red.6',
};

export const LEAN_COLORS: Record<TInsightLean, string> = {
  lenient: 'orange.6',
  'in line': 'teal.6',
  strict: 'violet.6',
  'too few records': 'gray.5',
};

/** The lowest total of each grade but the last: the trend chart's reference lines, named by their grade. */
export const GRADE_LINES = [
  { y: 90, label: 'Exceed', color: 'green.6' },
  { y: 80, label: 'Meet', color: 'blue.6' },
  { y: 70, label: 'Average', color: 'yellow.7' },
] as const;

export type TWeekPoint = { week: string; meanTotal: number; records: number; grade: TQcGrade };

/** One point per week with records, labelled by its Monday. */
export function weekPoints(agent: TAgentInsight): TWeekPoint[] {
  return agent.weeks.map((w) => ({ week: w.weekStart, meanTotal: w.meanTotal, records: w.records, grade: w.grade }));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A week's axis label, short enough for every week to have one: "2026-10-26" → "26 Oct". */
export function weekLabel(weekStart: string): string {
  const [, month, day] = weekStart.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? ''}`;
}

/** A value axis: its ends and the ticks between, a round step apart. */
export type TAxis = { domain: [number, number]; ticks: number[] };

/** The smallest round step (1, 2, 2.5 or 5 × 10ⁿ; whole: 1, 2 or 5 × 10ⁿ, n ≥ 0) that cuts `span` into at most `most` parts. */
export function niceStep(span: number, most = 6, integers = false): number {
  if (!(span > 0)) return 1;
  const raw = span / most;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const s of integers ? [1, 2, 5] : [1, 2, 2.5, 5])
    if (s * power >= raw && (!integers || s * power >= 1)) return s * power;
  return Math.max(1, 10 * power);
}

/** An axis from `low` to `high` whose ends fall on round steps; `integers` keeps the step a whole number. */
export function niceAxis(
  low: number,
  high: number,
  { most = 6, integers = false }: { most?: number; integers?: boolean } = {},
): TAxis {
  const step = niceStep(high - low, most, integers);
  const from = Math.floor(low / step) * step;
  const to = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let v = from; v <= to + step / 1000; v += step) ticks.push(Math.round(v * 1000) / 1000);
  return { domain: [from, to], ticks };
}

/**
 * The trend's value axis: fitted to the weeks, from a round step at or below the lowest mean − 5 (90 at the most, so
 * the Exceed line shows), up to 100; whole-mark ticks.
 */
export function trendAxis(points: readonly TWeekPoint[]): TAxis {
  const lowest = points.length === 0 ? 0 : Math.min(...points.map((p) => p.meanTotal));
  const low = Math.min(lowest - 5, 90);
  const step = Math.max(5, niceStep(100 - low, 6, true));
  const from = Math.floor(low / step) * step;
  const ticks: number[] = [];
  for (let v = from; v < 100; v += step) ticks.push(v);
  ticks.push(100);
  // A last step shorter than the others (100 off the step) keeps 100 but drops the tick too close under it.
  if (ticks.length > 2 && 100 - (ticks[ticks.length - 2] ?? 0) < step / 2) ticks.splice(ticks.length - 2, 1);
  return { domain: [from, 100], ticks };
}

/**
 * The New coaching session form filled for an agent (docs/coaching.md): the agent, the campaign the insights are of
 * (when one is chosen) and the agent's weakest criteria as the focus; a URL, so this screen needs no coaching code.
 */
export function coachHref(agent: TAgentInsight, campaignName: string | undefined): string {
  const params = new URLSearchParams({ new: '1', agentId: agent.agentId });
  if (campaignName) params.set('campaignName', campaignName);
  if (agent.weakest.length > 0) params.set('focus', agent.weakest.map((w) => w.criterion).join(','));
  return `/coaching?${params.toString()}`;
}

/**
 * The list of records awaiting acknowledgement (docs/qc-records.md, Overdue) of the insights' range and campaign: of
 * one agent when named, the overdue ones only when asked. Its address takes the API's names.
 */
export function acknowledgementsHref(
  q: TInsightsQueryText,
  { agentId, overdueOnly = false }: { agentId?: string; overdueOnly?: boolean } = {},
): string {
  const params = new URLSearchParams();
  if (overdueOnly) params.set('state', 'overdue');
  if (agentId !== undefined) params.set('agentId', agentId);
  if (q.campaignName) params.set('campaignName', q.campaignName);
  params.set('startDate', q.startDate);
  params.set('endDate', q.endDate);
  return `${UNACKNOWLEDGED_LIST_PATH}?${params.toString()}`;
}

/** The weakest three as one line: "Fatal 25.0 · CRM 12.5 · Pace 3.8"; "None" when nothing was lost. */
export function weakestText(agent: TAgentInsight): string {
  return agent.weakest.length === 0
    ? 'None'
    : agent.weakest.map((w) => `${criterionLabel(w)} ${formatMarks(w.meanLost)}`).join(' · ');
}

/** A criterion as the screen names it: "Probe (Client form)" for a scorecard other than "Standard", else its name. */
export function criterionLabel(c: { name: string; scorecardId?: number | undefined; scorecard?: string | undefined }) {
  return c.scorecard !== undefined && c.scorecardId !== STANDARD_SCORECARD_ID ? `${c.name} (${c.scorecard})` : c.name;
}

/** Every criterion, most marks lost per record first (ties in scorecard order): the chart's order and the table's. */
export function criteriaByLoss(criteria: readonly TCriterionInsight[]): TCriterionInsight[] {
  return criteria
    .map((c, i) => ({ c, i }))
    .sort((a, b) => b.c.meanLost - a.c.meanLost || a.i - b.i)
    .map(({ c }) => c);
}

export type TCriterionBar = { criterion: string; meanLost: number };

/** The criteria that lost marks, most lost per record first: the floor's weak spots. */
export function criterionBars(criteria: readonly TCriterionInsight[]): TCriterionBar[] {
  return criteriaByLoss(criteria)
    .filter((c) => c.marksLost > 0)
    .map((c) => ({ criterion: criterionLabel(c), meanLost: c.meanLost }));
}

/** The marks-lost axis: from 0 past the longest bar, with room on the right for its value label. */
export function lossAxis(bars: readonly TCriterionBar[]): TAxis {
  const most = Math.max(0, ...bars.map((b) => b.meanLost));
  return niceAxis(0, most === 0 ? 1 : most * 1.2, { most: 5 });
}

export type TInspectorBar = { inspector: string; meanTotal: number; color: string };

/** A bar per inspector, named by the account's name. */
export function inspectorBars(inspectors: readonly TInspectorInsight[]): TInspectorBar[] {
  return inspectors.map((i) => ({ inspector: i.inspectorName, meanTotal: i.meanTotal, color: LEAN_COLORS[i.lean] }));
}

/** The inspectors' axis: fitted around their means and the floor's (5 marks of room each side, no higher than 100). */
export function inspectorAxis(bars: readonly TInspectorBar[], floorMean: number): TAxis {
  const values = [floorMean, ...bars.map((b) => b.meanTotal)];
  return niceAxis(Math.min(...values) - 5, Math.min(100, Math.max(...values) + 5), { integers: true });
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
export function exportRequest(
  query: TInsightsQueryText,
  section: TQcInsightSection | undefined,
  token: string,
): { href: string; fileName: string } {
  const params = new URLSearchParams({ ...query, ...(section ? { section } : {}), token });
  return { href: `/api/qcInsights/export?${params.toString()}`, fileName: qcInsightsFileName({ ...query, section }) };
}
