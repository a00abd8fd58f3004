// Marks lost per criterion on any scorecard, summed in SQL: every record's marks (qc_records.marks, by criterion key)
// against the best mark of that criterion on the record's version (from the versions' definitions); N/A left out.
import { sql } from 'kysely';
import { QC_CRITERION_KEYS, STANDARD_SCORECARD_ID, type TQcInsightsQuery } from '@crm/shared';
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
 * Per agent, version and criterion key: records scoring it, the marks lost and the records losing any. `bestMarks` is
 * {versionId: {key: best mark}} from the catalog: one jsonb parameter looked up per mark (a join to a table built from
 * scorecards.definition misjudged its size and sorted 2.5 million rows to disk at 200k records).
 */
export async function sumCriterionLosses(
  db: Db,
  q: TQcInsightsQuery,
  bestMarks: Record<string, Record<string, number>>,
  inspectorId?: number,
): Promise<LossRow[]> {
  const [standard, others] = await Promise.all([
    sumStandardLosses(db, q, bestMarks[String(STANDARD_SCORECARD_ID)] ?? {}, inspectorId),
    sumMarksLosses(db, q, bestMarks, inspectorId),
  ]);
  return [...standard, ...others];
}

/**
 * Records on "Standard" from their 14 generated columns (the same marks as `marks`, read without taking the jsonb
 * apart): one row per agent, as before scorecards; several times faster than jsonb_each over a year of records.
 */
async function sumStandardLosses(
  db: Db,
  q: TQcInsightsQuery,
  best: Record<string, number>,
  inspectorId?: number,
): Promise<LossRow[]> {
  const keys = QC_CRITERION_KEYS.filter((k) => best[k] !== undefined);
  if (keys.length === 0) return [];
  const column = (k: string) => sql.ref(`r.${k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`);
  const sums = keys.map(
    (k, i) =>
      sql`sum(${sql.lit(best[k]!)} - ${column(k)})::float8 as ${sql.ref(`l${i}`)},
        count(*) filter (where ${column(k)} < ${sql.lit(best[k]!)}) as ${sql.ref(`g${i}`)}`,
  );
  const { rows } = await sql<Record<string, string | number>>`
    select r.agent_id as "agentId", count(*) as records, ${sql.join(sums)}
    from qc_records r
    where ${recordFilter(q, inspectorId)} and r.scorecard_id = ${STANDARD_SCORECARD_ID}
    group by r.agent_id`.execute(db);
  return rows.flatMap((r) =>
    keys.map((key, i) => ({
      agentId: String(r.agentId),
      versionId: STANDARD_SCORECARD_ID,
      key,
      records: Number(r.records),
      marksLost: Number(r[`l${i}`]),
      losing: Number(r[`g${i}`]),
    })),
  );
}

/** Records on any other version: each mark of `marks` against its criterion's best on the record's version. */
async function sumMarksLosses(
  db: Db,
  q: TQcInsightsQuery,
  bestMarks: Record<string, Record<string, number>>,
  inspectorId?: number,
): Promise<LossRow[]> {
  const { rows } = await sql<{
    agentId: string;
    versionId: number;
    key: string;
    records: string;
    marksLost: number;
    losing: string;
  }>`
    select r.agent_id as "agentId", r.scorecard_id as "versionId", m.key as key, count(*) as records,
      sum(l.lost) as "marksLost", count(*) filter (where l.lost > 0) as losing
    from qc_records r
    cross join lateral jsonb_each(r.marks) m
    cross join lateral (
      select (${JSON.stringify(bestMarks)}::jsonb -> r.scorecard_id::text ->> m.key)::float8 - (m.value ->> 'marks')::float8 as lost
    ) l
    where ${recordFilter(q, inspectorId)} and r.scorecard_id <> ${STANDARD_SCORECARD_ID}
      and jsonb_typeof(m.value -> 'marks') = 'number' and l.lost is not null
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
