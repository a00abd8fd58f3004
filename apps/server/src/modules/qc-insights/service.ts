// GET /api/qcInsights: the three sections of QC analytics over a range of call dates (and a campaign), summed in SQL
// over the in-house QC records only, on any scorecard (criteria from each record's marks and version), with each
// agent's records awaiting acknowledgement. An admin sees every line; an inspector its own records and its own line.
import { sql } from 'kysely';
import {
  LEAN_THRESHOLD_MARKS,
  MIN_LEAN_RECORDS,
  type TInspectorInsight,
  type TQcInsights,
  type TQcInsightsQuery,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { inspectorScope } from '../qc/access.ts';
import { countUnacknowledged, sumAcknowledgements } from './acknowledgements.ts';
import { findDisputeOutcomes, inspectorKey, noDisputes } from './disputes.ts';
import { recordFilter } from './record-filter.ts';
import { findCriterionCatalog } from './criterion-catalog.ts';
import { sumCriterionLosses } from './criterion-losses.ts';
import { leanOf, round2, summariseAgents, summariseCriteria, type AgentWeekRow } from './figures.ts';

type RawAgentWeek = { agentId: string; lastId: number; weekStart: string; records: string; totalSum: string };

/** The Monday of a record's week, by date arithmetic alone (date_trunc would go through a time zone). */
const WEEK_START = sql`r.call_date - (extract(isodow from r.call_date)::int - 1)`;

/** The name each record of `ids` carries: an agent or inspector is shown by its newest record's name. */
async function namesOf(db: Db, ids: number[], column: 'agent_name' | 'qc_inspector'): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{
    id: number;
    name: string;
  }>`select id, ${sql.ref(column)} as name from qc_records where id = any(${ids}::int[])`.execute(db);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Per agent and week (Monday first): records and the sum of their stored totals (whatever scorecard they are on). */
export async function sumAgentWeeks(db: Db, q: TQcInsightsQuery, inspectorId?: number): Promise<AgentWeekRow[]> {
  const { rows } = await sql<RawAgentWeek>`
    select r.agent_id as "agentId", max(r.id) as "lastId", to_char(${WEEK_START}, 'YYYY-MM-DD') as "weekStart",
      count(*) as records, sum(r.total) as "totalSum"
    from qc_records r
    where ${recordFilter(q, inspectorId)}
    group by r.agent_id, ${WEEK_START}`.execute(db);
  // Each agent's newest record, whose name is shown.
  const newest = new Map<string, number>();
  for (const r of rows) newest.set(r.agentId, Math.max(newest.get(r.agentId) ?? 0, Number(r.lastId)));
  const names = await namesOf(db, [...newest.values()], 'agent_name');
  return rows.map((r) => ({
    agentId: r.agentId,
    agentName: names.get(newest.get(r.agentId) ?? 0) ?? r.agentId,
    lastId: Number(r.lastId),
    weekStart: r.weekStart,
    records: Number(r.records),
    totalSum: Number(r.totalSum),
  }));
}

type InspectorRow = {
  inspectorId: number | null;
  nameKey: string | null;
  inspector: string;
  inspectorName: string;
  records: string;
  totalSum: string;
};

/** The accounts' names (users.name) of `ids`: what the screen shows, the records carrying the username. */
async function userNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Per inspector (by account; by name once the account is gone): records and the sum of totals, over the whole floor;
 * named by the account's name, or the recorded inspector when there is no account any more.
 */
async function sumInspectors(db: Db, q: TQcInsightsQuery): Promise<InspectorRow[]> {
  const { rows } = await sql<Omit<InspectorRow, 'inspector'> & { lastId: number }>`
    select r.qc_inspector_id as "inspectorId", case when r.qc_inspector_id is null then lower(r.qc_inspector) end as "nameKey",
      max(r.id) as "lastId", count(*) as records, sum(r.total) as "totalSum"
    from qc_records r
    where ${recordFilter(q)}
    group by 1, 2`.execute(db);
  const [names, accounts] = await Promise.all([
    namesOf(
      db,
      rows.map((r) => Number(r.lastId)),
      'qc_inspector',
    ),
    userNames(
      db,
      rows.flatMap((r) => (r.inspectorId === null ? [] : [r.inspectorId])),
    ),
  ]);
  return rows.map(({ lastId, ...r }) => {
    const inspector = names.get(Number(lastId)) ?? r.nameKey ?? '';
    return {
      ...r,
      inspector,
      inspectorName: (r.inspectorId === null ? undefined : accounts.get(r.inspectorId)) ?? inspector,
    };
  });
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The three sections, for an admin over every record, for an inspector over its own (the floor's mean stays everyone's). */
export async function findQcInsights(db: Db, user: TTokenPayload, q: TQcInsightsQuery): Promise<TQcInsights> {
  const { inspectorId } = inspectorScope(user);
  const catalog = await findCriterionCatalog(db);
  const [weeks, losses, inspectorRows, disputes, unacknowledged] = await Promise.all([
    sumAgentWeeks(db, q, inspectorId),
    sumCriterionLosses(db, q, catalog.bestMarks, inspectorId),
    sumInspectors(db, q),
    findDisputeOutcomes(db, q, inspectorId),
    countUnacknowledged(db, q, inspectorId),
  ]);
  const floorRecords = inspectorRows.reduce((n, r) => n + Number(r.records), 0);
  const floorSum = inspectorRows.reduce((n, r) => n + Number(r.totalSum), 0);
  const floorMean = floorRecords === 0 ? 0 : floorSum / floorRecords;
  const inspectors: TInspectorInsight[] = inspectorRows
    .filter((r) => inspectorId === undefined || r.inspectorId === inspectorId)
    .map((r) => {
      const records = Number(r.records);
      const mean = Number(r.totalSum) / records;
      const difference = round2(mean - floorMean);
      return {
        inspectorId: r.inspectorId,
        inspector: r.inspector,
        inspectorName: r.inspectorName,
        records,
        meanTotal: round2(mean),
        difference,
        lean: leanOf(records, difference),
        disputes: disputes.get(inspectorKey(r.inspectorId, r.nameKey)) ?? noDisputes(),
      };
    })
    .sort((a, b) => byName.compare(a.inspectorName, b.inspectorName) || byName.compare(a.inspector, b.inspector));
  return {
    campaignName: q.campaignName ?? null,
    floor: { records: floorRecords, meanTotal: round2(floorMean) },
    leanThreshold: LEAN_THRESHOLD_MARKS,
    minLeanRecords: MIN_LEAN_RECORDS,
    agents: summariseAgents(weeks, catalog, losses, unacknowledged),
    criteria: summariseCriteria(catalog, losses),
    inspectors,
    acknowledgements: sumAcknowledgements(unacknowledged),
  };
}
