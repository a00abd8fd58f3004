// The dashboard's per-campaign lead figures, counted from the leads table in one query.
import { sql } from 'kysely';
import type { TDashboard } from '@crm/shared';
import type { Db } from '../../db/schema.ts';

/**
 * Every campaign, by name, with its total, generated (for_d = 'd') and called (is_called = 1) leads;
 * a campaign without leads shows zeros. Leads are counted per campaign first, then joined.
 */
export async function findDashboard(db: Db): Promise<TDashboard> {
  const counts = db
    .selectFrom('leads')
    .select((eb) => [
      'leads.campaignId',
      eb.fn.countAll<number>().as('totalLeads'),
      eb.fn.countAll<number>().filterWhere('leads.forD', '=', 'd').as('generatedLeads'),
      eb.fn.countAll<number>().filterWhere('leads.isCalled', '=', 1).as('calledLeads'),
    ])
    .groupBy('leads.campaignId')
    .as('counts');
  return db
    .selectFrom('campaigns')
    .leftJoin(counts, 'counts.campaignId', 'campaigns.id')
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
