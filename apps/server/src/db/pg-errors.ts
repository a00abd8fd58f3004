// PostgreSQL's error codes (SQLSTATE, its documentation's appendix A) that the server acts on, and the checks on them.

export const SQLSTATE = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
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
  return constraint === undefined || (typeof e === 'object' && e !== null && 'constraint' in e && e.constraint === constraint);
}

/** A foreign key refused the change (a row still refers to the one being deleted). */
export function isForeignKeyViolation(e: unknown): boolean {
  return errorCode(e) === SQLSTATE.foreignKeyViolation;
}
