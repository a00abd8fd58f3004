// Suspicious completes counted per agent and day, for productivity's figures (docs/guide/suspicious.md): from the
// per-day summary (migration 0043) when its days are cut in the zone asked for, else judged from the completes.
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
  const { rows: zone } = await sql<{ timeZone: string }>`
    select time_zone as "timeZone" from agent_day_calls_zone`.execute(db);
  return zone[0]?.timeZone === tz ? readSuspiciousDays(db, query) : judgeSuspicious(db, { ...query, timeZone: tz });
}

/** From suspicious_days (kept by migration 0043's triggers in the summary's zone): one row per agent-day flagged. */
async function readSuspiciousDays(db: Db, query: TSuspiciousCountQuery): Promise<Map<string, number>> {
  const onCampaign = query.campaignId === undefined ? sql`true` : sql`d.campaign_id = ${query.campaignId}`;
  const { rows } = await sql<{ key: string; n: number }>`
    select d.user_id || '|' || to_char(d.day, 'YYYY-MM-DD') as key, sum(d.flagged)::int as n
    from suspicious_days d
    where d.day between ${query.from}::date and ${query.to}::date and ${onCampaign}
    group by d.user_id, d.day`.execute(db);
  return new Map(rows.map((r) => [r.key, r.n]));
}

/** Each complete of the range judged as it is read (docs/guide/suspicious.md, How a call is flagged). */
export async function judgeSuspicious(
  db: Db,
  query: TSuspiciousCountQuery & { timeZone: string },
): Promise<Map<string, number>> {
  const tz = query.timeZone;
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
