// Each campaign's suspicious-complete settings (docs/guide/suspicious.md, Settings): the minimum handle time, the hourly
// limit and whether the QC queue offers flagged calls first; a campaign without its own row uses SUSPICIOUS_DEFAULTS.
// A change is audited in its own transaction.
import { SUSPICIOUS_DEFAULTS, type TSuspiciousSettings, type TSuspiciousSettingsUpdate } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import type { TAuditActor } from '../audit/record.ts';
import { findCampaignNamed, saveCampaignSettings } from '../campaigns/settings-frame.ts';

/** The campaign of this name in any case, or 404 UNKNOWN_CAMPAIGN naming it. */
export const findSuspiciousCampaign = findCampaignNamed;

/** Every active campaign's settings, by name. */
export async function listSuspiciousSettings(db: Db): Promise<TSuspiciousSettings[]> {
  const rows = await db
    .selectFrom('campaigns')
    .leftJoin('suspiciousSettings as s', 's.campaignId', 'campaigns.id')
    .select(['campaigns.id', 'campaigns.campaignName', 's.minHandleSeconds', 's.hourlyLimit', 's.flaggedFirst'])
    .where('campaigns.status', '=', true)
    .orderBy('campaigns.campaignName')
    .execute();
  return rows.map((r) => ({
    campaignId: r.id,
    campaignName: r.campaignName,
    minHandleSeconds: r.minHandleSeconds ?? SUSPICIOUS_DEFAULTS.minHandleSeconds,
    hourlyLimit: r.hourlyLimit ?? SUSPICIOUS_DEFAULTS.hourlyLimit,
    flaggedFirst: r.flaggedFirst ?? SUSPICIOUS_DEFAULTS.flaggedFirst,
    isDefault: r.minHandleSeconds === null,
  }));
}

export async function updateSuspiciousSettings(
  db: Db,
  campaignName: string,
  input: TSuspiciousSettingsUpdate,
  actor: TAuditActor,
): Promise<TSuspiciousSettings> {
  return saveCampaignSettings(db, campaignName, input, actor, 'suspicious', async (trx, campaignId) => {
    const before = await trx
      .selectFrom('suspiciousSettings')
      .select(['minHandleSeconds', 'hourlyLimit', 'flaggedFirst'])
      .where('campaignId', '=', campaignId)
      .forUpdate()
      .executeTakeFirst();
    await trx
      .insertInto('suspiciousSettings')
      .values({ campaignId, ...input })
      .onConflict((oc) => oc.column('campaignId').doUpdateSet({ ...input, updatedAt: new Date() }))
      .execute();
    return before ?? { ...SUSPICIOUS_DEFAULTS };
  });
}
