// Callbacks as the lists show them: one select of a callback with its lead, campaign and agent, and its reply shape.
import { localDayText, localTimeText, type TCallback } from '@crm/shared';
import type { Db } from '../../db/schema.ts';

/** The callbacks with what a list shows of each, and the lead's fields the full-quota check reads (blocks.ts). */
export function selectCallbacks(db: Db) {
  return db
    .selectFrom('callbacks as cb')
    .innerJoin('leads as l', 'l.id', 'cb.leadId')
    .innerJoin('campaigns as c', 'c.id', 'cb.campaignId')
    .innerJoin('users as u', 'u.id', 'cb.userId')
    .select([
      'cb.id',
      'cb.leadId',
      'cb.campaignId',
      'cb.userId',
      'cb.agentId',
      'u.name as agentName',
      'c.campaignName',
      'c.callbackGraceMinutes',
      'cb.dueAt',
      'cb.mineOnly',
      'cb.note',
      'cb.state',
      'cb.blockedReason',
      'cb.checkedAt',
      'l.cellNumber',
      'l.respondentName',
      'l.did',
      'l.dataStatus',
      'l.brId',
      'l.region',
      'l.territory',
      'l.area',
      'l.brand',
      'l.targetSelector',
      'l.fields',
      'l.isCalled',
    ]);
}

export type TCallbackRow = Awaited<ReturnType<ReturnType<typeof selectCallbacks>['executeTakeFirstOrThrow']>>;

/** The due time as people read it: yyyy-MM-dd HH:mm in the zone. */
export const atTextOf = (at: Date, timeZone: string) => `${localDayText(at, timeZone)} ${localTimeText(at, timeZone)}`;

/** The reply of one callback; `due` by the clock now, `blocked` as last checked (blocks.ts). */
export function toCallback(row: TCallbackRow, timeZone: string, now: Date, hasDraft: boolean): TCallback {
  return {
    id: Number(row.id),
    leadId: Number(row.leadId),
    cellNumber: row.cellNumber,
    respondentName: row.respondentName,
    campaignName: row.campaignName,
    at: row.dueAt.toISOString(),
    atText: atTextOf(row.dueAt, timeZone),
    mineOnly: row.mineOnly,
    note: row.note,
    agentId: row.agentId,
    agentName: row.agentName,
    due: row.dueAt.getTime() <= now.getTime(),
    blocked: row.blockedReason,
    hasDraft,
  };
}

/** Of these leads, those with a draft of the user's (the call left on the screen comes back when it is called). */
export async function findLeadsWithDraft(db: Db, userId: number, leadIds: readonly string[]): Promise<Set<string>> {
  if (leadIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('callDrafts')
    .select('leadId')
    .where('userId', '=', userId)
    .where('leadId', 'in', [...new Set(leadIds)])
    .execute();
  return new Set(rows.map((r) => r.leadId));
}
