// The exact count of each quota (docs/guide/quotas.md): the survey save that completes a call raises the count of every
// quota the lead falls in, in the save's transaction and only while it is below the limit, so two agents finishing at
// once can never both take a quota's last place.
import { LEAD_COLUMNS, formatQno, quotaFullMessage, splitMultiSelect } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { quotaFull } from '../../http/errors.ts';
import type { LeadRow } from '../leads/layout.ts';
import { queueQuotaFull } from '../../db/dialer-sync-queue.ts';

/** A quota as the save matches leads to it: the field, or the question's Q number and whether answers are lists. */
export type CountedQuota = {
  id: number;
  field: string | null;
  questionNo: number | null;
  multi: boolean;
  value: string;
};

/** The lead as the quotas look at it: its columns and custom fields, whether the call is completed, and its answers. */
export type QuotaLead = Pick<LeadRow, 'fields' | 'answers' | 'isCalled'> & Partial<LeadRow>;

/** The campaign's quotas; [] for most campaigns, and then the save runs as it always did. */
export async function findCountedQuotas(db: Db, campaignId: number): Promise<CountedQuota[]> {
  const rows = await db
    .selectFrom('quotas as q')
    .leftJoin('questions as qu', 'qu.id', 'q.questionId')
    .select(['q.id', 'q.field', 'qu.qno', 'qu.type', 'q.value'])
    .where('q.campaignId', '=', campaignId)
    .orderBy('q.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    field: r.field,
    questionNo: r.qno,
    multi: r.type === 'Multi Select Option',
    value: r.value,
  }));
}

/** The property of the leads row holding a default column (region → region, br_id → brId). */
const STORED: ReadonlyMap<string, string> = new Map(LEAD_COLUMNS.map((c) => [c.key, c.stored]));

/** Whether the lead is in the quota: its field has the value, or its answer is (a multi-select's: holds) the value. */
export function isLeadInQuota(quota: CountedQuota, lead: QuotaLead): boolean {
  if (quota.field !== null) {
    const stored = STORED.get(quota.field);
    const value = stored === undefined ? lead.fields[quota.field] : (lead as Record<string, unknown>)[stored];
    return value === quota.value;
  }
  if (quota.questionNo === null) return false;
  const answer = lead.answers[formatQno(quota.questionNo)];
  if (answer === undefined || answer === null) return false;
  return quota.multi ? splitMultiSelect(answer).includes(quota.value) : answer.trim() === quota.value;
}

/** The quotas a lead counts in: none unless its call is completed. */
function quotasOf(quotas: readonly CountedQuota[], lead: QuotaLead): Set<number> {
  return new Set(lead.isCalled === 1 ? quotas.filter((q) => isLeadInQuota(q, lead)).map((q) => q.id) : []);
}

/**
 * Moves the counts for one save, given the lead before it (read under the row's lock) and after it: a completed call
 * counts once in each quota it falls in. A save that completes a call (or moves a completed call's answer into a
 * quota) raises those counts; one that un-completes it (or moves its answer out) lowers them; a re-save of a
 * completed call with the same answers changes nothing. A raise is one statement that only writes below the limit,
 * so concurrent saves queue on the quota's row and each re-checks the count it finds; when one quota is full the
 * save is refused (409) and its transaction, with the answers, rolls back. Quotas are written in id order, so two
 * saves never wait on each other's quotas in a circle.
 */
export async function countSaveInQuotas(
  trx: Db,
  quotas: readonly CountedQuota[],
  before: QuotaLead,
  after: QuotaLead,
): Promise<void> {
  const was = quotasOf(quotas, before);
  const now = quotasOf(quotas, after);
  for (const quota of quotas) {
    if (now.has(quota.id) && !was.has(quota.id)) {
      const raised = await trx
        .updateTable('quotas')
        .set((eb) => ({ count: eb('count', '+', 1) }))
        .where('id', '=', quota.id)
        .whereRef('count', '<', 'limit')
        .returning(['id', 'count', 'limit'])
        .executeTakeFirst();
      if (raised === undefined) throw quotaFull(quotaFullMessage(quota));
      // This save took the last place: the quota's sent, not yet called leads leave the dialer (dialer-sync), from
      // this transaction, so a save that rolls back pulls none.
      if (raised.count >= raised.limit) await queueQuotaFull(trx, quota.id);
    } else if (was.has(quota.id) && !now.has(quota.id)) {
      await trx
        .updateTable('quotas')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('id', '=', quota.id)
        .where('count', '>', 0)
        .execute();
    }
  }
}
