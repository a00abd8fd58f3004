// Marks lost per criterion on any scorecard, summed in SQL: every record's marks (qc_records.marks, by criterion key)
// against the best mark of that criterion on the record's version, read from scorecards.definition; N/A left out.
import { sql } from 'kysely';
import type { TQcInsightsQuery } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { recordFilter } from './record-filter.ts';

/** One agent's marks lost on one criterion of one scorecard version over the range. */
export type LossRow = {
  agentId: string;
  versionId: number;
  key: string;
  /** Records that scored it (not N/A). */
  records: number;
  marksLost: number;
  /** Records that lost any mark on it. */
  losing: number;
};

/**
 * The best mark of every criterion of every version records can be on (drafts have none): a few hundred rows at most,
 * hash-joined to the records' marks.
 */
const BEST_MARKS = sql`
  select s.id as version_id, c.value ->> 'key' as key,
    (select max((ch.value ->> 'marks')::float8) from jsonb_array_elements(c.value -> 'choices') ch) as best
  from scorecards s
  cross join lateral jsonb_array_elements(s.definition -> 'sections') sec
  cross join lateral jsonb_array_elements(sec.value -> 'criteria') c
  where s.state <> 'draft'`;

/** Per agent, version and criterion key: records scoring it, the marks lost and the records losing any. */
export async function sumCriterionLosses(db: Db, q: TQcInsightsQuery, inspectorId?: number): Promise<LossRow[]> {
  const { rows } = await sql<{
    agentId: string;
    versionId: number;
    key: string;
    records: string;
    marksLost: number;
    losing: string;
  }>`
    with best as materialized (${BEST_MARKS})
    select r.agent_id as "agentId", r.scorecard_id as "versionId", m.key as key, count(*) as records,
      sum(b.best - (m.value ->> 'marks')::float8) as "marksLost",
      count(*) filter (where (m.value ->> 'marks')::float8 < b.best) as losing
    from qc_records r
    cross join lateral jsonb_each(r.marks) m
    join best b on b.version_id = r.scorecard_id and b.key = m.key
    where ${recordFilter(q, inspectorId)} and jsonb_typeof(m.value -> 'marks') = 'number'
    group by 1, 2, 3`.execute(db);
  return rows.map((r) => ({
    agentId: r.agentId,
    versionId: r.versionId,
    key: r.key,
    records: Number(r.records),
    marksLost: Number(r.marksLost),
    losing: Number(r.losing),
  }));
}
