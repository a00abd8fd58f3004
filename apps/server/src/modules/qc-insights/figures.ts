// The QC insights' arithmetic over rows the database already summed (service.ts): weekly means and grades per agent,
// marks lost per criterion (best mark − mark given), the weakest three, and each inspector's lean against the floor.
import {
  LEAN_THRESHOLD_MARKS,
  MIN_LEAN_RECORDS,
  QC_CRITERIA,
  bestMarks,
  qcGrade,
  type TAgentInsight,
  type TCriterionInsight,
  type TCriterionLoss,
  type TInsightLean,
  type TQcCriterionKey,
} from '@crm/shared';

/** Sums of the 14 criteria's marks over a group of records. */
export type MarkSums = Record<TQcCriterionKey, number>;

/** One agent's records of one week, summed by the database. */
export type AgentWeekRow = {
  agentId: string;
  agentName: string;
  /** The newest record's id: its agent name is the one shown. */
  lastId: number;
  weekStart: string;
  records: number;
  totalSum: number;
  marks: MarkSums;
  /** How many of the week's records lost any mark on each criterion. */
  losing: MarkSums;
};

/** Two decimals, without float noise (73.333… → 73.33). */
export const round2 = (n: number) => Math.round(n * 100) / 100;

const zeroSums = (): MarkSums => Object.fromEntries(QC_CRITERIA.map((c) => [c.key, 0])) as MarkSums;
const addSums = (into: MarkSums, more: MarkSums) => {
  for (const c of QC_CRITERIA) into[c.key] += more[c.key];
};

/** Marks lost on each criterion, averaged over `records` records whose marks add up to `marks`. */
export function meanLosses(marks: MarkSums, records: number): TCriterionLoss[] {
  return QC_CRITERIA.map((c) => ({
    criterion: c.key,
    name: c.name,
    meanLost: records === 0 ? 0 : round2((bestMarks(c) * records - marks[c.key]) / records),
  }));
}

/** The three criteria with the most marks lost on average, worst first (ties in scorecard order); none that lost nothing. */
export function weakestThree(losses: readonly TCriterionLoss[]): TCriterionLoss[] {
  return losses
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => l.meanLost > 0)
    .sort((a, b) => b.l.meanLost - a.l.meanLost || a.i - b.i)
    .slice(0, 3)
    .map(({ l }) => l);
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Per agent: the weeks in order, the range's mean and grade, and the weakest three criteria; agents by name, then id. */
export function summariseAgents(rows: readonly AgentWeekRow[]): TAgentInsight[] {
  const agents = new Map<
    string,
    { agentName: string; lastId: number; records: number; totalSum: number; marks: MarkSums; weeks: AgentWeekRow[] }
  >();
  for (const r of rows) {
    const a = agents.get(r.agentId) ?? {
      agentName: r.agentName,
      lastId: 0,
      records: 0,
      totalSum: 0,
      marks: zeroSums(),
      weeks: [],
    };
    if (r.lastId > a.lastId) Object.assign(a, { agentName: r.agentName, lastId: r.lastId });
    a.records += r.records;
    a.totalSum += r.totalSum;
    addSums(a.marks, r.marks);
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
        weakest: weakestThree(meanLosses(a.marks, a.records)),
      };
    })
    .sort(
      (x, y) =>
        byName.compare(x.agentName, y.agentName) || (x.agentId < y.agentId ? -1 : x.agentId > y.agentId ? 1 : 0),
    );
}

/** Per criterion, in scorecard order: marks lost over every record of the rows, per record, and records losing any. */
export function summariseCriteria(rows: readonly AgentWeekRow[]): TCriterionInsight[] {
  const marks = zeroSums();
  const losing = zeroSums();
  let records = 0;
  for (const r of rows) {
    records += r.records;
    addSums(marks, r.marks);
    addSums(losing, r.losing);
  }
  return QC_CRITERIA.map((c) => {
    const marksLost = bestMarks(c) * records - marks[c.key];
    return {
      criterion: c.key,
      name: c.name,
      maxMarks: bestMarks(c),
      marksLost,
      meanLost: records === 0 ? 0 : round2(marksLost / records),
      recordsLosing: losing[c.key],
    };
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
