// Productivity's arithmetic (docs/guide/productivity.md): the cells (agent × local day × shift × campaign) read from the
// database, summed into the rows of a grouping and the totals, with the rates worked out once per row.
import { NO_SHIFT, type TProductivityFigures, type TProductivityGrouping, type TProductivityRow } from '@crm/shared';

/** The figures of one agent on one local day, in one shift and campaign. */
export type Cell = {
  userId: number;
  day: string;
  shift: string;
  campaignId: number;
  signedInSeconds: number;
  calls: number;
  completed: number;
  handleSeconds: number;
  dispositions: Map<string, number>;
  /** The campaign's call target, once per agent-day and campaign (on the cell of its main shift); null: none. */
  callTarget: number | null;
  qcRecords: number;
  qcTotal: number;
  qcPassed: number;
  suspicious: number;
};

export type Names = {
  agents: Map<number, { agentId: string; agentName: string }>;
  campaigns: Map<number, string>;
};

export const cellKey = (c: { userId: number; day: string; shift: string; campaignId: number }) =>
  `${c.userId}|${c.day}|${c.shift}|${c.campaignId}`;

export function emptyCell(userId: number, day: string, shift: string, campaignId: number): Cell {
  return {
    userId,
    day,
    shift,
    campaignId,
    signedInSeconds: 0,
    calls: 0,
    completed: 0,
    handleSeconds: 0,
    dispositions: new Map(),
    callTarget: null,
    qcRecords: 0,
    qcTotal: 0,
    qcPassed: 0,
    suspicious: 0,
  };
}

const SHIFT_ORDER = ['Morning', 'Evening', NO_SHIFT];

/** `c` carries the per-day figures rather than `best`: more signed-in time, then more calls (ties: the earlier shift). */
const isBetterMain = (c: Cell, best: Cell) =>
  c.signedInSeconds > best.signedInSeconds ||
  (c.signedInSeconds === best.signedInSeconds &&
    (c.calls > best.calls ||
      (c.calls === best.calls && SHIFT_ORDER.indexOf(c.shift) < SHIFT_ORDER.indexOf(best.shift))));

const agentDayKey = (userId: number, day: string, campaignId: number) => `${userId}|${day}|${campaignId}`;

/**
 * The cell that carries each agent-day's per-day figures in a campaign (the call target, QC records, suspicious
 * completes), worked out in one pass once `cells` hold every sign-in and call: the shift with the most signed-in time,
 * then the most calls, then Morning before Evening. The lookup makes one (as "no shift") when the agent has no sign-in
 * or call in that campaign that day.
 */
export function mainCells(cells: Map<string, Cell>): (userId: number, day: string, campaignId: number) => Cell {
  const main = new Map<string, Cell>();
  for (const c of cells.values()) {
    if (!SHIFT_ORDER.includes(c.shift)) continue;
    const key = agentDayKey(c.userId, c.day, c.campaignId);
    const best = main.get(key);
    if (best === undefined || isBetterMain(c, best)) main.set(key, c);
  }
  return (userId, day, campaignId) => {
    const key = agentDayKey(userId, day, campaignId);
    const found = main.get(key);
    if (found !== undefined) return found;
    const made = emptyCell(userId, day, NO_SHIFT, campaignId);
    cells.set(cellKey(made), made);
    main.set(key, made);
    return made;
  };
}

export function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

const percent = (part: number, whole: number) => (whole === 0 ? null : round2((part / whole) * 100));

type Sum = Omit<Cell, 'userId' | 'day' | 'shift' | 'campaignId'> & { users: Set<number> };

// emptyCell's zeros written again on purpose: sums made by spreading shared zeros ({ ...zeros(), users }) were far
// slower to add cells into on Node 20 (1M cells into 20k sums: 5-14 s against 0.1-1.2 s for this literal), and cells
// so made slower to make. Keep both literals.
function emptySum(): Sum {
  return {
    signedInSeconds: 0,
    calls: 0,
    completed: 0,
    handleSeconds: 0,
    dispositions: new Map(),
    callTarget: null,
    qcRecords: 0,
    qcTotal: 0,
    qcPassed: 0,
    suspicious: 0,
    users: new Set(),
  };
}

function add(sum: Sum, c: Cell): void {
  sum.signedInSeconds += c.signedInSeconds;
  sum.calls += c.calls;
  sum.completed += c.completed;
  sum.handleSeconds += c.handleSeconds;
  for (const [code, n] of c.dispositions) sum.dispositions.set(code, (sum.dispositions.get(code) ?? 0) + n);
  if (c.callTarget !== null) sum.callTarget = (sum.callTarget ?? 0) + c.callTarget;
  sum.qcRecords += c.qcRecords;
  sum.qcTotal += c.qcTotal;
  sum.qcPassed += c.qcPassed;
  sum.suspicious += c.suspicious;
  if (c.signedInSeconds > 0 || c.calls > 0) sum.users.add(c.userId);
}

const byCode = new Intl.Collator();

/** The disposition codes in their order (localeCompare's), from a cache: rows share a handful of codes. */
const codeOrder = new Map<string, string[]>();
function sortedCodes(codes: Map<string, number>): string[] {
  const key = [...codes.keys()].join('\u0000');
  let sorted = codeOrder.get(key);
  if (sorted === undefined) {
    sorted = [...codes.keys()].sort((a, b) => byCode.compare(a, b));
    if (codeOrder.size > 1000) codeOrder.clear();
    codeOrder.set(key, sorted);
  }
  return sorted;
}

