// Suspicious completes counted per agent and day, for productivity's figures (docs/guide/suspicious.md).
import { machineTimeZone } from '@crm/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { completesBetween, dayStart, isFlagged, judgedCompletes } from './flags.ts';

export type TSuspiciousCountQuery = {
  /** yyyy-MM-dd, local time (TIME_ZONE), both included. */
  from: string;
  to: string;
  campaignId?: number;
  /** The call centre's zone (config.timeZone) whose days these are; the machine's when missing. */
  timeZone?: string;
};

/** Flagged completes per agent (users.id) and call day (yyyy-MM-dd): `${userId}|${day}` → count. */
export async function countSuspicious(db: Db, query: TSuspiciousCountQuery): Promise<Map<string, number>> {
  const tz = query.timeZone ?? machineTimeZone();
  const completes = completesBetween(
    dayStart(sql`${query.from}::date`, tz),
    dayStart(sql`${query.to}::date + 1`, tz),
    query.campaignId,
  );
  const { rows } = await sql<{ userId: number; callDate: string; n: number }>`
    select j.user_id, j.call_date::text as call_date, count(*)::int as n
    from (${judgedCompletes(completes, tz)}) j
    where ${isFlagged('j')}
    group by j.user_id, j.call_date`.execute(db);
  return new Map(rows.map((r) => [`${r.userId}|${r.callDate}`, r.n]));
}
