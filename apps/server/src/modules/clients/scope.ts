// What a client account may see (docs/guide/clients.md): the campaigns an admin gave it, and whether it may play their
// recordings. Every route a client may call asks here; anything else answers 403 to a client (the guard's roles).
import type { Db } from '../../db/schema.ts';

/** The ids of the campaigns the client account may see (none for an unknown or inactive account). */
export async function findClientCampaignIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('clientCampaigns')
    .innerJoin('users', 'users.id', 'clientCampaigns.userId')
    .select('clientCampaigns.campaignId')
    .where('clientCampaigns.userId', '=', userId)
    .where('users.role', '=', 'client')
    .where('users.active', '=', true)
    .execute();
  return rows.map((r) => r.campaignId);
}
