// GET /api/productivity (docs/guide/productivity.md): the cells (agent × local day × shift × campaign) of a range read
// from sign-ins, the calls' daily summary, in-house QC records and the suspicious count, then summed per grouping.
import {
  PRODUCTIVITY_GROUPINGS,
  type TProductivity,
  type TProductivityExportQuery,
  type TProductivityGrouping,
  type TProductivityQuery,
  type TProductivityRow,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { invalidValue } from '../../http/errors.ts';
import { countSuspicious } from '../suspicious/count.ts';
import { cellKey, emptyCell, groupCells, mainCells, type Cell, type Names } from './figures.ts';
import { rangeOf, sumCalls, sumQc, sumSignedIn } from './reads.ts';
import { findSummaryZone } from './summary.ts';

export const PRODUCTIVITY_MESSAGES = {
  unknownCampaign: (name: string) => `No campaign named "${name}"`,
};

type Cells = { cells: Map<string, Cell>; names: Names; dispositionCodes: string[] };

/** The campaign named, or every campaign when none is; an unknown name is refused under `campaignName`. */
async function campaignIdOf(db: Db, campaignName: string | undefined): Promise<number | undefined> {
  if (campaignName === undefined) return undefined;
  const row = await db.selectFrom('campaigns').select('id').where('campaignName', '=', campaignName).executeTakeFirst();
  if (row === undefined) throw invalidValue(PRODUCTIVITY_MESSAGES.unknownCampaign(campaignName), 'campaignName');
  return row.id;
}

/** Every cell of the range with its figures, and the names the rows show. */
export async function findProductivityCells(
  db: Db,
  timeZone: string,
  q: TProductivityExportQuery,
  now: Date = new Date(),
): Promise<Cells> {
  const campaignId = await campaignIdOf(db, q.campaignName);
  const range = rangeOf(q.from, q.to, timeZone, campaignId);
  const fromSummary = (await findSummaryZone(db)) === timeZone;
  const [calls, signedIn, qc] = await Promise.all([
    sumCalls(db, range, fromSummary),
    sumSignedIn(db, range, now),
    sumQc(db, range),
  ]);

  const cells = new Map<string, Cell>();
  const cellOf = (userId: number, day: string, shift: string, cId: number) => {
    const key = cellKey({ userId, day, shift, campaignId: cId });
    let c = cells.get(key);
    if (c === undefined) {
      c = emptyCell(userId, day, shift, cId);
      cells.set(key, c);
    }
    return c;
  };
  const codeCalls = new Map<string, number>();
  for (const r of calls) {
    const c = cellOf(r.userId, r.day, r.shift, r.campaignId);
    c.calls += Number(r.calls);
    c.completed += Number(r.completed);
    c.handleSeconds += Number(r.handleSeconds);
    const perCode = r.codeCalls.split(',');
    r.codes.forEach((code, i) => {
      const n = Number(perCode[i]);
      c.dispositions.set(code, (c.dispositions.get(code) ?? 0) + n);
      codeCalls.set(code, (codeCalls.get(code) ?? 0) + n);
    });
  }
  for (const r of signedIn) cellOf(r.userId, r.day, r.shift, r.campaignId).signedInSeconds += Number(r.seconds);
  const mainCellOf = mainCells(cells);

  // Per agent-day and campaign: QC records, the call target and the suspicious completes, on the day's main shift.
  for (const r of qc) {
    const c = mainCellOf(r.userId, r.day, r.campaignId);
    c.qcRecords += Number(r.records);
    c.qcTotal += Number(r.totalSum);
    c.qcPassed += Number(r.passed);
  }
  const campaignIds = [...new Set([...cells.values()].map((c) => c.campaignId))];
  const [campaigns, users, suspicious] = await Promise.all([
    campaignIds.length === 0
      ? []
      : db
          .selectFrom('campaigns')
          .select(['id', 'campaignName', 'callTarget'])
          .where('id', 'in', campaignIds)
          .execute(),
    (async () => {
      const ids = [...new Set([...cells.values()].map((c) => c.userId))];
      return ids.length === 0
        ? []
        : db.selectFrom('users').select(['id', 'username', 'name']).where('id', 'in', ids).execute();
    })(),
    Promise.all(
      campaignIds.map(async (id) => ({
        id,
        counts: await countSuspicious(db, { from: q.from, to: q.to, campaignId: id, timeZone }),
      })),
    ),
  ]);
  const targets = new Map(campaigns.map((c) => [c.id, c.callTarget]));
  // The call target once per agent-day and campaign worked (signed in or called).
  const worked = new Map<string, Cell>();
  for (const c of cells.values())
    if (c.signedInSeconds > 0 || c.calls > 0) worked.set(`${c.userId}|${c.day}|${c.campaignId}`, c);
  for (const c of worked.values()) {
    const target = targets.get(c.campaignId) ?? null;
    if (target !== null) mainCellOf(c.userId, c.day, c.campaignId).callTarget = target;
  }
  for (const { id, counts } of suspicious)
    for (const [key, n] of counts) {
      const [userId, day] = key.split('|');
      if (userId === undefined || day === undefined || n === 0) continue;
      mainCellOf(Number(userId), day, id).suspicious += n;
    }

  const dispositionCodes = [...codeCalls].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([code]) => code);
  return {
    cells,
    dispositionCodes,
    names: {
      agents: new Map(users.map((u) => [u.id, { agentId: u.username, agentName: u.name }])),
      campaigns: new Map(campaigns.map((c) => [c.id, c.campaignName])),
    },
  };
}

/** One grouping's rows and the totals. */
export function productivityOf(
  found: Cells,
  q: TProductivityExportQuery,
  groupBy: TProductivityGrouping,
): TProductivity {
  const { rows, totals } = groupCells(found.cells.values(), groupBy, found.names);
  return {
    from: q.from,
    to: q.to,
    campaignName: q.campaignName ?? null,
    groupBy,
    dispositionCodes: found.dispositionCodes,
    rows,
    totals,
  };
}

export async function findProductivity(
  db: Db,
  timeZone: string,
  q: TProductivityQuery,
  now: Date = new Date(),
): Promise<TProductivity> {
  const { groupBy, ...range } = q;
  return productivityOf(await findProductivityCells(db, timeZone, range, now), range, groupBy);
}

/** Every grouping of one read, for the export's sheets. */
export async function findEveryGrouping(
  db: Db,
  timeZone: string,
  q: TProductivityExportQuery,
  now: Date = new Date(),
): Promise<{ groupBy: TProductivityGrouping; rows: TProductivityRow[]; totals: TProductivityRow; codes: string[] }[]> {
  const found = await findProductivityCells(db, timeZone, q, now);
  return PRODUCTIVITY_GROUPINGS.map((groupBy) => {
    const p = productivityOf(found, q, groupBy);
    return { groupBy, rows: p.rows, totals: p.totals, codes: p.dispositionCodes };
  });
}
