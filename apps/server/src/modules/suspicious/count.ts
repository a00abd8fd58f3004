// Suspicious completes counted per agent and day, for productivity's figures (docs/guide/suspicious.md).
import type { Db } from '../../db/schema.ts';

export type TSuspiciousCountQuery = {
  /** yyyy-MM-dd, local time (TIME_ZONE), both included. */
  from: string;
  to: string;
  campaignId?: number;
};

/** Flagged completes per agent (users.id) and call day (yyyy-MM-dd): `${userId}|${day}` → count. */
export async function countSuspicious(_db: Db, _query: TSuspiciousCountQuery): Promise<Map<string, number>> {
  return new Map();
}
