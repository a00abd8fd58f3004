// The dispute outcomes of each inspector's in-house records of the range (tables of migration 0018): disputes raised
// and escalated, disputed criteria by final outcome, and the median time to answer.
import { sql } from 'kysely';
import type { TDisputeOutcomes, TQcInsightsQuery } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { recordFilter } from './record-filter.ts';

/** An inspector line's key: its account, or its name (any case) once the account is gone. */
export const inspectorKey = (inspectorId: number | null, nameKey: string | null) =>
  `${inspectorId ?? ''}|${nameKey ?? ''}`;

export const noDisputes = (): TDisputeOutcomes => ({
  raised: 0,
  criteria: 0,
  accepted: 0,
  rejected: 0,
  changed: 0,
  awaiting: 0,
  escalated: 0,
  medianHoursToAnswer: null,
});

type Row = {
  inspectorId: number | null;
  nameKey: string | null;
  raised: string;
  escalated: string;
  criteria: string | null;
  accepted: string | null;
  rejected: string | null;
  changed: string | null;
  medianSeconds: number | null;
};

/**
 * Per inspector of the records (the record's inspector, as its line is keyed): a criterion's final outcome is the
 * admin's decision once the dispute is decided, else the inspector's answer; none yet is "awaiting".
 */
export async function findDisputeOutcomes(
  db: Db,
  q: TQcInsightsQuery,
  inspectorId?: number,
): Promise<Map<string, TDisputeOutcomes>> {
  const { rows } = await sql<Row>`
    select r.qc_inspector_id as "inspectorId", case when r.qc_inspector_id is null then lower(r.qc_inspector) end as "nameKey",
      count(*) as raised, count(*) filter (where d.escalated_at is not null) as escalated,
      sum(c.criteria) as criteria, sum(c.accepted) as accepted, sum(c.rejected) as rejected, sum(c.changed) as changed,
      percentile_cont(0.5) within group (order by extract(epoch from d.answered_at - d.raised_at)) filter (where d.answered_at is not null) as "medianSeconds"
    from disputes d
    join qc_records r on r.id = d.qc_record_id
    cross join lateral (
      select count(*) as criteria,
        count(*) filter (where f.outcome = 'accepted') as accepted,
        count(*) filter (where f.outcome = 'kept') as rejected,
        count(*) filter (where f.outcome = 'changed') as changed
      from (select case when d.decided_at is not null then coalesce(dc.decision, dc.outcome) else dc.outcome end as outcome
            from dispute_criteria dc where dc.dispute_id = d.id) f
    ) c
    where ${recordFilter(q, inspectorId)}
    group by 1, 2`.execute(db);
  return new Map(
    rows.map((r) => {
      const criteria = Number(r.criteria ?? 0);
      const accepted = Number(r.accepted ?? 0);
      const rejected = Number(r.rejected ?? 0);
      const changed = Number(r.changed ?? 0);
      const outcomes: TDisputeOutcomes = {
        raised: Number(r.raised),
        criteria,
        accepted,
        rejected,
        changed,
        awaiting: criteria - accepted - rejected - changed,
        escalated: Number(r.escalated),
        medianHoursToAnswer: r.medianSeconds === null ? null : Math.round((Number(r.medianSeconds) / 3600) * 100) / 100,
      };
      return [inspectorKey(r.inspectorId, r.nameKey), outcomes];
    }),
  );
}
