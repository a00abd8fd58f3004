// The dashboard's per-campaign lead figures, read from the lead counters (modules/leads/lead-counts.ts) in one query.
import { sql } from 'kysely';
import type { TDashboard } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { leadFiguresByCampaign } from '../leads/lead-counts.ts';

/**
 * Every campaign, by name, with its total, generated (for_d = 'd') and called (is_called = 1) leads;
 * a campaign without leads shows zeros. The figures come from the counters, never from counting leads.
 */
export async function findDashboard(db: Db): Promise<TDashboard> {
  return db
    .selectFrom('campaigns')
    .leftJoin(leadFiguresByCampaign(db), 'counts.campaignId', 'campaigns.id')
    .select([
      'campaigns.campaignName as campaignTitle',
      sql<number>`coalesce(counts.total_leads, 0)::int`.as('totalLeads'),
      sql<number>`coalesce(counts.generated_leads, 0)::int`.as('generatedLeads'),
      sql<number>`coalesce(counts.called_leads, 0)::int`.as('calledLeads'),
    ])
    .orderBy('campaigns.campaignName')
    .orderBy('campaigns.id')
    .execute();
}