/** A row's figures from its sums: the rates divide the row's own sums (never an average of averages). */
export function figuresOf(s: Sum): TProductivityFigures & { agents: number } {
  const dispositions: Record<string, number> = {};
  for (const code of sortedCodes(s.dispositions)) dispositions[code] = s.dispositions.get(code) ?? 0;
  // One literal of fixed shape: an object opening with a spread and then given many properties is made property by
  // property (about 20 µs a row on Node 20, and slower to check and serialise after).
  return {
    signedInSeconds: Math.round(s.signedInSeconds),
    calls: s.calls,
    completed: s.completed,
    completionRate: percent(s.completed, s.calls),
    dispositions,
    handleSeconds: s.handleSeconds,
    averageHandleSeconds: s.calls === 0 ? null : Math.round(s.handleSeconds / s.calls),
    callsPerHour: s.signedInSeconds < 1 ? null : round2(s.calls / (s.signedInSeconds / 3600)),
    callTarget: s.callTarget,
    targetRate: s.callTarget === null ? null : percent(s.calls, s.callTarget),
    qcRecords: s.qcRecords,
    qcAverage: s.qcRecords === 0 ? null : round2(s.qcTotal / s.qcRecords),
    qcPassRate: percent(s.qcPassed, s.qcRecords),
    qcPassed: s.qcPassed,
    suspicious: s.suspicious,
    agents: s.users.size,
  };
}

const byText = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Each value's place in the order `compare` gives (equal values share a place). */
function rankOf<T>(values: T[], compare: (a: T, b: T) => number): Map<T, number> {
  const sorted = [...values].sort(compare);
  const rank = new Map<T, number>();
  sorted.forEach((v, i) => {
    const before = sorted[i - 1];
    rank.set(v, before !== undefined && compare(before, v) === 0 ? (rank.get(before) ?? i) : i);
  });
  return rank;
}

/** The rows of a grouping, in their reading order, and the totals over every cell. */
export function groupCells(
  cells: Iterable<Cell>,
  groupBy: TProductivityGrouping,
  names: Names,
): { rows: TProductivityRow[]; totals: TProductivityRow } {
  const groups = new Map<string, { head: Cell; sum: Sum }>();
  const totals = emptySum();
  const keyOf: Record<TProductivityGrouping, (c: Cell) => string> = {
    agent: (c) => String(c.userId),
    agentDay: (c) => `${c.userId}|${c.day}`,
    shift: (c) => c.shift,
    campaign: (c) => String(c.campaignId),
    day: (c) => c.day,
  };
  for (const c of cells) {
    const key = keyOf[groupBy](c);
    let g = groups.get(key);
    if (g === undefined) {
      g = { head: c, sum: emptySum() };
      groups.set(key, g);
    }
    add(g.sum, c);
    add(totals, c);
  }
  const agentOf = (userId: number) => names.agents.get(userId) ?? { agentId: String(userId), agentName: '' };
  const campaignOf = (campaignId: number) => names.campaigns.get(campaignId) ?? String(campaignId);
  // The reading order (day, shift, agent's name then ID, campaign) by ranks worked out once per agent and campaign, so
  // each comparison of the sort costs no collation. Days (yyyy-MM-dd) compare as plain text.
  const agentRank = rankOf(
    [...new Set([...groups.values()].map((g) => g.head.userId))],
    (a, b) =>
      byText.compare(agentOf(a).agentName, agentOf(b).agentName) ||
      byText.compare(agentOf(a).agentId, agentOf(b).agentId),
  );
  const campaignRank = rankOf([...new Set([...groups.values()].map((g) => g.head.campaignId))], (a, b) =>
    byText.compare(campaignOf(a), campaignOf(b)),
  );
  const usesDay = groupBy === 'agentDay' || groupBy === 'day';
  const usesAgent = groupBy === 'agent' || groupBy === 'agentDay';
  const sorted = [...groups.values()].sort(
    ({ head: a }, { head: b }) =>
      (usesDay ? compareText(a.day, b.day) : 0) ||
      (groupBy === 'shift' ? SHIFT_ORDER.indexOf(a.shift) - SHIFT_ORDER.indexOf(b.shift) : 0) ||
      (usesAgent ? (agentRank.get(a.userId) ?? 0) - (agentRank.get(b.userId) ?? 0) : 0) ||
      (groupBy === 'campaign' ? (campaignRank.get(a.campaignId) ?? 0) - (campaignRank.get(b.campaignId) ?? 0) : 0),
  );
  const rows = sorted.map(({ head, sum }): TProductivityRow => {
    const figures = figuresOf(sum);
    switch (groupBy) {
      case 'agent': {
        const { agentId, agentName } = agentOf(head.userId);
        return { agentId, agentName, ...figures };
      }
      case 'agentDay': {
        const { agentId, agentName } = agentOf(head.userId);
        return { agentId, agentName, day: head.day, ...figures };
      }
      case 'shift':
        return { shift: head.shift, ...figures };
      case 'campaign':
        return { campaignName: campaignOf(head.campaignId), ...figures };
      case 'day':
        return { day: head.day, ...figures };
    }
  });
  return { rows, totals: figuresOf(totals) };
}
