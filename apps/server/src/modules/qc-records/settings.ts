// A campaign's acknowledgement window (docs/qc-records.md, Settings): the days an agent has to acknowledge an in-house
// QC record of the campaign before it is overdue; the default without a window of its own. Kept by admins, audited.
import {
  DEFAULT_ACKNOWLEDGEMENT_WINDOW_DAYS,
  QC_RECORDS_MESSAGES,
  type TAcknowledgementSettings,
  type TAcknowledgementSettingsUpdate,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';

async function campaignOf(db: Db, campaignName: string): Promise<{ id: number; campaignName: string }> {
  const campaign = await db
    .selectFrom('campaigns')
    .select(['id', 'campaignName'])
    .where('campaignName', '=', campaignName)
    .executeTakeFirst();
  if (!campaign) throw notFound(QC_RECORDS_MESSAGES.noCampaign(campaignName));
  return campaign;
}

async function settingsOf(db: Db, campaign: { id: number; campaignName: string }): Promise<TAcknowledgementSettings> {
  const row = await db
    .selectFrom('qcAcknowledgementWindows')
    .selectAll()
    .where('campaignId', '=', campaign.id)
    .executeTakeFirst();
  return {
    campaignName: campaign.campaignName,
    acknowledgementWindowDays: row?.windowDays ?? DEFAULT_ACKNOWLEDGEMENT_WINDOW_DAYS,
    isDefault: row === undefined,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row?.updatedBy ?? null,
  };
}

export async function findAcknowledgementSettings(db: Db, campaignName: string): Promise<TAcknowledgementSettings> {
  return settingsOf(db, await campaignOf(db, campaignName));
}

/** PUT: the campaign's window from now on (records already overdue and told of stay told of). */
export async function updateAcknowledgementSettings(
  db: Db,
  user: TTokenPayload,
  campaignName: string,
  body: TAcknowledgementSettingsUpdate,
  actor: TAuditActor,
): Promise<TAcknowledgementSettings> {
  const campaign = await campaignOf(db, campaignName);
  await db.transaction().execute(async (trx) => {
    const before = await settingsOf(trx, campaign);
    const values = { windowDays: body.acknowledgementWindowDays, updatedAt: new Date(), updatedBy: user.userName };
    await trx
      .insertInto('qcAcknowledgementWindows')
      .values({ campaignId: campaign.id, ...values })
      .onConflict((oc) => oc.column('campaignId').doUpdateSet(values))
      .execute();
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'qcSettings',
      objectId: campaign.campaignName,
      changes: {
        before: { acknowledgementWindowDays: before.acknowledgementWindowDays },
        after: { acknowledgementWindowDays: body.acknowledgementWindowDays },
        note: 'acknowledgement window',
      },
    });
  });
  return settingsOf(db, campaign);
}
