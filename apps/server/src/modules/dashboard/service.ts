// The dashboard's per-campaign figures: the lead counters (modules/campaigns/lead-counts.ts), the leads sent to the
// dialer (docs/guide/dialer.md) and the call attempts of a range of days (docs/guide/dashboard.md), in one query.
import { sql } from 'kysely';
import {
  localDayText,
  startOfLocalDay,
  startOfNextLocalDay,
  type TDashboardFigures,
  type TDashboardQuery,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { leadFiguresByCampaign } from '../campaigns/lead-counts.ts';

/** The moments a dashboard range covers: from the first moment of its first day to that of the day after its last. */
export type TDashboardRange = { start: Date; end: Date };

/**
 * The range of a query, in local days of the time zone: from/to both included; one alone is that day; neither is today
 * (the day `now` falls in there).
 */
export function dashboardRange(
  query: Partial<TDashboardQuery>,
  timeZone: string,
  now: Date = new Date(),
): TDashboardRange {
  const today = localDayText(now, timeZone);
  const first = query.from ?? query.to ?? today;
  const last = query.to ?? query.from ?? today;
  return { start: startOfLocalDay(first, timeZone), end: startOfNextLocalDay(last, timeZone) };
}

/**
 * Per campaign with sends: the leads VICIdial added, over all its sends, as a subquery `sent`. Summed from the sends'
 * own counts, never from their per-lead rows, so a campaign with millions of sent leads costs one row a send.
 */
function sentToDialerByCampaign(db: Db) {
  return db
    .selectFrom('dialerSends')
    .select((eb) => ['dialerSends.campaignId', eb.fn.sum<number>('dialerSends.added').as('added')])
    .groupBy('dialerSends.campaignId')
    .as('sent');
}

/**
 * Every campaign, by name, with its total, generated (for_d = 'd'), called (at least one call attempt: "called" means
 * attempted, docs/guide/call-loop.md) and completed (is_called = 1) leads and the leads its sends added to the dialer,
 * all time; beside them its call attempts ended in the range, the leads they reached and the completed ones. A campaign
 * without leads, sends or calls shows zeros. The lead figures come from the counters, never from counting leads; the
 * range's calls are read per campaign through call_attempts (campaign_id, ended_at), so their cost follows the calls of
 * the range, never the size of the table.
 */
export async function findDashboard(db: Db, range: TDashboardRange): Promise<TDashboardFigures> {
  return selectDashboard(db, range).execute();
}

/** The query of findDashboard, unexecuted (its plan is checked by the tests). */
export function selectDashboard(db: Db, range: TDashboardRange) {
  return db
    .selectFrom('campaigns')
    .leftJoin(leadFiguresByCampaign(db), 'counts.campaignId', 'campaigns.id')
    .leftJoin(sentToDialerByCampaign(db), 'sent.campaignId', 'campaigns.id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('callAttempts')
          .select([
            sql<number>`count(*)::int`.as('attempts'),
            sql<number>`count(distinct call_attempts.lead_id)::int`.as('attemptedLeads'),
            sql<number>`(count(*) filter (where call_attempts.completed))::int`.as('completed'),
          ])
          .whereRef('callAttempts.campaignId', '=', 'campaigns.id')
          .where('callAttempts.endedAt', '>=', range.start)
          .where('callAttempts.endedAt', '<', range.end)
          .as('calls'),
      (join) => join.onTrue(),
    )
    .select([
      'campaigns.campaignName as campaignTitle',
      sql<number>`coalesce(counts.total_leads, 0)::int`.as('totalLeads'),
      sql<number>`coalesce(counts.generated_leads, 0)::int`.as('generatedLeads'),
      sql<number>`coalesce(counts.called_leads, 0)::int`.as('calledLeads'),
      sql<number>`coalesce(counts.completed_leads, 0)::int`.as('completedLeads'),
      sql<number>`coalesce(sent.added, 0)::int`.as('sentToDialer'),
      sql<number>`coalesce(calls.attempts, 0)`.as('attempts'),
      sql<number>`coalesce(calls.attempted_leads, 0)`.as('attemptedLeads'),
      sql<number>`coalesce(calls.completed, 0)`.as('completed'),
    ])
    .orderBy('campaigns.campaignName')
    .orderBy('campaigns.id');
}
