// Campaigns: the look-ups sign-in and every campaign picker need.
import type { TCampaign } from '@crm/shared';
import type { Db } from '../../db/schema.ts';

export async function findCampaigns(db: Db): Promise<TCampaign[]> {
  const rows = await db.selectFrom('campaigns').selectAll().orderBy('campaignName').execute();
  return rows.map((r) => ({
    id: r.id,
    campaignId: r.campaignId,
    campaignName: r.campaignName,
    campaignType: r.campaignType,
    callTarget: r.callTarget,
    status: r.status,
    createAt: r.createdAt.toISOString(),
  }));
}
