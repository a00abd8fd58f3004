// Whether a verified token still stands for a live session: its user active, of the token's version (no sign-out,
// new password or disable since it was made), and an agent's sign-in not ended.
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
  text: `select u.id as user_id, u.token_version, s.id as sid
         from users u
         left join agent_sessions s on s.user_id = u.id and s.id = any($2::int[]) and s.signed_out_at is null
         where u.id = any($1::int[]) and u.active`,
};

/** The live ones of the given (user, sign-in) pairs, by `${userId}:${sid}`, with the user's token version. */
async function findLive(db: Db, keys: Key[]): Promise<Map<string, number>> {
  const userIds = [...new Set(keys.map((k) => k.userId))];
  const sids = [...new Set(keys.flatMap((k) => (k.sid === undefined ? [] : [k.sid])))];
  const { rows } = await poolOf(db).query<{ user_id: number; token_version: number; sid: number | null }>({ ...LIVE, values: [userIds, sids] });
  const live = new Map<string, number>();
  for (const r of rows) {
    live.set(`${r.user_id}:`, r.token_version);
    if (r.sid !== null) live.set(`${r.user_id}:${r.sid}`, r.token_version);
  }
  return live;
}

export function createSessionCheck(db: Db): SessionCheck {
  const loader = createBatchLoader<Key, number>((keys) => findLive(db, keys), (k) => `${k.userId}:${k.sid ?? ''}`);
  return async (token) => {
    const userId = Number(token.sub);
    if (!Number.isSafeInteger(userId)) return false;
    // A token made before token versions existed counts as version 0, as every user began.
    return (await loader.load({ userId, sid: token.sid })) === (token.tv ?? 0);
  };
}
