// The in-house summaries (docs/product.md §3 Agent summary, Agent performance summary; §7 qc-report/summary,
// date-range-summary; grade-distribution), for an inspector over its own records, for an admin over all.
import { sql } from 'kysely';
import {
  eachCalendarDay,
  QC_GRADES,
  qcColour,
  type TAgentPerformanceSummary,
  type TAgentSummary,
  type TGradeCount,
  type TQcColour,
  type TQcRangeQuery,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { scopedQcRecords } from './records.ts';

/**
 * An average without float noise: rounded to two decimals (73.333… → 73.33). Computed from the integer sum so the
 * rounding is exact: sum * 100 is an integer, divided once.
 */
export function averageOf(sum: number, count: number): number {
  return count === 0 ? 0 : Math.round((sum * 100) / count) / 100;
}

/** A sum or mean of two-decimal numbers, back to two decimals (0.1 + 0.2 is 0.3 here). */
const twoDecimals = (n: number) => Math.round(n * 100) / 100;

/** The daily summary's text of an average: two decimals at most, a whole number with one ("85.0", "73.33", "72.5"). */
export function formatAverage(average: number): string {
  return Number.isInteger(average) ? average.toFixed(1) : String(average);
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
/** Agents by name (case and accents aside), then by agentId: the same order every time. */
export function compareAgents(
  a: { agentName: string; agentId: string },
  b: { agentName: string; agentId: string },
): number {
  return byName.compare(a.agentName, b.agentName) || (a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : 0);
}

/** The name an agent's newest record carries (it may have been renamed since its first). */
const newestAgentName = sql<string>`(array_agg(agent_name order by id desc))[1]`;

export type DaySummary = TAgentSummary & { average: number; colour: TQcColour };

/**
 * The day's in-house records per agent: the average total (two decimals), its colour (of the average as shown, so a
 * 89.996 shown as 90.0 is green), and the non-empty suggestions in scoring order joined with ', '.
 */
export async function summariseQcDay(db: Db, user: TTokenPayload, callDate: string): Promise<DaySummary[]> {
  const rows = await scopedQcRecords(db, user, 'in-house')
    .where('callDate', '=', callDate)
    .select([
      'agentId',
      newestAgentName.as('agentName'),
      (eb) => eb.fn.sum<number>('total').as('sum'),
      (eb) => eb.fn.countAll<number>().as('count'),
      sql<string | null>`string_agg(suggestion, ', ' order by id) filter (where suggestion <> '')`.as('suggestions'),
    ])
    .groupBy('agentId')
    .execute();
  return rows
    .map((r) => {
      const average = averageOf(Number(r.sum), Number(r.count));
      const colour = qcColour(average);
      const columns = { red: '', yellow: '', blue: '', green: '', [colour]: formatAverage(average) } as Record<
        TQcColour,
        string
      >;
      return {
        agentName: r.agentName,
        agentId: r.agentId,
        ...columns,
        suggestions: r.suggestions ?? '',
        average,
        colour,
      };
    })
    .sort(compareAgents);
}

/** GET qc-report/summary: the spec's item shape. */
export async function listAgentSummaries(db: Db, user: TTokenPayload, callDate: string): Promise<TAgentSummary[]> {
  return (await summariseQcDay(db, user, callDate)).map(
    ({ agentName, agentId, red, yellow, blue, green, suggestions }) => ({
      agentName,
      agentId,
      red,
      yellow,
      blue,
      green,
      suggestions,
    }),
  );
}

/**
 * GET date-range-summary: per agent with in-house records in the range, each day's average total (null without
 * records), the sum of those daily averages, the days with records, and their mean (0 without any).
 */
export async function summariseQcRange(
  db: Db,
  user: TTokenPayload,
  range: TQcRangeQuery,
): Promise<TAgentPerformanceSummary[]> {
  const rows = await scopedQcRecords(db, user, 'in-house')
    .where('callDate', '>=', range.startDate)
    .where('callDate', '<=', range.endDate)
    .select([
      'agentId',
      'callDate',
      newestAgentName.as('agentName'),
      (eb) => eb.fn.max('id').as('lastId'),
      (eb) => eb.fn.sum<number>('total').as('sum'),
      (eb) => eb.fn.countAll<number>().as('count'),
    ])
    .groupBy(['agentId', 'callDate'])
    .execute();
  const days = eachCalendarDay(range.startDate, range.endDate);
  const agents = new Map<string, { agentName: string; lastId: number; daily: Map<string, number> }>();
  for (const r of rows) {
    const agent = agents.get(r.agentId) ?? { agentName: r.agentName, lastId: 0, daily: new Map<string, number>() };
    if (r.lastId > agent.lastId) Object.assign(agent, { agentName: r.agentName, lastId: r.lastId });
    agent.daily.set(r.callDate, averageOf(Number(r.sum), Number(r.count)));
    agents.set(r.agentId, agent);
  }
  return [...agents.entries()]
    .map(([agentId, a]) => {
      const dailyAverages = Object.fromEntries(days.map((d) => [d, a.daily.get(d) ?? null]));
      const sum = twoDecimals([...a.daily.values()].reduce((s, v) => s + v, 0));
      const count = a.daily.size;
      return {
        agentName: a.agentName,
        agentId,
        dailyAverages,
        sum,
        count,
        average: count === 0 ? 0 : twoDecimals(sum / count),
      };
    })
    .sort(compareAgents);
}

/**
 * GET grade-distribution: how many of the day's in-house records fell in each grade, as stored (a record keeps the
 * grade of the version it was scored on): the four grades of "Standard" always listed, then any other scorecard's
 * grades of the day by name.
 */
export async function countQcGrades(db: Db, user: TTokenPayload, date: string): Promise<TGradeCount[]> {
  const rows = await scopedQcRecords(db, user, 'in-house')
    .where('callDate', '=', date)
    .select(['agentGrade', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('agentGrade')
    .execute();
  const counts = new Map<string, number>(QC_GRADES.map((g) => [g, 0]));
  for (const r of rows) counts.set(r.agentGrade, (counts.get(r.agentGrade) ?? 0) + Number(r.count));
  const others = [...counts.keys()].filter((g) => !(QC_GRADES as readonly string[]).includes(g)).sort();
  return [...QC_GRADES, ...others].map((grade) => ({ grade, count: counts.get(grade) ?? 0 }));
}
