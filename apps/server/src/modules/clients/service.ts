// A client account's own view (docs/guide/clients.md): who it is, the campaigns it may see and whether it may play
// their recordings.
import type { TClientMe } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

/** GET /api/clients/me: the account's name, its campaigns A to Z and its recordings flag. */
export async function findClientMe(db: Db, userId: number): Promise<TClientMe> {
  const account = await db
    .selectFrom('users')
    .select(['name', 'clientRecordings'])
    .where('id', '=', userId)
    .where('role', '=', 'client')
    .executeTakeFirst();
  if (!account) throw notFound('No client account is signed in');
  const campaigns = await db
    .selectFrom('clientCampaigns')
    .innerJoin('campaigns', 'campaigns.id', 'clientCampaigns.campaignId')
    .select(['campaigns.id as campaignId', 'campaigns.campaignName'])
    .where('clientCampaigns.userId', '=', userId)
    .orderBy('campaigns.campaignName')
    .execute();
  return { name: account.name, campaigns, recordingsAllowed: account.clientRecordings };
}
