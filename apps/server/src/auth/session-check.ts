// Whether a verified token still stands for a live session: its user active, and an agent's sign-in not ended.
// Checked on every request, so the reads of one event-loop turn share one query (db/batch.ts).
import { sql } from 'kysely';
import type { TTokenPayload } from '@crm/shared';
import { createBatchLoader } from '../db/batch.ts';
import type { Db } from '../db/schema.ts';

export type SessionCheck = (token: TTokenPayload) => Promise<boolean>;

export function createSessionCheck(db: Db): SessionCheck {
  const activeUsers = createBatchLoader<number, true>(
    async (ids) => {
      const rows = await db.selectFrom('users').select('id').where('id', '=', sql<number>`any(${ids}::int[])`).where('active', '=', true).execute();
      return new Map(rows.map((r) => [String(r.id), true as const]));
    },
    String,
  );
  const openSessions = createBatchLoader<number, true>(
    async (ids) => {
      const rows = await db
        .selectFrom('agentSessions')
        .select('id')
        .where('id', '=', sql<number>`any(${ids}::int[])`)
        .where('signedOutAt', 'is', null)
        .execute();
      return new Map(rows.map((r) => [String(r.id), true as const]));
    },
    String,
  );
  return async (token) => {
    const userId = Number(token.sub);
    if (!Number.isSafeInteger(userId)) return false;
    const [active, open] = await Promise.all([activeUsers.load(userId), token.sid === undefined ? true : openSessions.load(token.sid)]);
    return active === true && open === true;
  };
}
