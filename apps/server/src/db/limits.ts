// How long database work may take, per kind of work: every wait ends, so one slow table never freezes the server.
//
// Two pools. The interactive pool serves every screen and the agents' calls: short limits, so a locked table or a
// stuck query answers 503 in seconds and frees its connection. The bulk pool serves the long jobs (lead uploads,
// generate, regenerate, delete, CSV reports, QC exports): long limits, and connections of their own, so six
// uploads never take the connections the agents need. Every limit is enforced by PostgreSQL itself
// (statement_timeout, lock_timeout), so a request that answers "nothing was stored" was rolled back there.
import type pg from 'pg';

export type TDbLimits = {
  /** Connections of the interactive pool. */
  poolSize: number;
  /** How long a request waits for a free connection (either pool waits this long, the bulk pool 10×). */
  poolTimeoutMs: number;
  /** Longest statement of the interactive pool. */
  statementTimeoutMs: number;
  /** Longest wait of an interactive statement for a lock (a row another change holds, a locked table). */
  lockTimeoutMs: number;
  /** Connections of the bulk pool (an upload holds two: its COPY and the read of the stored numbers). */
  bulkPoolSize: number;
  /** Longest statement of the bulk pool: a whole COPY of an upload, a report's whole cursor. */
  bulkStatementTimeoutMs: number;
};

export const DEFAULT_DB_LIMITS: TDbLimits = {
  poolSize: 20,
  poolTimeoutMs: 3_000,
  statementTimeoutMs: 10_000,
  lockTimeoutMs: 2_000,
  bulkPoolSize: 16,
  bulkStatementTimeoutMs: 30 * 60_000,
};

/** A transaction left open by a request that went away is rolled back after this long, releasing its locks. */
const IDLE_IN_TRANSACTION_MS = 60_000;
/**
 * A connection lost without a word (a cable pulled, a host gone) is noticed by TCP keep-alive. (pg's client-side
 * query_timeout is not used: it fires on a COPY or a cursor that is still working and leaves the client half-used.)
 */
const KEEP_ALIVE_DELAY_MS = 10_000;

/**
 * Session settings every connection of the product starts with (sent as the startup packet's `options`, so they hold
 * from the first statement on, through PgBouncer in session mode too when `options` is among its tracked or ignored
 * parameters). JIT off: PostgreSQL's JIT compiles a statement whose estimated cost crosses jit_above_cost, which the
 * counts and scans of a few million leads do, and the compilation alone added 200–485 ms to them on PostgreSQL 15 (the
 * screens' queries are short; none gains from compiled expressions). See docs/performance.md.
 */
export const SESSION_OPTIONS = '-c jit=off';

export type TPoolKind = 'interactive' | 'bulk';

/** The node-postgres pool settings of one kind of work. */
export function poolSettings(kind: TPoolKind, limits: TDbLimits): pg.PoolConfig {
  const bulk = kind === 'bulk';
  const statementTimeoutMs = bulk ? limits.bulkStatementTimeoutMs : limits.statementTimeoutMs;
  return {
    max: bulk ? limits.bulkPoolSize : limits.poolSize,
    // Waiting for a free connection and opening a new one both end here (pg-pool: "timeout exceeded when trying to connect").
    connectionTimeoutMillis: bulk ? limits.poolTimeoutMs * 10 : limits.poolTimeoutMs,
    statement_timeout: statementTimeoutMs,
    // The bulk pool waits for locks as long as its statements may run: a second upload of a campaign waits for the first.
    ...(bulk ? {} : { lock_timeout: limits.lockTimeoutMs }),
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
    application_name: bulk ? 'crm-bulk' : 'crm',
    options: SESSION_OPTIONS,
  };
}
