// The QC insights' arithmetic over rows the database already summed (service.ts): weekly means and grades per agent,
// marks lost per criterion of any scorecard (best mark − mark given, N/A left out; by key across versions), the weakest
// three, and each inspector's lean against the floor.
import {
  LEAN_THRESHOLD_MARKS,
  STANDARD_SCORECARD_ID,
  MIN_LEAN_RECORDS,
  QC_CRITERIA,
  bestMarks,
  type TAcknowledgementFigures,
  qcGrade,
  type TAgentInsight,
  type TCriterionInsight,
  type TCriterionLoss,
  type TInsightLean,
  type TQcCriterionKey,
} from '@crm/shared';
import type { Catalog, CatalogCriterion } from './criterion-catalog.ts';
import type { LossRow } from './criterion-losses.ts';

/** Sums of the 14 criteria's marks over a group of records. */
export type MarkSums = Record<TQcCriterionKey, number>;

/** One agent's records of one week, summed by the database: how many and the sum of their stored totals. */
export type AgentWeekRow = {
  agentId: string;
  agentName: string;
  /** The newest record's id: its agent name is the one shown. */
  lastId: number;
  weekStart: string;
  records: number;
  totalSum: number;
};

/** Two decimals, without float noise (73.333… → 73.33). */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Marks lost on each of the 14 criteria of "Standard", averaged over `records` records whose marks add up to `marks`. */
export function meanLosses(marks: MarkSums, records: number): TCriterionLoss[] {
  return QC_CRITERIA.map((c) => ({
    criterion: c.key,
    name: c.name,
    meanLost: records === 0 ? 0 : round2((bestMarks(c) * records - marks[c.key]) / records),
  }));
}

