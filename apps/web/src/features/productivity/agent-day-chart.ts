// The second productivity chart's data (docs/guide/productivity.md "Charts"): calls per day, stacked by agent, from
// the agent × day rows of the same days and campaign. The busiest agents get a series each; the rest are summed as
// "Other agents", so the legend stays readable at 1366×768 however many agents worked.
import { addDays, type TProductivityRow } from '@crm/shared';

/** Series shown by name; more agents than this share one "Other agents" series. */
export const MAX_AGENT_SERIES = 6;
export const OTHER_AGENTS = 'Other agents';
const COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.7', 'pink.6', 'gray.5'] as const;

export type TAgentDaySeries = { name: string; label: string; color: string };
/** One bar: the day, and each series' calls that day (keys a0, a1, … and other: no agent text in a data key). */
export type TAgentDayPoint = { day: string } & Record<string, number | string>;
export type TAgentDayChart = { points: TAgentDayPoint[]; series: TAgentDaySeries[] };

/** Every day from `from` to `to` (both included), so a day nobody called shows as an empty bar, not a gap. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to && days.length < 400; d = addDays(d, 1)) days.push(d);
  return days;
}

/**
 * Calls per day and agent, from agentDay rows. Agents are ranked by their calls over the days (ties by name), the
 * first MAX_AGENT_SERIES named (name and agent ID), the others summed into "Other agents".
 */
export function agentDayChart(rows: readonly TProductivityRow[], from: string, to: string): TAgentDayChart {
  const totals = new Map<string, { label: string; calls: number }>();
  for (const r of rows) {
    const id = r.agentId ?? '';
    const agent = totals.get(id) ?? { label: `${r.agentName ?? ''} (${id})`, calls: 0 };
    agent.calls += r.calls;
    totals.set(id, agent);
  }
  const ranked = [...totals.entries()].sort(
    ([, a], [, b]) => b.calls - a.calls || a.label.localeCompare(b.label, 'en'),
  );
  const named = ranked.length > MAX_AGENT_SERIES + 1 ? ranked.slice(0, MAX_AGENT_SERIES) : ranked;
  const keyOf = new Map(named.map(([id], i) => [id, `a${i}`]));
  const series: TAgentDaySeries[] = named.map(([, a], i) => ({
    name: `a${i}`,
    label: a.label,
    color: COLORS[i] ?? 'gray.5',
  }));
  const hasOthers = named.length < ranked.length;
  if (hasOthers) series.push({ name: 'other', label: OTHER_AGENTS, color: 'gray.5' });

  const points = daysOf(from, to).map((day) => {
    const point: TAgentDayPoint = { day };
    for (const s of series) point[s.name] = 0;
    return point;
  });
  const byDay = new Map(points.map((p) => [p.day, p]));
  for (const r of rows) {
    const point = byDay.get(r.day ?? '');
    if (point === undefined) continue;
    const key = keyOf.get(r.agentId ?? '') ?? 'other';
    point[key] = Number(point[key] ?? 0) + r.calls;
  }
  return { points, series };
}
