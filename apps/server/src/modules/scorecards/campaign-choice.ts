// Which scorecard version a campaign's in-house and client QC use (docs/scorecards.md): read, and set by admins (audited);
// a campaign without a choice uses the built-in "Standard".
import {
  SCORECARD_MESSAGES,
  STANDARD_SCORECARD_ID,
  type TCampaignScorecards,
  type TCampaignScorecardsUpdate,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { invalidValue, notFound } from '../../http/errors.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { LOCAL_MESSAGES, findCampaignByName, lockScorecards } from './rows.ts';

async function campaignOf(db: Db, campaignName: string) {
  const campaign = await findCampaignByName(db, campaignName);
  if (!campaign) throw notFound(LOCAL_MESSAGES.unknownCampaign(campaignName.trim()));
  return campaign;
}

async function choiceOf(db: Db, campaign: { id: number; campaignName: string }): Promise<TCampaignScorecards> {
  const row = await db
    .selectFrom('campaignScorecards')
    .select(['inHouseId', 'clientId'])
    .where('campaignId', '=', campaign.id)
    .executeTakeFirst();
  const inHouseId = row?.inHouseId ?? STANDARD_SCORECARD_ID;
  const clientId = row?.clientId ?? STANDARD_SCORECARD_ID;
  const refs = await db
    .selectFrom('scorecards')
    .select(['id', 'scorecardId', 'name', 'version'])
    .where('id', 'in', [inHouseId, clientId])
    .execute();
  const ref = (id: number) => refs.find((r) => r.id === id)!;
  return { campaignName: campaign.campaignName, inHouse: ref(inHouseId), client: ref(clientId) };
}

/** GET /api/campaign-scorecards?campaignName=: the campaign's two versions (404 for an unknown campaign). */
export async function findCampaignScorecards(db: Db, campaignName: string): Promise<TCampaignScorecards> {
  return choiceOf(db, await campaignOf(db, campaignName));
}

/** 400 naming the field unless the id is a published version. */
async function checkPublished(db: Db, field: 'inHouse' | 'client', id: number): Promise<void> {
  const row = await db.selectFrom('scorecards').select('state').where('id', '=', id).executeTakeFirst();
  if (!row) throw invalidValue(`${field}: ${SCORECARD_MESSAGES.noSuchScorecard(id)}`, field);
  if (row.state !== 'published') throw invalidValue(SCORECARD_MESSAGES.notPublished(field, id), field);
}

/** PUT /api/campaign-scorecards: the campaign's versions, both published; audited when they change. */
export async function updateCampaignScorecards(
  db: Db,
  body: TCampaignScorecardsUpdate,
  actor: TAuditActor,
): Promise<TCampaignScorecards> {
  return db.transaction().execute(async (trx) => {
    // The same lock as a retire: a version cannot be retired between this check and this choice.
    await lockScorecards(trx);
    const campaign = await campaignOf(trx, body.campaignName);
    await checkPublished(trx, 'inHouse', body.inHouse);
    await checkPublished(trx, 'client', body.client);
    const before = await choiceOf(trx, campaign);
    if (before.inHouse.id === body.inHouse && before.client.id === body.client) return before;
    await trx
      .insertInto('campaignScorecards')
      .values({ campaignId: campaign.id, inHouseId: body.inHouse, clientId: body.client, updatedBy: actor.username })
      .onConflict((oc) =>
        oc.column('campaignId').doUpdateSet({
          inHouseId: body.inHouse,
          clientId: body.client,
          updatedBy: actor.username,
          updatedAt: new Date(),
        }),
      )
      .execute();
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'campaignScorecards',
      objectId: campaign.campaignName,
      changes: {
        before: { inHouse: before.inHouse.id, client: before.client.id },
        after: { inHouse: body.inHouse, client: body.client },
      },
    });
    return choiceOf(trx, campaign);
  });
}
