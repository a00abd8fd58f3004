// The day-long sign-in limits, kept in the database (migration 0028) so that a restart keeps them and every server
// process behind the balancer sees the same: an account's growing wait and an address's daily cap of failures.
import { sql } from 'kysely';
import { SIGN_IN_LIMIT_CODES, type TSignInLimitCode } from '@crm/shared';
import type { Db } from '../db/schema.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The first wait of an account, doubled by each further failure (up to LOGIN_BACKOFF_MAX_SECONDS). */
export const BACKOFF_START_SECONDS = 60;
/** 2^30 minutes is far beyond any maximum: the exponent stops growing there. */
const MAX_DOUBLINGS = 30;

export type TDailyLimits = {
  /** Failures of an account within a day from which each failure makes it wait (LOGIN_BACKOFF_AFTER). */
  backoffAfter: number;
  /** The longest wait (LOGIN_BACKOFF_MAX_SECONDS). */
  backoffMaxSeconds: number;
  /** Failures from one address within a day, after which it is refused until the day ends (LOGIN_DAILY_LIMIT_PER_IP). */
  dailyPerAddress: number;
};

type FailureRow = { kind: 'account' | 'address'; failures: number; windowStartedAt: Date; waitUntil: Date | null };
export type TFailures = { account: FailureRow | undefined; address: FailureRow | undefined };
export type TWait = { code: TSignInLimitCode; seconds: number };

/** The account's and the address's failures of the day, if any (one indexed read per attempt; no write). */
export async function findSignInFailures(db: Db, account: string, address: string): Promise<TFailures> {
  const rows = await db
    .selectFrom('signInFailures')
    .select(['kind', 'failures', 'windowStartedAt', 'waitUntil'])
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'account'), eb('key', '=', account)]),
        eb.and([eb('kind', '=', 'address'), eb('key', '=', address)]),
      ]),
    )
    .execute();
  return { account: rows.find((r) => r.kind === 'account'), address: rows.find((r) => r.kind === 'address') };
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** How long an attempt must wait, if it must: the address's day used up, or the account's backoff running. */
export function signInWait(failures: TFailures, nowMs: number, limits: TDailyLimits): TWait | undefined {
  const { account, address } = failures;
  if (address && address.failures >= limits.dailyPerAddress) {
    const dayEnds = address.windowStartedAt.getTime() + DAY_MS;
    if (dayEnds > nowMs) return { code: SIGN_IN_LIMIT_CODES.daily, seconds: seconds(dayEnds - nowMs) };
  }
  if (account?.waitUntil && account.waitUntil.getTime() > nowMs)
    return { code: SIGN_IN_LIMIT_CODES.backoff, seconds: seconds(account.waitUntil.getTime() - nowMs) };
  return undefined;
}

/** The wait the account's `failures`-th failure of the day sets, in seconds (0: none yet). */
export function backoffSeconds(failures: number, limits: TDailyLimits): number {
  if (failures < limits.backoffAfter) return 0;
  const doublings = Math.min(failures - limits.backoffAfter, MAX_DOUBLINGS);
  return Math.min(limits.backoffMaxSeconds, BACKOFF_START_SECONDS * 2 ** doublings);
}

/**
 * Counts a failure of the account and of the address, each in its day (a day after its first failure the count starts
 * again). The account's count sets its wait from LOGIN_BACKOFF_AFTER on. Atomic per row: failures at the same moment
 * in two processes each count.
 */
export async function recordSignInFailure(
  db: Db,
  account: string,
  address: string,
  nowMs: number,
  limits: TDailyLimits,
): Promise<void> {
  const now = new Date(nowMs);
  const dayAgo = new Date(nowMs - DAY_MS);
  // The row's count after this failure, and the wait it sets, as SQL over the row as it was (f).
  const count = sql<number>`case when f.window_started_at <= ${dayAgo} then 1 else f.failures + 1 end`;
  const firstWait = backoffSeconds(1, limits);
  const wait = sql<Date | null>`case when ${count} >= ${limits.backoffAfter}
    then ${now}::timestamptz + make_interval(secs => least(${limits.backoffMaxSeconds}::float8, ${BACKOFF_START_SECONDS}::float8 * power(2, least(${count} - ${limits.backoffAfter}, ${MAX_DOUBLINGS}))))
    else null end`;
  await sql`
    insert into sign_in_failures as f (kind, key, failures, window_started_at, wait_until)
    values ('account', ${account}, 1, ${now}, ${firstWait > 0 ? new Date(nowMs + firstWait * 1000) : null}::timestamptz),
           ('address', ${address}, 1, ${now}, null)
    on conflict (kind, key) do update set
      failures = ${count},
      window_started_at = case when f.window_started_at <= ${dayAgo} then ${now} else f.window_started_at end,
      wait_until = case when f.kind = 'account' then ${wait} else null end`.execute(db);
}

/** A successful sign-in of the account ends its count and its wait (the address's count stays: others share it). */
export async function clearAccountFailures(db: Db, account: string): Promise<void> {
  await db.deleteFrom('signInFailures').where('kind', '=', 'account').where('key', '=', account).execute();
}

/** Forgets rows whose day has ended and whose wait is over. */
export async function pruneSignInFailures(db: Db, nowMs: number): Promise<void> {
  const now = new Date(nowMs);
  await db
    .deleteFrom('signInFailures')
    .where('windowStartedAt', '<=', new Date(nowMs - DAY_MS))
    .where((eb) => eb.or([eb('waitUntil', 'is', null), eb('waitUntil', '<=', now)]))
    .execute();
}
