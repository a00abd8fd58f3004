// Whether a verified token still stands for a live session: its user active, of the token's version (no sign-out,
// new password or disable since it was made), and an agent's sign-in not ended; and for an agent, the campaign of that
// sign-in record (by id, with its name now), which is what the agent may work on (docs/trust.md, Sessions and tokens).
// Checked on every request, so the checks of one event-loop turn share one query (db/batch.ts).
import type { TTokenPayload } from '@crm/shared';
import { createBatchLoader } from '../db/batch.ts';
import { poolOf } from '../db/database.ts';
import type { Db } from '../db/schema.ts';

/** The sign-in record behind an agent's token: its campaign's id and that campaign's name now (null once deleted). */
export type TSignIn = { sid: number; campaignId: number | null; campaignName: string | null };

/** A live session: the sign-in record for an agent's token, null for a token without one (admins, inspectors). */
export type LiveSession = { signIn: TSignIn | null };

export type SessionCheck = (token: TTokenPayload) => Promise<boolean>;
export type SessionLookup = (token: TTokenPayload) => Promise<LiveSession | null>;

type Key = { userId: number; sid: number | undefined };
type Found = { tokenVersion: number; signIn: TSignIn | null };

/**
 * One row per active user asked, plus one per open sign-in of that user among the sign-ins asked, with the sign-in's
 * campaign as it is now. A named (prepared) statement: it runs on every request, so PostgreSQL parses and plans it
 * once per connection.
 */
const LIVE = {
  name: 'session-check-campaign',
  text: `select u.id as user_id, u.token_version, s.id as sid, s.campaign_id, c.campaign_name
         from users u
         left join agent_sessions s on s.user_id = u.id and s.id = any($2::int[]) and s.signed_out_at is null
         left join campaigns c on c.id = s.campaign_id
         where u.id = any($1::int[]) and u.active`,
};

type Row = {
  user_id: number;
  token_version: number;
  sid: number | null;
  campaign_id: number | null;
  campaign_name: string | null;
};

/** The live ones of the given (user, sign-in) pairs, by `${userId}:${sid}`, with the user's token version. */
async function findLive(db: Db, keys: Key[]): Promise<Map<string, Found>> {
  const userIds = [...new Set(keys.map((k) => k.userId))];
  const sids = [...new Set(keys.flatMap((k) => (k.sid === undefined ? [] : [k.sid])))];
  const { rows } = await poolOf(db).query<Row>({ ...LIVE, values: [userIds, sids] });
  const live = new Map<string, Found>();
  for (const r of rows) {
    live.set(`${r.user_id}:`, { tokenVersion: r.token_version, signIn: null });
    if (r.sid !== null)
      live.set(`${r.user_id}:${r.sid}`, {
        tokenVersion: r.token_version,
        signIn: { sid: r.sid, campaignId: r.campaign_id, campaignName: r.campaign_name },
      });
  }
  return live;
}

/** The live session a token stands for, or null when it no longer stands for one. */
export function createSessionLookup(db: Db): SessionLookup {
  const loader = createBatchLoader<Key, Found>(
    (keys) => findLive(db, keys),
    (k) => `${k.userId}:${k.sid ?? ''}`,
  );
  return async (token) => {
    const userId = Number(token.sub);
    if (!Number.isSafeInteger(userId)) return null;
    const found = await loader.load({ userId, sid: token.sid });
    // A token made before token versions existed counts as version 0, as every user began.
    if (found === undefined || found.tokenVersion !== (token.tv ?? 0)) return null;
    return { signIn: found.signIn };
  };
}
