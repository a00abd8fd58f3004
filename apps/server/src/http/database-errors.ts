// Database failures as the user sees them: an outage, a full disk or a busy server, each with its status and words.
import { MESSAGES } from '@crm/shared';
import { SQLSTATE, errorCode } from '../db/pg-errors.ts';

/** unavailable: no connection (down, restarting, cut off); disk-full: PostgreSQL could not write; busy: a time-out. */
export type TDatabaseFailure = 'unavailable' | 'disk-full' | 'busy';

/** What each SQLSTATE means to the user; class 08 (connection exceptions) is unavailable as a whole. */
const BY_SQLSTATE: Record<string, TDatabaseFailure> = {
  [SQLSTATE.diskFull]: 'disk-full',
  [SQLSTATE.queryCanceled]: 'busy',
  [SQLSTATE.lockNotAvailable]: 'busy',
  [SQLSTATE.serializationFailure]: 'busy',
  [SQLSTATE.deadlockDetected]: 'busy',
  [SQLSTATE.outOfMemory]: 'busy',
  [SQLSTATE.tooManyConnections]: 'busy',
  [SQLSTATE.adminShutdown]: 'unavailable',
  [SQLSTATE.crashShutdown]: 'unavailable',
  [SQLSTATE.cannotConnectNow]: 'unavailable',
};

/** Node's socket errors on the way to the database. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** node-postgres and pg-pool say these in words, without a code. */
const UNAVAILABLE_WORDS = [/^Connection terminated/, /is not queryable/, /^Connection terminated due to connection timeout/];
/** pg-pool: no connection free within the pool's time-out (or a new one not opened in time). */
const POOL_TIMEOUT = /^timeout exceeded when trying to connect/;

export function classifyDatabaseError(e: unknown): TDatabaseFailure | undefined {
  if (typeof e !== 'object' || e === null) return undefined;
  const code = errorCode(e);
  if (code !== undefined) {
    const known = BY_SQLSTATE[code];
    if (known) return known;
    if (/^08[0-9A-Z]{3}$/.test(code) || NETWORK_CODES.has(code)) return 'unavailable';
  }
  const message = 'message' in e && typeof e.message === 'string' ? e.message : '';
  if (POOL_TIMEOUT.test(message)) return 'busy';
  if (UNAVAILABLE_WORDS.some((w) => w.test(message))) return 'unavailable';
  return undefined;
}

/** The status and words of a failure; a read is told it is busy without the "nothing was stored" of a write. */
export function databaseFailureReply(failure: TDatabaseFailure, method: string): { status: number; message: string } {
  if (failure === 'disk-full') return { status: 507, message: MESSAGES.database.diskFull };
  if (failure === 'unavailable') return { status: 503, message: MESSAGES.database.unavailable };
  const reading = method === 'GET' || method === 'HEAD';
  return { status: 503, message: reading ? MESSAGES.database.busyReading : MESSAGES.database.busy };
}
