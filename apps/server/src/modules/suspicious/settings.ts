// Each campaign's suspicious-complete settings (docs/guide/suspicious.md, Settings): the minimum handle time, the hourly
// limit and whether the QC queue offers flagged calls first; a campaign without its own row uses SUSPICIOUS_DEFAULTS.
// A change is audited in its own transaction.
import {
  SUSPICIOUS_CODES,
  SUSPICIOUS_DEFAULTS,
  SUSPICIOUS_MESSAGES,
  type TSuspiciousSettings,
  type TSuspiciousSettingsUpdate,
} from '@crm/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';

/** The campaign of this name in any case, or 404 UNKNOWN_CAMPAIGN naming it. */
export async function findSuspiciousCampaign(
  db: Db,
  campaignName: string,
): Promise<{ id: number; campaignName: string }> {
  const row = await db
    .selectFrom('campaigns')
    .select(['id', 'campaignName'])
    .where(sql<string>`lower(campaign_name)`, '=', campaignName.toLowerCase())
    .executeTakeFirst();
  if (!row)
    throw new AppError(
      'NOT_FOUND',
      SUSPICIOUS_MESSAGES.unknownCampaign(campaignName),
      SUSPICIOUS_CODES.unknownCampaign,
    );
  return row;
}

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
  const campaign = await findSuspiciousCampaign(db, campaignName);
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('suspiciousSettings')
      .select(['minHandleSeconds', 'hourlyLimit', 'flaggedFirst'])
      .where('campaignId', '=', campaign.id)
      .forUpdate()
      .executeTakeFirst();
    await trx
      .insertInto('suspiciousSettings')
      .values({ campaignId: campaign.id, ...input })
      .onConflict((oc) => oc.column('campaignId').doUpdateSet({ ...input, updatedAt: new Date() }))
      .execute();
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'campaign',
      objectId: campaign.id,
      changes: { before: { suspicious: before ?? { ...SUSPICIOUS_DEFAULTS } }, after: { suspicious: input } },
    });
  });
  return { campaignId: campaign.id, campaignName: campaign.campaignName, ...input, isDefault: false };
}
