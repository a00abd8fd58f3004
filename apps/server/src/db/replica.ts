// Heavy reads on a PostgreSQL streaming replica (READ_DATABASE_URL) while it is fresh enough, on the primary otherwise.
//
// How fresh the replica is, is measured, not guessed: every poll notes the time and then the primary's WAL position
// (pg_current_wal_lsn); once the replica has replayed up to a noted position, it holds every change committed before
// that noted time (`freshThrough`). A read goes to the replica only when freshThrough is at most maxLagMs old, and,
// for a signed-in user, only when that user's own last change (noteWrite) was committed before freshThrough: people
// always see what they have just done. Anything else (the replica down, not a standby, behind, the polls failing)
// sends the reads to the primary until the replica is fresh again. See docs/architecture.md §12 and docs/operations.md, Read replica.
import pg from 'pg';
import { createKysely, keepClientErrors, withSessionOptions } from './connect.ts';
import { poolSettings, type TDbLimits } from './limits.ts';
import type { Db } from './schema.ts';

/** The two pools of one database: interactive (short limits) and bulk (long limits), db/limits.ts. */
export type TReadPools = { db: Db; bulkDb: Db };

export type TReadState = {
  /** Whether READ_DATABASE_URL is set. */
  configured: boolean;
  /** Whether heavy reads go to the replica now (for a user with no recent change). */
  inUse: boolean;
  /** At most how far behind the primary the replica is (ms), when measured. */
  lagMs: number | null;
  /** Why the reads go to the primary, when configured but not in use. */
  reason: string | null;
};

export type ReadRouter = {
  /** Where an interactive heavy read goes now (the user's id, when signed in: their own changes must show). */
  db: (userId?: string) => Db;
  /** Where a long heavy read (a report, an export) goes now. */
  bulkDb: (userId?: string) => Db;
  /** A user's change was committed (called after the reply): their reads stay on the primary until the replica has it. */
  noteWrite: (userId: string) => void;
  state: () => TReadState;
  close: () => Promise<void>;
};

/** No replica: every read on the primary. */
export function primaryReads(primary: TReadPools): ReadRouter {
  return {
    db: () => primary.db,
    bulkDb: () => primary.bulkDb,
    noteWrite: () => undefined,
    state: () => ({ configured: false, inUse: false, lagMs: null, reason: null }),
    close: async () => undefined,
  };
}

/** A WAL position ('16/B374D848') as a number that orders like it. */
export function parseLsn(text: string): bigint {
  const [hi = '', lo = ''] = text.split('/');
  if (!/^[0-9A-Fa-f]{1,8}$/.test(hi) || !/^[0-9A-Fa-f]{1,8}$/.test(lo)) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
}

export type ReadRouterOptions = {
  primary: TReadPools;
  primaryUrl: string;
  replicaUrl: string;
  maxLagMs: number;
  limits: TDbLimits;
  /** How often the positions are read; a quarter of maxLagMs, at most 500 ms, when not given. */
  pollMs?: number;
  /** Told when the reads move between the replica and the primary, with the reason. */
  log?: (line: string, level: 'info' | 'warn') => void;
};

/** One check may take this long: a replica that does not answer in time is not used. */
const CHECK_TIMEOUT_MS = 1_000;

/** A connection of its own for the checks, so a busy pool never delays them. */
function checkPool(url: string, name: string): pg.Pool {
  const pool = new pg.Pool({
    max: 1,
    ...withSessionOptions(url),
    application_name: name,
    connectionTimeoutMillis: CHECK_TIMEOUT_MS,
    statement_timeout: CHECK_TIMEOUT_MS,
    keepAlive: true,
  });
  pool.on('connect', keepClientErrors);
  pool.on('error', () => {});
  return pool;
}

function reasonOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Opens the replica's pools and starts measuring it; resolves after the first measurement. */
export async function createReadRouter(options: ReadRouterOptions): Promise<ReadRouter> {
  const { primary, maxLagMs } = options;
  const pollMs = options.pollMs ?? Math.max(50, Math.min(500, Math.floor(maxLagMs / 4)));
  const readOnly = (kind: 'interactive' | 'bulk') => {
    const settings = poolSettings(kind, options.limits);
    return {
      ...settings,
      application_name: `${settings.application_name ?? 'crm'}-read`,
      options: `${settings.options ?? ''} -c default_transaction_read_only=on`.trim(),
    };
  };
  const replica: TReadPools = {
    db: createKysely(options.replicaUrl, readOnly('interactive')),
    bulkDb: createKysely(options.replicaUrl, readOnly('bulk')),
  };
  const primaryCheck = checkPool(options.primaryUrl, 'crm-read-check');
  const replicaCheck = checkPool(options.replicaUrl, 'crm-read-check');

  /** Primary WAL positions noted at times, oldest first. */
  let samples: { at: number; lsn: bigint }[] = [];
  /** The replica holds every change committed on the primary before this time (ms since the epoch). */
  let freshThrough = Number.NEGATIVE_INFINITY;
  let problem: string | null = 'not measured yet';
  /** When each user's last change was committed, while the replica may not have it yet. */
  const lastWrite = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let wasInUse = false;

  async function measure(): Promise<void> {
    const at = Date.now();
    try {
      const noted = await primaryCheck.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      samples.push({ at, lsn: parseLsn(noted.rows[0]?.lsn ?? '') });
    } catch (e) {
      problem = `the primary's WAL position could not be read: ${reasonOf(e)}`;
      return;
    }
    try {
      const r = await replicaCheck.query<{ standby: boolean; replayed: string | null }>(
        'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed',
      );
      const row = r.rows[0];
      if (!row?.standby) {
        problem = 'READ_DATABASE_URL is not a standby (pg_is_in_recovery() is false)';
        return;
      }
      if (row.replayed === null) {
        problem = 'the replica has not replayed anything yet';
        return;
      }
      const replayed = parseLsn(row.replayed);
      for (const s of samples) if (s.lsn <= replayed && s.at > freshThrough) freshThrough = s.at;
      problem = null;
    } catch (e) {
      problem = `the replica does not answer: ${reasonOf(e)}`;
    } finally {
      // Positions older than what the replica is known to hold, or too old to matter, are not needed any more.
      const keepFrom = Math.max(freshThrough, Date.now() - 2 * maxLagMs);
      samples = samples.filter((s) => s.at >= keepFrom);
      for (const [user, wrote] of lastWrite) if (wrote < freshThrough) lastWrite.delete(user);
    }
  }

  function lagOf(now: number): number | null {
    return Number.isFinite(freshThrough) ? Math.max(0, now - freshThrough) : null;
  }

  function whyNot(now: number): string | null {
    if (problem !== null) return problem;
    const lag = lagOf(now);
    if (lag === null || lag > maxLagMs)
      return `the replica is ${lag === null ? 'not caught up' : `${lag} ms`} behind (READ_MAX_LAG_MS=${maxLagMs})`;
    return null;
  }

  function useReplica(userId: string | undefined): boolean {
    if (whyNot(Date.now()) !== null) return false;
    const wrote = userId === undefined ? undefined : lastWrite.get(userId);
    return wrote === undefined || wrote < freshThrough;
  }

  function report(): void {
    const reason = whyNot(Date.now());
    const inUse = reason === null;
    if (inUse !== wasInUse)
      options.log?.(
        inUse ? 'heavy reads go to the read replica' : `heavy reads go to the primary: ${reason}`,
        inUse ? 'info' : 'warn',
      );
    wasInUse = inUse;
  }

  async function loop(): Promise<void> {
    await measure();
    report();
    if (!closed) timer = setTimeout(() => void loop(), pollMs).unref();
  }

  await measure();
  wasInUse = whyNot(Date.now()) === null;
  options.log?.(
    wasInUse ? 'heavy reads go to the read replica' : `heavy reads go to the primary: ${whyNot(Date.now()) ?? ''}`,
    wasInUse ? 'info' : 'warn',
  );
  timer = setTimeout(() => void loop(), pollMs).unref();

  return {
    db: (userId) => (useReplica(userId) ? replica.db : primary.db),
    bulkDb: (userId) => (useReplica(userId) ? replica.bulkDb : primary.bulkDb),
    noteWrite: (userId) => {
      lastWrite.set(userId, Date.now());
    },
    state: () => {
      const now = Date.now();
      const reason = whyNot(now);
      return { configured: true, inUse: reason === null, lagMs: lagOf(now), reason };
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await Promise.all([replica.db.destroy(), replica.bulkDb.destroy(), primaryCheck.end(), replicaCheck.end()]);
    },
  };
}
