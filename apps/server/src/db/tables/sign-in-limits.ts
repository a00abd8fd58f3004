// Kysely table type of the sign-in limits kept in the database (migration 0028); spread into DB by db/schema.ts.

export type SignInFailuresTable = {
  kind: 'account' | 'address';
  /** The lower-cased username tried, or the client's address. */
  key: string;
  /** Failures since windowStartedAt. */
  failures: number;
  /** The day of failures counted runs from here. */
  windowStartedAt: Date;
  /** An account's backoff: no attempt is checked before this. */
  waitUntil: Date | null;
};

export type SignInLimitTables = {
  signInFailures: SignInFailuresTable;
};
