// Full quotas on lead fields (docs/quotas.md): the agent's lookup refuses a lead in one (409 "Quota full for …"), and
// generate and regenerate hold such leads back. Both ask one small partial index (quotas_full_field_idx) that holds
// only full field quotas, so a campaign without a full quota costs one empty index probe.
import { sql, type RawBuilder } from 'kysely';
import { QUOTA_LEAD_COLUMNS, isLeadNotGenerated, quotaFullMessage, type TLeadLookupResult, type TTokenPayload } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';

/** QC inspectors look up past calls to score them: like the do-not-call refusal, a full quota does not stop them. */
const isInspector = (user: TTokenPayload) => user.roles.some((r) => r.roleName === 'QC') && !user.roles.some((r) => r.roleName === 'ADMIN');

/**
 * GET /api/ap/getByNumber: 409 "Quota full for region = Dhaka" when the looked-up lead is not yet completed and has
 * the value of a full quota's field (a default column or one of the campaign's own). A completed call is counted in
 * the quota already, so it can still be opened and corrected. One indexed query, and none for a reply without a lead.
 */
export async function refuseLeadInFullQuota(db: Db, user: TTokenPayload, campaignName: string, found: TLeadLookupResult): Promise<void> {
  if (isInspector(user) || isLeadNotGenerated(found) || Number(found.is_called) === 1) return;
  const full = await db
    .selectFrom('quotas as q')
    .innerJoin('campaigns as c', 'c.id', 'q.campaignId')
    .select(['q.field', 'q.value'])
    .where(sql<string>`lower(c.campaign_name)`, '=', campaignName.trim().toLowerCase())
    .where('q.field', 'is not', null)
    .whereRef('q.count', '>=', 'q.limit')
    .execute();
  const hit = full.find((q) => q.field !== null && found[q.field] === q.value);
  if (hit !== undefined) throw conflict(quotaFullMessage({ field: hit.field, questionNo: null, value: hit.value }));
}

/** The value of a quota's field on the unaliased `leads` of the enclosing statement: a default column, or a custom field. */
const fieldValue = sql`case q.field ${sql.join(QUOTA_LEAD_COLUMNS.map((c) => sql`when ${sql.lit(c)} then leads.${sql.raw(c)}`), sql` `)} else leads.fields ->> q.field end`;

/** The lead (the unaliased `leads` of the statement) is in no full field quota of the campaign: generate leaves it fresh. */
export function outsideFullQuotas(campaignId: number): RawBuilder<boolean> {
  return sql<boolean>`not exists (
    select 1 from quotas q
     where q.campaign_id = ${campaignId} and q.field is not null and q.count >= q."limit" and q.value = ${fieldValue})`;
}
