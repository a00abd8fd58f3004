// The QC records the insights count: in-house only, of the range's call dates, of the campaign when one is named,
// of one inspector when the caller is one. Served by the index qc_records (kind, call_date, id).
import { sql, type Expression, type SqlBool } from 'kysely';
import type { TQcInsightsQuery } from '@crm/shared';

/** The filter as a where clause on the alias `r` of qc_records. */
export function recordFilter(q: TQcInsightsQuery, inspectorId?: number): Expression<SqlBool> {
  const parts = [sql`r.kind = 'in-house'`, sql`r.call_date between ${q.startDate}::date and ${q.endDate}::date`];
  if (q.campaignName !== undefined) parts.push(sql`r.campaign_name = ${q.campaignName}`);
  if (inspectorId !== undefined) parts.push(sql`r.qc_inspector_id = ${inspectorId}`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}
