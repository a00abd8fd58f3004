// TOTP (RFC 6238) through otplib: 30 s steps, SHA-1, 6 digits (what every authenticator app reads), ±1 step.
import { generateSecret, generateURI, verify } from 'otplib';

/** The 30 s time step. */
export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the current one is still taken (a clock a little off, a code typed late). */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
/** The name authenticator apps show above the code. */
export const TOTP_ISSUER = 'CallDesk CRM';

const SIX_DIGITS = /^\d{6}$/;

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// URL an authenticator app reads from the QR code: issuer and the username as the label. */
export function totpUrl(secret: string, username: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: username, secret, period: TOTP_PERIOD_SECONDS });
}

/** Whether a code looks like an authenticator app's (six digits); anything else is tried as a recovery code. */
export function isTotpShape(code: string): boolean {
  return SIX_DIGITS.test(code);
}

/**
 * The time step a code matches, or null: the current step at `nowMs` or one either side. Whether that step was used
 * already (users.mfa_last_step) is the caller's check (verify.ts).
 */
export async function matchTotpStep(secret: string, code: string, nowMs: number): Promise<number | null> {
  if (!isTotpShape(code)) return null;
  const epoch = Math.floor(nowMs / 1000);
  const result = await verify({
    secret,
    token: code,
    epoch,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOLERANCE_SECONDS,
  });
  // delta: the matching step's distance from the current one (-1, 0 or 1).
  return result.valid ? Math.floor(epoch / TOTP_PERIOD_SECONDS) + result.delta : null;
}
