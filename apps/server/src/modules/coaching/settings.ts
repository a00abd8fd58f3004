// The per-campaign coaching settings (docs/coaching.md, Settings): the QC queue's sampling factor while a session is
// open, how many records the before/after figure compares, the acknowledgement window. A campaign without its own row
// uses COACHING_DEFAULTS; the QC queue reads the factor in its own SQL.
import { COACHING_DEFAULTS, type TCoachingSettings, type TCoachingSettingsUpdate } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import type { TAuditActor } from '../audit/record.ts';
import { saveCampaignSettings } from '../campaigns/settings-frame.ts';

type TValues = Pick<TCoachingSettings, 'samplingFactor' | 'compareCount' | 'acknowledgeDays'>;

/** A campaign's values, or the defaults. */
export async function readCoachingSettings(db: Db, campaignId: number): Promise<TValues> {
  const row = await db
    .selectFrom('coachingSettings')
    .select(['samplingFactor', 'compareCount', 'acknowledgeDays'])
    .where('campaignId', '=', campaignId)
    .executeTakeFirst();
  return row ? { ...row, samplingFactor: Number(row.samplingFactor) } : { ...COACHING_DEFAULTS };
}

/** Every active campaign's settings, by name. */
export async function listCoachingSettings(db: Db): Promise<TCoachingSettings[]> {
  const rows = await db
    .selectFrom('campaigns')
    .leftJoin('coachingSettings as s', 's.campaignId', 'campaigns.id')
    .select(['campaigns.id', 'campaigns.campaignName', 's.samplingFactor', 's.compareCount', 's.acknowledgeDays'])
    .where('campaigns.status', '=', true)
    .orderBy('campaigns.campaignName')
    .execute();
  return rows.map((r) => ({
    campaignId: r.id,
    campaignName: r.campaignName,
    samplingFactor: r.samplingFactor === null ? COACHING_DEFAULTS.samplingFactor : Number(r.samplingFactor),
    compareCount: r.compareCount ?? COACHING_DEFAULTS.compareCount,
    acknowledgeDays: r.acknowledgeDays ?? COACHING_DEFAULTS.acknowledgeDays,
    isDefault: r.compareCount === null,
  }));
}

/** PUT: the campaign's own values from now on (a held session keeps the due time it was given); audited. */
export async function updateCoachingSettings(
  db: Db,
  campaignName: string,
  input: TCoachingSettingsUpdate,
  actor: TAuditActor,
): Promise<TCoachingSettings> {
  return saveCampaignSettings(db, campaignName, input, actor, 'coaching', async (trx, campaignId) => {
    const before = await readCoachingSettings(trx, campaignId);
    const values = { ...input, updatedAt: new Date(), updatedBy: actor.username };
    await trx
      .insertInto('coachingSettings')
      .values({ campaignId, ...values })
      .onConflict((oc) => oc.column('campaignId').doUpdateSet(values))
      .execute();
    return before;
  });
}
