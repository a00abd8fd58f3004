// What a client account may see (docs/guide/clients.md): the campaigns an admin gave it, and whether it may play their
// recordings. Every route a client may call asks here; anything else answers 403 to a client (the guard's roles).
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { TTokenPayload } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';
import { userIdOf } from '../../auth/access.ts';

/** Admins, QC inspectors and client accounts: the client QC records and their reports (a client: its campaigns'). */
export const CLIENT_QC_READERS = { roles: ['ADMIN', 'QC', 'CLIENT'] } as const;

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

/** Whether the session is a client account's. */
export function isClient(user: TTokenPayload): boolean {
  return user.roles.some((r) => r.roleName === 'CLIENT');
}

/**
 * A client may read client QC records only (never in-house ones): 403 for another kind. Answers the client's user id,
 * or undefined for anyone else (whose scope is the inspector's, qc/access.ts).
 */
export function clientRecordScope(user: TTokenPayload, kind: 'in-house' | 'client'): number | undefined {
  if (!isClient(user)) return undefined;
  if (kind !== 'client') throw forbidden();
  return userIdOf(user);
}

/** `campaignId` is one of the client account's campaigns: a condition for any table with a campaign id column. */
export function inClientCampaigns(campaignId: Expression<number | null>, userId: number): RawBuilder<boolean> {
  return sql<boolean>`${campaignId} in (select campaign_id from client_campaigns where user_id = ${userId})`;
}

/** A phone number masked in SQL as maskPhoneNumber (@crm/shared) does: "•" for each digit but the last 4. */
export function maskedPhoneSql(number: Expression<string>): RawBuilder<string> {
  const digits = sql`regexp_replace(${number}, '\\D', '', 'g')`;
  return sql<string>`case when ${digits} = '' then '' else repeat('•', greatest(length(${digits}) - 4, 3)) || right(${digits}, 4) end`;
}