/** The three criteria with the most marks lost on average, worst first (ties in list order); none that lost nothing. */
export function weakestThree(losses: readonly TCriterionLoss[]): TCriterionLoss[] {
  return losses
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => l.meanLost > 0)
    .sort((a, b) => b.l.meanLost - a.l.meanLost || a.i - b.i)
    .slice(0, 3)
    .map(({ l }) => l);
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A criterion as a loss line: the scorecard named when it is not "Standard" (whose lines keep today's shape). */
function lossOf(c: CatalogCriterion, marksLost: number, records: number): TCriterionLoss {
  const loss = { criterion: c.key, name: c.name, meanLost: records === 0 ? 0 : round2(marksLost / records) };
  return c.scorecardId === STANDARD_SCORECARD_ID
    ? loss
    : { ...loss, scorecardId: c.scorecardId, scorecard: c.scorecard };
}

/** Each agent's weakest three over its loss rows: marks lost per record scoring the criterion, in catalog order. */
function weakestByAgent(catalog: Catalog, losses: readonly LossRow[]): Map<string, TCriterionLoss[]> {
  const sums = new Map<string, Map<string, { lost: number; records: number }>>();
  for (const r of losses) {
    const id = catalog.criterionId(r.versionId, r.key);
    if (id === undefined) continue;
    const agent = sums.get(r.agentId) ?? new Map<string, { lost: number; records: number }>();
    const s = agent.get(id) ?? { lost: 0, records: 0 };
    s.lost += r.marksLost;
    s.records += r.records;
    agent.set(id, s);
    sums.set(r.agentId, agent);
  }
  const weakest = new Map<string, TCriterionLoss[]>();
  for (const [agentId, agent] of sums) {
    const lines = catalog.criteria.flatMap((c) => {
      const s = agent.get(c.id);
      return s ? [lossOf(c, s.lost, s.records)] : [];
    });
    weakest.set(agentId, weakestThree(lines));
  }
  return weakest;
}

/**
 * Per agent: the weeks in order, the range's mean and grade, the weakest three criteria and its records awaiting
 * acknowledgement; agents by name, then id.
 */
export function summariseAgents(
  rows: readonly AgentWeekRow[],
  catalog: Catalog,
  losses: readonly LossRow[],
  unacknowledged: ReadonlyMap<string, TAcknowledgementFigures> = new Map(),
): TAgentInsight[] {
  const weakest = weakestByAgent(catalog, losses);
  const agents = new Map<
    string,
    { agentName: string; lastId: number; records: number; totalSum: number; weeks: AgentWeekRow[] }
  >();
  for (const r of rows) {
    const a = agents.get(r.agentId) ?? { agentName: r.agentName, lastId: 0, records: 0, totalSum: 0, weeks: [] };
    if (r.lastId > a.lastId) Object.assign(a, { agentName: r.agentName, lastId: r.lastId });
    a.records += r.records;
    a.totalSum += r.totalSum;
    a.weeks.push(r);
    agents.set(r.agentId, a);
  }
  return [...agents.entries()]
    .map(([agentId, a]) => {
      const meanTotal = round2(a.totalSum / a.records);
      return {
        agentId,
        agentName: a.agentName,
        records: a.records,
        meanTotal,
        grade: qcGrade(meanTotal),
        weeks: a.weeks
          .sort((x, y) => x.weekStart.localeCompare(y.weekStart))
          .map((w) => {
            const mean = round2(w.totalSum / w.records);
            return { weekStart: w.weekStart, records: w.records, meanTotal: mean, grade: qcGrade(mean) };
          }),
        weakest: weakest.get(agentId) ?? [],
        acknowledgements: unacknowledged.get(agentId) ?? { unacknowledged: 0, overdue: 0 },
      };
    })
    .sort(
      (x, y) =>
        byName.compare(x.agentName, y.agentName) || (x.agentId < y.agentId ? -1 : x.agentId > y.agentId ? 1 : 0),
    );
}

type Sums = { records: number; marksLost: number; losing: number };
const add = (into: Sums, r: Sums) => {
  into.records += r.records;
  into.marksLost += r.marksLost;
  into.losing += r.losing;
};

/**
 * Per criterion (by key within a scorecard, across its versions), in catalog order: marks lost over the records that
 * scored it, per record, and records losing any; a per-version split where the versions in the range differ in scale.
 * "Standard"'s criteria are always there (as before scorecards); another scorecard's when the range has its records.
 */
export function summariseCriteria(catalog: Catalog, losses: readonly LossRow[]): TCriterionInsight[] {
  const byVersion = new Map<string, Map<number, Sums>>();
  for (const r of losses) {
    const id = catalog.criterionId(r.versionId, r.key);
    if (id === undefined) continue;
    const versions = byVersion.get(id) ?? new Map<number, Sums>();
    const s = versions.get(r.versionId) ?? { records: 0, marksLost: 0, losing: 0 };
    add(s, { records: r.records, marksLost: r.marksLost, losing: r.losing });
    versions.set(r.versionId, s);
    byVersion.set(id, versions);
  }
  return catalog.criteria.flatMap((c): TCriterionInsight[] => {
    const versions = byVersion.get(c.id);
    if (!versions && c.scorecardId !== STANDARD_SCORECARD_ID) return [];
    const total: Sums = { records: 0, marksLost: 0, losing: 0 };
    for (const s of versions?.values() ?? []) add(total, s);
    // The versions the range scored it on, newest first; the oldest Standard one when there are none.
    const present = [...(versions?.keys() ?? [])]
      .map((v) => catalog.versionCriterion(v, c.key))
      .filter((v) => v !== undefined)
      .sort((a, b) => b.version - a.version);
    const newest = present[0] ?? catalog.versionCriterion(c.firstVersionId, c.key);
    const split = new Set(present.map((v) => v.scale)).size > 1;
    return [
      {
        criterion: c.key,
        name: c.name,
        maxMarks: newest?.best ?? c.maxMarks,
        marksLost: round2(total.marksLost),
        meanLost: total.records === 0 ? 0 : round2(total.marksLost / total.records),
        recordsLosing: total.losing,
        scorecardId: c.scorecardId,
        scorecard: c.scorecard,
        records: total.records,
        versions: split
          ? present.map((v) => {
              const s = versions?.get(v.versionId) ?? { records: 0, marksLost: 0, losing: 0 };
              return {
                versionId: v.versionId,
                version: v.version,
                scorecard: v.scorecard,
                name: v.name,
                scale: v.scale,
                maxMarks: v.best,
                records: s.records,
                marksLost: round2(s.marksLost),
                meanLost: s.records === 0 ? 0 : round2(s.marksLost / s.records),
                recordsLosing: s.losing,
              };
            })
          : [],
      },
    ];
  });
}

/**
 * An inspector's lean: its mean total minus the floor's, "lenient" from +LEAN_THRESHOLD_MARKS, "strict" from
 * −LEAN_THRESHOLD_MARKS, else "in line"; "too few records" under MIN_LEAN_RECORDS records.
 */
export function leanOf(records: number, difference: number): TInsightLean {
  if (records < MIN_LEAN_RECORDS) return 'too few records';
  if (difference >= LEAN_THRESHOLD_MARKS) return 'lenient';
  if (difference <= -LEAN_THRESHOLD_MARKS) return 'strict';
  return 'in line';
}
