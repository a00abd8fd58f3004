// The queue's per-campaign settings (docs/guide/qc-queue.md, Settings): the target per agent and day and the minimum
// duration; a campaign without its own row uses QC_QUEUE_DEFAULTS. A change is audited and opens the campaign's days
// again when a higher target or a shorter minimum may give a closed day calls to score. saveCampaignSettings is the
// change's frame, which coaching's settings use too.
import { QC_QUEUE_DEFAULTS, QC_QUEUE_MESSAGES, type TQcQueueSettings, type TQcQueueSettingsUpdate } from '@crm/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';

/** The campaign of this name in any case, or 404 naming it. */
async function findCampaignNamed(db: Db, campaignName: string): Promise<{ id: number; campaignName: string }> {
  const row = await db
    .selectFrom('campaigns')
    .select(['id', 'campaignName'])
    .where(sql<string>`lower(campaign_name)`, '=', campaignName.toLowerCase())
    .executeTakeFirst();
  if (!row) throw notFound(QC_QUEUE_MESSAGES.unknownCampaign(campaignName));
  return row;
}

/** The campaign's id, or 404 naming it. */
export async function campaignIdOf(db: Db, campaignName: string): Promise<number> {
  return (await findCampaignNamed(db, campaignName)).id;
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
  area: 'qcQueue' | 'coaching',
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

/** Every active campaign's settings, by name. */
export async function listQcQueueSettings(db: Db): Promise<TQcQueueSettings[]> {
  const rows = await db
    .selectFrom('campaigns')
    .leftJoin('qcQueueSettings', 'qcQueueSettings.campaignId', 'campaigns.id')
    .select([
      'campaigns.id',
      'campaigns.campaignName',
      'qcQueueSettings.targetPerAgentDay',
      'qcQueueSettings.minDurationSec',
    ])
    .where('campaigns.status', '=', true)
    .orderBy('campaigns.campaignName')
    .execute();
  return rows.map((r) => ({
    campaignId: r.id,
    campaignName: r.campaignName,
    targetPerAgentDay: r.targetPerAgentDay ?? QC_QUEUE_DEFAULTS.targetPerAgentDay,
    minDurationSec: r.minDurationSec ?? QC_QUEUE_DEFAULTS.minDurationSec,
    isDefault: r.targetPerAgentDay === null,
  }));
}

export async function updateQcQueueSettings(
  db: Db,
  campaignName: string,
  input: TQcQueueSettingsUpdate,
  actor: TAuditActor,
): Promise<TQcQueueSettings> {
  return saveCampaignSettings(db, campaignName, input, actor, 'qcQueue', async (trx, campaignId) => {
    const before = await trx
      .selectFrom('qcQueueSettings')
      .select(['targetPerAgentDay', 'minDurationSec'])
      .where('campaignId', '=', campaignId)
      .forUpdate()
      .executeTakeFirst();
    await trx
      .insertInto('qcQueueSettings')
      .values({ campaignId, ...input })
      .onConflict((oc) => oc.column('campaignId').doUpdateSet({ ...input, updatedAt: new Date() }))
      .execute();
    const was = before ?? QC_QUEUE_DEFAULTS;
    // Only a higher target or a shorter minimum can give a closed day something to score again.
    if (input.targetPerAgentDay > was.targetPerAgentDay || input.minDurationSec < was.minDurationSec) {
      await trx
        .updateTable('qcQueueDays')
        .set({ closed: false })
        .where('campaignId', '=', campaignId)
        .where('closed', '=', true)
        .execute();
    }
    return was;
  });
}
