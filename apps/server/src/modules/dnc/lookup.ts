// Whether a number may be called for a campaign: the do-not-call entry that blocks it (docs/guide/dnc.md), and its message.
import { localDayText } from '@crm/shared';
import type { Db } from '../../db/schema.ts';

export type TDncBlock = { list: 'system' | 'campaign'; since: string };

/** A list entry (campaign null: the system list) as the block it makes: its list, and its day in `timeZone`. */
export function dncBlockOf(entry: { campaignId: number | null; createdAt: Date }, timeZone: string): TDncBlock {
  return { list: entry.campaignId === null ? 'system' : 'campaign', since: localDayText(entry.createdAt, timeZone) };
}

/**
 * The entry that blocks `phoneNumber` (E.164) for the campaign: the oldest of the system list's and the campaign
 * list's entries for it, or null. `since` is its created_at as yyyy-MM-dd in `timeZone` (the server's zone).
 */
export async function findDncEntry(
  db: Db,
  phoneNumber: string,
  campaignId: number,
  timeZone: string,
): Promise<TDncBlock | null> {
  const row = await db
    .selectFrom('dncNumbers')
    .select(['campaignId', 'createdAt'])
    .where('phoneNumber', '=', phoneNumber)
    .where((eb) => eb.or([eb('campaignId', 'is', null), eb('campaignId', '=', campaignId)]))
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row ? dncBlockOf(row, timeZone) : null;
}

/** "Do not call: on the system list since 2026-11-20" (or "on the campaign list"). */
export function dncMessage(entry: TDncBlock): string {
  return `Do not call: on the ${entry.list} list since ${entry.since}`;
}
