// GET /api/disputes/figures (docs/guide/disputes.md "Figures"): disputes raised, criteria accepted / rejected / changed /
// pending by final outcome (the admin's decision when there is one, else the inspector's answer), disputes escalated
// and the median time to answer (answered_at − raised_at), in total, per inspector and per criterion: a criterion is a
// key within a scorecard (all its versions), so two scorecards' "greeting" are two lines. Admins see everyone's; an
// inspector its own lines.
import { sql, type RawBuilder } from 'kysely';
import {
  STANDARD_SCORECARD_ID,
  criteriaOf,
  criterionName,
  startOfLocalDay,
  startOfNextLocalDay,
  type TDisputeFigureLine,
  type TDisputeFigures,
  type TDisputeFiguresQuery,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { isAdmin, userIdOf } from '../../auth/access.ts';

/** Dispute-level counts: a dispute of three criteria is one dispute and one time to answer. */
type DisputeCounts = {
  inspectorId: number | null;
  inspector: string | null;
  whole: number;
  disputes: string;
  escalated: string;
  median: number | null;
};
/** Criterion-level counts, by inspector, by criterion (a key within a scorecard) and in all. */
type CriterionCounts = {
  inspectorId: number | null;
  /** The scorecard: its first version's id. */
  scorecardId: number | null;
  criterion: string | null;
  byInspector: number;
  byCriterion: number;
  disputes: string;
  criteria: string;
  accepted: string;
  rejected: string;
  changed: string;
  pending: string;
  escalated: string;
  median: number | null;
};

const hours = (seconds: number | null) => (seconds === null ? null : Math.round((Number(seconds) / 3600) * 10) / 10);

function conditions(user: TTokenPayload, query: TDisputeFiguresQuery, timeZone: string): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`true`];
  if (!isAdmin(user)) where.push(sql`d.inspector_id = ${userIdOf(user)}`);
  if (query.startDate) where.push(sql`d.raised_at >= ${startOfLocalDay(query.startDate, timeZone)}`);
  if (query.endDate) where.push(sql`d.raised_at < ${startOfNextLocalDay(query.endDate, timeZone)}`);
  return sql.join(where, sql` and `);
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

type ScorecardNames = { name: string; criteria: Map<string, { name: string; position: number }> };

/**
 * Each scorecard's name (its newest version's) and its criteria's names and order, a key taken from the newest version
 * that has it (a renamed criterion shows its new name). Drafts are left out: no record is scored on one.
 */
async function findCriterionNames(db: Db, scorecardIds: number[]): Promise<Map<number, ScorecardNames>> {
  if (scorecardIds.length === 0) return new Map();
  const versions = await db
    .selectFrom('scorecards')
    .select(['scorecardId', 'version', 'name', 'definition'])
    .where('scorecardId', 'in', scorecardIds)
    .where('state', '<>', 'draft')
    .orderBy('version', 'desc')
    .execute();
  const names = new Map<number, ScorecardNames>();
  for (const v of versions) {
    const card = names.get(v.scorecardId) ?? { name: v.name, criteria: new Map() };
    names.set(v.scorecardId, card);
    for (const c of criteriaOf(v.definition))
      if (!card.criteria.has(c.key)) card.criteria.set(c.key, { name: c.name, position: card.criteria.size });
  }
  return names;
}

const answerSeconds = sql`extract(epoch from d.answered_at - d.raised_at)`;
const finalOutcome = sql`coalesce(c.decision, c.outcome)`;

