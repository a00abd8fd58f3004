// The queue's per-campaign settings (docs/guide/qc-queue.md, Settings): the target per agent and day and the minimum
// duration; a campaign without its own row uses QC_QUEUE_DEFAULTS. A change is audited and opens the campaign's days
// again when a higher target or a shorter minimum may give a closed day calls to score (the change's frame:
// campaigns/settings-frame.ts).
import { QC_QUEUE_DEFAULTS, type TQcQueueSettings, type TQcQueueSettingsUpdate } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import type { TAuditActor } from '../audit/record.ts';
import { findCampaignNamed, saveCampaignSettings } from '../campaigns/settings-frame.ts';

/** The campaign's id, or 404 naming it. */
export async function campaignIdOf(db: Db, campaignName: string): Promise<number> {
  return (await findCampaignNamed(db, campaignName)).id;
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
