// Demo campaigns and data tables: the two seed campaigns get their lead columns, plus two more of both types (one inactive).
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { DEMO_CAMPAIGNS } from './base.ts';

/** Campaigns beyond DEMO_CAMPAIGNS (which seedDemo makes), so the list shows both types and an inactive one. */
export const MORE_DEMO_CAMPAIGNS = [
  { campaignId: 'EID-25', campaignName: 'Eid Offer Callback', campaignType: 'Outbound', callTarget: 45, status: true },
  { campaignId: 'HOT-16', campaignName: 'Hotline 16247', campaignType: 'Inbound', callTarget: null, status: false },
] as const;

/** The own lead columns of each demo campaign's data table, besides the 16 default ones. */
export const DEMO_DATA_TABLES: readonly { campaignName: string; columns: readonly string[] }[] = [
  { campaignName: DEMO_CAMPAIGNS[0].campaignName, columns: ['Outlet name', 'Outlet type', 'Sales officer', 'Upazila'] },
  {
    campaignName: DEMO_CAMPAIGNS[1].campaignName,
    columns: ['Complaint type', 'Product', 'Purchase shop', 'Ticket no'],
  },
  { campaignName: MORE_DEMO_CAMPAIGNS[0].campaignName, columns: ['Package', 'Last recharge', 'Preferred time'] },
];

/** Idempotent: adds only what is missing, so running it twice changes nothing. */
export async function seedCampaigns(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const c of MORE_DEMO_CAMPAIGNS) {
      // Either unique index (name or code) already holding it means it is there.
      await trx
        .insertInto('campaigns')
        .values({ ...c })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    for (const table of DEMO_DATA_TABLES) {
      const campaign = await trx
        .selectFrom('campaigns')
        .select(['id', 'campaignName'])
        .where(sql<string>`lower(campaign_name)`, '=', table.campaignName.toLowerCase())
        .executeTakeFirst();
      if (!campaign) continue; // seedDemo makes the first two; without them there is nothing to attach to
      await trx
        .insertInto('dataTables')
        .values({ campaignId: campaign.id, name: campaign.campaignName, columns: [...table.columns] })
        .onConflict((oc) => oc.column('campaignId').doNothing())
        .execute();
    }
  });
}
