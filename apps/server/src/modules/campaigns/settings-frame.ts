// A campaign's own settings of one area (the QC queue's, coaching's, suspicious completes'): the campaign found by
// name in any case, and the frame of a change (its row written and its audit, in one transaction).
import { QC_QUEUE_MESSAGES } from '@crm/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';

/** The key a change is audited under. */
export type TSettingsArea = 'qcQueue' | 'coaching' | 'suspicious';

/** What a 404 for a campaign of no such name carries beside its message. */
export const UNKNOWN_CAMPAIGN = 'UNKNOWN_CAMPAIGN';

/** The campaign of this name in any case, or 404 UNKNOWN_CAMPAIGN naming it. */
export async function findCampaignNamed(db: Db, campaignName: string): Promise<{ id: number; campaignName: string }> {
  const row = await db
    .selectFrom('campaigns')
    .select(['id', 'campaignName'])
    .where(sql<string>`lower(campaign_name)`, '=', campaignName.toLowerCase())
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', QC_QUEUE_MESSAGES.unknownCampaign(campaignName), UNKNOWN_CAMPAIGN);
  return row;
}

/**
 * A PUT of one area's settings of a campaign: the campaign named (404 otherwise), then in one transaction `write`
 * (which stores the row and gives the values it replaced) and the audit under the area's key; the reply is the
 * campaign's own values.
 */
export async function saveCampaignSettings<T extends object>(
  db: Db,
  campaignName: string,
  input: T,
  actor: TAuditActor,
  area: TSettingsArea,
  write: (trx: Db, campaignId: number) => Promise<unknown>,
): Promise<{ campaignId: number; campaignName: string; isDefault: false } & T> {
  const campaign = await findCampaignNamed(db, campaignName);
  await db.transaction().execute(async (trx) => {
    const before = await write(trx, campaign.id);
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'campaign',
      objectId: campaign.id,
      changes: { before: { [area]: before }, after: { [area]: input } },
    });
  });
  return { campaignId: campaign.id, campaignName: campaign.campaignName, ...input, isDefault: false };
}