export async function findDisputeFigures(
  db: Db,
  user: TTokenPayload,
  query: TDisputeFiguresQuery,
  timeZone: string,
): Promise<TDisputeFigures> {
  const where = conditions(user, query, timeZone);
  const [byDispute, byCriterion] = await Promise.all([
    sql<DisputeCounts>`select d.inspector_id, coalesce(max(u.name), max(r.qc_inspector)) as inspector, grouping(d.inspector_id) as whole,
        count(*) as disputes, count(*) filter (where d.escalated_at is not null) as escalated,
        percentile_cont(0.5) within group (order by ${answerSeconds}) as median
      from disputes d join qc_records r on r.id = d.qc_record_id left join users u on u.id = d.inspector_id
      where ${where}
      group by grouping sets ((d.inspector_id), ())`.execute(db),
    sql<CriterionCounts>`select d.inspector_id, s.scorecard_id, c.criterion, grouping(d.inspector_id) as by_inspector, grouping(c.criterion) as by_criterion,
        count(distinct d.id) as disputes, count(*) as criteria,
        count(*) filter (where ${finalOutcome} = 'accepted') as accepted,
        count(*) filter (where ${finalOutcome} = 'kept') as rejected,
        count(*) filter (where ${finalOutcome} = 'changed') as changed,
        count(*) filter (where ${finalOutcome} is null) as pending,
        count(distinct d.id) filter (where d.escalated_at is not null) as escalated,
        percentile_cont(0.5) within group (order by ${answerSeconds}) as median
      from dispute_criteria c join disputes d on d.id = c.dispute_id
        join qc_records r on r.id = d.qc_record_id join scorecards s on s.id = r.scorecard_id
      where ${where}
      group by grouping sets ((d.inspector_id), (s.scorecard_id, c.criterion), ())`.execute(db),
  ]);

  const outcomes = (r: CriterionCounts | undefined) => ({
    criteria: Number(r?.criteria ?? 0),
    accepted: Number(r?.accepted ?? 0),
    rejected: Number(r?.rejected ?? 0),
    changed: Number(r?.changed ?? 0),
    pending: Number(r?.pending ?? 0),
  });
  const disputeLine = (d: DisputeCounts | undefined, c: CriterionCounts | undefined): TDisputeFigureLine => ({
    disputes: Number(d?.disputes ?? 0),
    ...outcomes(c),
    escalated: Number(d?.escalated ?? 0),
    medianHoursToAnswer: hours(d?.median ?? null),
  });

  // grouping() is 1 where the column is rolled up: (1, 1) is the whole, (0, 1) an inspector, (1, 0) a criterion.
  const criterionRows = byCriterion.rows;
  const wholeCriteria = criterionRows.find((r) => Number(r.byInspector) === 1 && Number(r.byCriterion) === 1);
  const inspectorCriteria = new Map(
    criterionRows.filter((r) => Number(r.byInspector) === 0).map((r) => [r.inspectorId, r]),
  );
  const disputeRows = byDispute.rows;
  const whole = disputeRows.find((r) => Number(r.whole) === 1);

  const byInspector = disputeRows
    .filter((r) => Number(r.whole) === 0)
    .map((r) => ({
      inspectorId: r.inspectorId,
      inspector: r.inspector ?? 'Unknown',
      ...disputeLine(r, inspectorCriteria.get(r.inspectorId)),
    }))
    .sort((a, b) => b.disputes - a.disputes || a.inspector.localeCompare(b.inspector));

  const lines = criterionRows.filter(
    (r) => Number(r.byCriterion) === 0 && r.criterion !== null && r.scorecardId !== null,
  );
  const names = await findCriterionNames(db, [...new Set(lines.map((r) => r.scorecardId as number))]);
  const criteria = lines
    .map((r) => {
      const scorecardId = r.scorecardId as number;
      const key = r.criterion as string;
      const card = names.get(scorecardId);
      const named = card?.criteria.get(key);
      return {
        line: {
          criterion: key,
          name: named?.name ?? criterionName(key),
          scorecardId,
          scorecard: card?.name ?? '',
          disputes: Number(r.disputes),
          ...outcomes(r),
          escalated: Number(r.escalated),
          medianHoursToAnswer: hours(r.median),
        },
        position: named?.position ?? Number.MAX_SAFE_INTEGER,
      };
    })
    .sort(
      (a, b) =>
        b.line.criteria - a.line.criteria ||
        Number(b.line.scorecardId === STANDARD_SCORECARD_ID) - Number(a.line.scorecardId === STANDARD_SCORECARD_ID) ||
        byName.compare(a.line.scorecard, b.line.scorecard) ||
        a.line.scorecardId - b.line.scorecardId ||
        a.position - b.position ||
        a.line.criterion.localeCompare(b.line.criterion),
    )
    .map((c) => c.line);

  return { total: disputeLine(whole, wholeCriteria), byInspector, byCriterion: criteria };
}
