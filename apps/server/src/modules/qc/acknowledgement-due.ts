// What "awaiting the agent's acknowledgement" and "overdue" mean in SQL (docs/qc-records.md, Overdue), in one place for
// the overdue list and notice (qc-records) and the insights' figures (qc-insights), which both read qc_records.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { DEFAULT_ACKNOWLEDGEMENT_WINDOW_DAYS } from '@crm/shared';

/**
 * In-house, of an agent, and neither acknowledged nor answered by a review or a dispute (a review or a dispute is the
 * agent's answer; the older client's agents answer by a review). `r`: the alias (or name) of qc_records in the query.
 * Each NOT EXISTS is served by a unique key or an index on the record's id, so PostgreSQL plans them as anti-joins.
 */
export function awaitingAcknowledgement(r: string): RawBuilder<SqlBool> {
  const id = sql.ref(`${r}.id`);
  return sql<SqlBool>`(${sql.ref(`${r}.kind`)} = 'in-house' and ${sql.ref(`${r}.agent_user_id`)} is not null
    and not exists (select 1 from qc_record_acknowledgements a where a.qc_record_id = ${id})
    and not exists (select 1 from disputes d where d.qc_record_id = ${id})
    and not exists (select 1 from agent_reviews v where v.qc_id = ${id}))`;
}

/** The campaign's window in days: its own (`w`: the alias of its qc_acknowledgement_windows row, left-joined) or 3. */
export function windowDays(w: string): RawBuilder<number> {
  return sql<number>`coalesce(${sql.ref(`${w}.window_days`)}, ${sql.lit(DEFAULT_ACKNOWLEDGEMENT_WINDOW_DAYS)})`;
}

/** When the record's acknowledgement is due: scored at (created_at) + its campaign's window. */
export function acknowledgementDueAt(r: string, w: string): RawBuilder<Date> {
  return sql<Date>`(${sql.ref(`${r}.created_at`)} + make_interval(days => ${windowDays(w)}))`;
}
