// The sign-in limits' refusals (429 with Retry-After; docs/trust.md, Sign-in limits): a code per limit, and words that
// say how long to wait.

export const SIGN_IN_LIMIT_CODES = {
  /** LOGIN_RATE_LIMIT / LOGIN_RATE_LIMIT_PER_IP: failed attempts a minute, per username and per address. */
  minute: 'SIGN_IN_RATE_LIMITED',
  /** LOGIN_BACKOFF_AFTER / LOGIN_BACKOFF_MAX_SECONDS: the account's growing wait after repeated failures. */
  backoff: 'SIGN_IN_BACKOFF',
  /** LOGIN_DAILY_LIMIT_PER_IP: failed attempts a day from one address. */
  daily: 'SIGN_IN_DAILY_LIMIT',
} as const;
export type TSignInLimitCode = (typeof SIGN_IN_LIMIT_CODES)[keyof typeof SIGN_IN_LIMIT_CODES];

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A wait in words, rounded up: "45 seconds", "1 minute", "4 minutes", "2 hours 5 minutes". */
export function describeWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return unit(s, 'second');
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}

export function signInLimitMessage(code: TSignInLimitCode, waitSeconds: number): string {
  const wait = describeWait(waitSeconds);
  switch (code) {
    case SIGN_IN_LIMIT_CODES.minute:
      return `Too many sign-in attempts. Wait ${wait} and try again.`;
    case SIGN_IN_LIMIT_CODES.backoff:
      return `Too many failed sign-ins for this account. Wait ${wait} and try again.`;
    case SIGN_IN_LIMIT_CODES.daily:
      return `Too many failed sign-ins from this address today. Wait ${wait} and try again.`;
  }
}
