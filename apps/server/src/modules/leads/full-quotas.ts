// Full quotas on lead fields (docs/guide/quotas.md): the agent's lookup refuses a lead in one (409 "Quota full for …"), and
// generate and regenerate hold such leads back. Both read one small partial index (quotas_full_field_idx) that holds
// only full field quotas, so a campaign without a full quota costs one empty index probe.
import { sql, type RawBuilder } from 'kysely';
import { QUOTA_LEAD_COLUMNS, quotaFullMessage, type TLead } from '@crm/shared';

/** A full quota on a lead field, as the lookup statement reads them (one JSON list per campaign and batch). */
export type TFullFieldQuota = { field: string; value: string };

/**
 * The agent's lookup (GET /api/ap/getByNumber, crm/lookup.ts): the message of the full field quota the
 * looked-up lead is in, or undefined. The lookup's one batched statement reads the campaign's full field quotas (a
 * probe of quotas_full_field_idx), so the check costs no round trip of its own. A completed call is counted in the
 * quota already: it can still be opened and corrected.
 */
export function fullQuotaMessage(full: readonly TFullFieldQuota[], lead: TLead): string | undefined {
  if (full.length === 0 || Number(lead.is_called) === 1) return undefined;
  const hit = full.find((q) => lead[q.field] === q.value);
  return hit === undefined ? undefined : quotaFullMessage({ field: hit.field, questionNo: null, value: hit.value });
}

/**
 * The value of a quota's field (`q.field`) on the lead aliased `alias`, as SQL text: a default column, or a custom
 * field. Text, so the lookup's named statement (crm/lookup-batch.ts) can hold it too.
 */
export function quotaFieldValueText(alias: string): string {
  const columns = QUOTA_LEAD_COLUMNS.map((c) => `when '${c}' then ${alias}.${c}`).join(' ');
  return `case q.field ${columns} else ${alias}.fields ->> q.field end`;
}

const fieldValue = sql.raw(quotaFieldValueText('leads'));

/** The campaign's full field quotas that hold the lead (the unaliased `leads` of the statement). */
const fullQuotasOfLead = (campaignId: number) => sql`
    select 1 from quotas q
     where q.campaign_id = ${campaignId} and q.field is not null and q.count >= q."limit" and q.value = ${fieldValue}`;

/** The lead (the unaliased `leads` of the statement) is in no full field quota of the campaign: generate leaves it fresh. */
export function outsideFullQuotas(campaignId: number): RawBuilder<boolean> {
  return sql<boolean>`not exists (${fullQuotasOfLead(campaignId)})`;
}

/**
 * The lead is in a full field quota of the campaign: `not outsideFullQuotas` written as a semi-join, which PostgreSQL
 * runs against the quotas read once instead of probing quotas_full_field_idx again for every lead.
 */
export function inFullQuota(campaignId: number): RawBuilder<boolean> {
  return sql<boolean>`exists (${fullQuotasOfLead(campaignId)})`;
}

/**
 * The campaign has a full quota on a lead field. Uncorrelated, so PostgreSQL reads it once (an InitPlan probe of
 * quotas_full_field_idx) and, as a one-time filter, skips the scan it gates when there is none.
 */
export function anyFullQuota(campaignId: number): RawBuilder<boolean> {
  return sql<boolean>`exists (
    select 1 from quotas q where q.campaign_id = ${campaignId} and q.field is not null and q.count >= q."limit")`;
}
