// The lock that keeps a send to one process at a time (docs/guide/dialer.md, "Two servers"): a PostgreSQL advisory
// lock held on a connection of the worker's own. PostgreSQL lets it go the moment that connection ends (the process
// killed, the backend terminated, a proxy or NAT dropping an idle connection), so the holder must stop the moment it
// may have lost it: `lost` is aborted when the connection reports an error or ends, and `stillHeld` asks PostgreSQL
// before each batch (which also keeps the connection from sitting idle). TCP keep-alive keeps a NAT's mapping open.
import pg from 'pg';
import { keepClientErrors } from '../../../db/database.ts';

/** The advisory lock's first key: the sends' own space, apart from any other lock of the application. */
export const SEND_LOCK_SPACE = 72_021;
/** The most a lock check may take; longer, and the lock is treated as lost (the connection cannot be trusted). */
const CHECK_TIMEOUT_MS = 5000;
const KEEPALIVE_DELAY_MS = 10_000;

export type TSendLock = {
  /** Aborted once the lock's connection reported an error or ended: the lock may be someone else's now. */
  lost: AbortSignal;
  /** Whether this connection still holds the lock (false when the check fails or takes too long). */
  stillHeld: () => Promise<boolean>;
  /** Lets the lock go and closes its connection. */
  release: () => Promise<void>;
};

/** Takes send `sendId`'s lock on a new connection; null when another process holds it. */
export async function takeSendLock(pool: pg.Pool, sendId: number): Promise<TSendLock | null> {
  const client = new pg.Client({
    ...pool.options,
    application_name: 'crm-dialer-send',
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    query_timeout: CHECK_TIMEOUT_MS,
  });
  keepClientErrors(client);
  const lost = new AbortController();
  client.on('error', () => lost.abort());
  client.on('end', () => lost.abort());
  const close = () => client.end().catch(() => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
      SEND_LOCK_SPACE,
      sendId,
    ]);
    if (rows[0]?.ok !== true) {
      await close();
      return null;
    }
  } catch (e) {
    await close();
    throw e;
  }
  return {
    lost: lost.signal,
    stillHeld: async () => {
      if (lost.signal.aborted) return false;
      try {
        // A two-key advisory lock is listed with the keys as classid and objid, and objsubid 2.
        const { rows } = await client.query<{ held: boolean }>(
          `select exists (select 1 from pg_locks where locktype = 'advisory' and classid = $1 and objid = $2 and objsubid = 2
                             and pid = pg_backend_pid() and granted) as held`,
          [SEND_LOCK_SPACE, sendId],
        );
        return rows[0]?.held === true && !lost.signal.aborted;
      } catch {
        lost.abort();
        return false;
      }
    },
    release: async () => {
      if (!lost.signal.aborted)
        await client.query('select pg_advisory_unlock($1, $2)', [SEND_LOCK_SPACE, sendId]).catch(() => undefined);
      await close();
    },
  };
}
