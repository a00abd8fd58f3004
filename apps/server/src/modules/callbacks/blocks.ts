// A callback that has come due is checked again before it is offered (docs/guide/call-loop.md, Callbacks): its number may have
// gone on a do-not-call list, or its lead fallen in a full quota, since it was set. The reason is stored on the callback.
import type { QUOTA_LEAD_COLUMNS, TLead } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { dncMessage, findDncEntry } from '../dnc/lookup.ts';
import { fullQuotaMessage, type TFullFieldQuota } from '../leads/full-quotas.ts';
import type { TCallbackRow } from './rows.ts';

/** The lead as the full-quota check reads it: its custom fields, its default columns (which win), is_called. */
function leadOf(row: TCallbackRow): TLead {
  const columns: Record<(typeof QUOTA_LEAD_COLUMNS)[number], string | null> = {
    did: row.did,
    data_status: row.dataStatus,
    br_id: row.brId,
    region: row.region,
    territory: row.territory,
    area: row.area,
    respondent_name: row.respondentName,
    brand: row.brand,
    target_selector: row.targetSelector,
  };
  return { ...row.fields, ...columns, is_called: row.isCalled };
}

/** The campaigns' full quotas on lead fields, by campaign: one query for all of them. */
async function findFullFieldQuotas(db: Db, campaignIds: readonly number[]): Promise<Map<number, TFullFieldQuota[]>> {
  const rows = await db
    .selectFrom('quotas')
    .select(['campaignId', 'field', 'value'])
    .where('campaignId', 'in', [...campaignIds])
    .where('field', 'is not', null)
    .whereRef('count', '>=', 'limit')
    .execute();
  const byCampaign = new Map<number, TFullFieldQuota[]>();
  for (const r of rows)
    if (r.field !== null)
      byCampaign.set(r.campaignId, [...(byCampaign.get(r.campaignId) ?? []), { field: r.field, value: r.value }]);
  return byCampaign;
}

/**
 * Checks the due ones of these callbacks against the do-not-call lists and full quotas and returns the rows with the
 * reason each is blocked (null: it may be called). A reason that changed (or was never checked) is stored with the time
 * of the check; an unchanged one is not written again, so the lists, polled by every agent's screen, seldom write.
 */
export async function recheckDueCallbacks(
  db: Db,
  rows: readonly TCallbackRow[],
  timeZone: string,
  now: Date,
): Promise<TCallbackRow[]> {
  const due = rows.filter((r) => r.dueAt.getTime() <= now.getTime());
  if (due.length === 0) return [...rows];
  const full = await findFullFieldQuotas(db, [...new Set(due.map((r) => r.campaignId))]);
  const reasons = new Map<string, string | null>();
  for (const row of due) {
    const listed = await findDncEntry(db, row.cellNumber, row.campaignId, timeZone);
    const reason =
      listed !== null ? dncMessage(listed) : (fullQuotaMessage(full.get(row.campaignId) ?? [], leadOf(row)) ?? null);
    reasons.set(row.id, reason);
    if (reason === row.blockedReason && row.checkedAt !== null) continue;
    await db
      .updateTable('callbacks')
      .set({ blockedReason: reason, checkedAt: now })
      .where('id', '=', row.id)
      .where('state', '=', 'open')
      .execute();
  }
  return rows.map((r) =>
    reasons.has(r.id) ? { ...r, blockedReason: reasons.get(r.id) ?? null, checkedAt: r.checkedAt ?? now } : r,
  );
}
