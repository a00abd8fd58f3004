// The lead figures of the screens, read from the counters (lead_counts, db/migrations/0012), never by counting leads.
// Triggers keep the counters in the transaction of every change to leads; each key has up to eight slot rows, summed
// here. docs/architecture.md §3.
import type { TLeadStatus } from '@crm/shared';
import type { Db } from '../../db/schema.ts';

/**
 * The counter column of each lead browser status (browse.ts statusFilter): fresh, generated and not completed, called
 * at least once (attempted), completed (is_called = 1, the counters' `called`).
 */
const STATUS_COLUMN = {
  fresh: 'fresh',
  generated: 'uncalled',
  called: 'attempted',
  completed: 'called',
} as const satisfies Record<TLeadStatus, string>;

/** The number of the campaign's leads, of one data date and/or one lead browser status when given. */
export async function countCampaignLeads(
  db: Db,
  campaignId: number,
  filter: { dataDate?: string; status?: TLeadStatus },
): Promise<number> {
  const column = filter.status === undefined ? 'total' : STATUS_COLUMN[filter.status];
  let query = db
    .selectFrom('leadCounts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(column), eb.lit(0)).as('n'))
    .where('campaignId', '=', campaignId);
  if (filter.dataDate !== undefined) query = query.where('dataDate', '=', filter.dataDate);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Per campaign with leads: total, generated (for_d = 'd'), called (at least one call attempt) and completed
 * (is_called = 1), as a subquery `counts` to join on campaigns (campaigns without leads have no row).
 */
export function leadFiguresByCampaign(db: Db) {
  return db
    .selectFrom('leadCounts')
    .select((eb) => [
      'leadCounts.campaignId',
      eb.fn.sum<number>('leadCounts.total').as('totalLeads'),
      eb.fn.sum<number>('leadCounts.generated').as('generatedLeads'),
      eb.fn.sum<number>('leadCounts.attempted').as('calledLeads'),
      eb.fn.sum<number>('leadCounts.called').as('completedLeads'),
    ])
    .groupBy('leadCounts.campaignId')
    .as('counts');
}

/** The campaign's data dates that hold leads, 'yyyy-MM-dd', newest first. */
export async function findCountedDates(db: Db, campaignId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('leadCounts')
    .select('dataDate')
    .where('campaignId', '=', campaignId)
    .groupBy('dataDate')
    .having((eb) => eb.fn.sum('total'), '>', 0)
    .orderBy('dataDate', 'desc')
    .execute();
  return rows.map((r) => r.dataDate);
}

/** The campaign's target selectors that hold leads, sorted; '' (NO_SELECTOR) stands for leads without one. */
export async function findCountedSelectors(db: Db, campaignId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('leadCounts')
    .select('targetSelector')
    .where('campaignId', '=', campaignId)
    .groupBy('targetSelector')
    .having((eb) => eb.fn.sum('total'), '>', 0)
    .orderBy('targetSelector')
    .execute();
  return rows.map((r) => r.targetSelector);
}
