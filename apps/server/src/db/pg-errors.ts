// PostgreSQL's error codes (SQLSTATE, its documentation's appendix A) that the server acts on, the checks on them, and
// what a failure of the database means (an outage, a full disk, a busy server).

export const SQLSTATE = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  restrictViolation: '23001', // an ON DELETE RESTRICT reference, from PostgreSQL 18 on (23503 before)
  diskFull: '53100',
  outOfMemory: '53200',
  tooManyConnections: '53300',
  queryCanceled: '57014', // statement_timeout
  lockNotAvailable: '55P03', // lock_timeout
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  adminShutdown: '57P01', // stopped, or this backend terminated
  crashShutdown: '57P02',
  cannotConnectNow: '57P03', // starting up or shutting down
} as const;

/** The error's code (a SQLSTATE from PostgreSQL, or Node's socket code), if it has one. */
export function errorCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
}

/** A unique constraint refused the row; `constraint` narrows it to one constraint. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  if (errorCode(e) !== SQLSTATE.uniqueViolation) return false;
  return (
    constraint === undefined ||
    (typeof e === 'object' && e !== null && 'constraint' in e && e.constraint === constraint)
  );
}

/** A foreign key refused the change (a row still refers to the one being deleted), as any PostgreSQL version says it. */
export function isForeignKeyViolation(e: unknown): boolean {
  const code = errorCode(e);
  return code === SQLSTATE.foreignKeyViolation || code === SQLSTATE.restrictViolation;
}

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
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres and pg-pool say these in words, without a code. */
const UNAVAILABLE_WORDS = [
  /^Connection terminated/,
  /is not queryable/,
  /^Connection terminated due to connection timeout/,
];
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

/** Errors that come before any statement is sent: no connection was opened (refused, no route, no such host, starting up). */
const BEFORE_ANY_STATEMENT = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  SQLSTATE.cannotConnectNow,
]);

/**
 * The database failed before it could have done anything: no connection could be opened. Any other outage (the
 * connection cut while a statement ran, PostgreSQL ending its sessions) may have come after a commit: whether a
 * write was stored is then unknown.
 */
export function failedBeforeAnyStatement(e: unknown): boolean {
  const code = errorCode(e);
  if (code !== undefined) return BEFORE_ANY_STATEMENT.has(code);
  const message =
    typeof e === 'object' && e !== null && 'message' in e && typeof e.message === 'string' ? e.message : '';
  return POOL_TIMEOUT.test(message) || /^Connection terminated due to connection timeout/.test(message);
}
