// User-visible strings of docs/product.md §8, kept word for word; server and web both read them from here.
export const MESSAGES = {
  login: {
    failed: 'Login Failed!',
    wrongCredentials: 'Login failed! Wrong username or password.',
    inactive: 'This account is disabled. Ask an administrator to enable it.',
    campaignUnavailable: 'The chosen campaign does not exist or is inactive.',
    tooMany: 'Too many sign-in attempts. Wait a minute and try again.',
  },
  auth: {
    signInRequired: 'Please sign in.',
    sessionExpired: 'Your session has expired. Please sign in again.',
    forbidden: 'You do not have permission to do this.',
    signedOut: 'Signed out.',
  },
  common: {
    notFound: 'Not found.',
    serverError: 'Something went wrong on the server. Please try again.',
    formInvalid: 'Form is invalid',
    areYouSure: 'Are you sure?',
  },
  /** When the database cannot do what was asked (docs: docs/operations.md). */
  database: {
    /** 503: no connection to the database (down, restarting, unreachable, the connection cut off). */
    unavailable: 'The database is not answering; try again in a moment.',
    /** 507: PostgreSQL could not write (SQLSTATE 53100); the change was rolled back. */
    diskFull: 'The database server is out of disk space; nothing was stored.',
    /** 503: a lock or statement time-out, or no free database connection in time; the change was rolled back. */
    busy: 'The server is busy; nothing was stored. Try again.',
    /** 503 to a read (GET) for the same reasons. */
    busyReading: 'The server is busy. Try again in a moment.',
  },
} as const;

/** The delete confirmation of docs/product.md §8, without the older system's stray quote. */
export function deleteConfirmation(name: string): string {
  return `Do you really want to delete ${name}'s record? This process cannot be undone!`;
}
