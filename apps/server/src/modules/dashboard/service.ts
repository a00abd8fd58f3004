// The dashboard's per-campaign figures: the lead counters (modules/campaigns/lead-counts.ts) and the leads sent to the
// dialer (docs/guide/dialer.md), in one query.
import { sql } from 'kysely';
import type { TDashboard } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { leadFiguresByCampaign } from '../campaigns/lead-counts.ts';

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
 * attempted, docs/guide/call-loop.md) and completed (is_called = 1) leads and the leads its sends added to the dialer; a
 * campaign without leads or sends shows zeros. The lead figures come from the counters, never from counting leads or
 * attempts.
 */
export async function findDashboard(db: Db): Promise<TDashboard> {
  return db
    .selectFrom('campaigns')
    .leftJoin(leadFiguresByCampaign(db), 'counts.campaignId', 'campaigns.id')
    .leftJoin(sentToDialerByCampaign(db), 'sent.campaignId', 'campaigns.id')
    .select([
      'campaigns.campaignName as campaignTitle',
      sql<number>`coalesce(counts.total_leads, 0)::int`.as('totalLeads'),
      sql<number>`coalesce(counts.generated_leads, 0)::int`.as('generatedLeads'),
      sql<number>`coalesce(counts.called_leads, 0)::int`.as('calledLeads'),
      sql<number>`coalesce(counts.completed_leads, 0)::int`.as('completedLeads'),
      sql<number>`coalesce(sent.added, 0)::int`.as('sentToDialer'),
    ])
    .orderBy('campaigns.campaignName')
    .orderBy('campaigns.id')
    .execute();
}
