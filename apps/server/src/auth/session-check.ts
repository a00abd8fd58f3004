// Whether a verified token still stands for a live session: its user active, and an agent's sign-in not ended.
// Checked on every request, so the checks of one event-loop turn share one query (db/batch.ts).
import type { TTokenPayload } from '@crm/shared';
import { createBatchLoader } from '../db/batch.ts';
import { poolOf } from '../db/database.ts';
import type { Db } from '../db/schema.ts';

export type SessionCheck = (token: TTokenPayload) => Promise<boolean>;

type Key = { userId: number; sid: number | undefined };

/**
 * One row per active user asked, plus one per open sign-in of that user among the sign-ins asked. A named
 * (prepared) statement: it runs on every request, so PostgreSQL parses and plans it once per connection.
 */
const LIVE = {
  name: 'session-check',
  text: `select u.id as user_id, s.id as sid
         from users u
         left join agent_sessions s on s.user_id = u.id and s.id = any($2::int[]) and s.signed_out_at is null
         where u.id = any($1::int[]) and u.active`,
};

/** The live ones of the given (user, sign-in) pairs, by `${userId}:${sid}`. */
async function findLive(db: Db, keys: Key[]): Promise<Map<string, true>> {
  const userIds = [...new Set(keys.map((k) => k.userId))];
  const sids = [...new Set(keys.flatMap((k) => (k.sid === undefined ? [] : [k.sid])))];
  const { rows } = await poolOf(db).query<{ user_id: number; sid: number | null }>({ ...LIVE, values: [userIds, sids] });
  const live = new Map<string, true>();
  for (const r of rows) {
    live.set(`${r.user_id}:`, true);
    if (r.sid !== null) live.set(`${r.user_id}:${r.sid}`, true);
  }
  return live;
}

export function createSessionCheck(db: Db): SessionCheck {
  const loader = createBatchLoader<Key, true>((keys) => findLive(db, keys), (k) => `${k.userId}:${k.sid ?? ''}`);
  return async (token) => {
    const userId = Number(token.sub);
    if (!Number.isSafeInteger(userId)) return false;
    return (await loader.load({ userId, sid: token.sid })) === true;
  };
}
