// The second step of an admin's or QC inspector's sign-in (docs/trust.md, Second factor): the calls, and how codes,
// the secret and the recovery codes read on screen.
import { MFA_CODES, ZMfaResult, ZSignInResponse, type TMfaResult, type TSignInResponse } from '@crm/shared';
import { ApiError, api, serverMessage } from '../../app/api.ts';
import { loginErrorMessage } from './sign-in.ts';

/** An mfaToken lives five minutes on the server; the screen counts from when it arrived. */
export const MFA_TOKEN_LIFETIME_MS = 5 * 60_000;
/** The same time-out as the password step of Login As Admin. */
const MFA_TIMEOUT_MS = 7_000;

export const MFA_TEXT = {
  codeLabel: 'Code from your authenticator app',
  recoveryLabel: 'Recovery code',
  codeNeeded: 'Enter the 6 digits your authenticator app shows',
  recoveryNeeded: 'Enter one of your recovery codes',
  expired: 'The second step took longer than 5 minutes, or was already used. Sign in with your password again.',
} as const;

export function sendMfaCode(mfaToken: string, code: string, signal: AbortSignal): Promise<TMfaResult> {
  return api.post(
    '/api/auth/mfa',
    { mfaToken, code },
    { schema: ZMfaResult, signal, timeoutMs: MFA_TIMEOUT_MS, anonymous: true, notify: false },
  );
}

export function skipEnrolment(mfaToken: string, signal: AbortSignal): Promise<TSignInResponse> {
  return api.post(
    '/api/auth/mfa/skip',
    { mfaToken },
    { schema: ZSignInResponse, signal, timeoutMs: MFA_TIMEOUT_MS, anonymous: true, notify: false },
  );
}

function replyCode(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string') return body.code;
  return undefined;
}

/**
 * Whether a refusal means the mfaToken is gone (expired, used, unknown), so only the password step can help: the
 * server's code says so, or a 401 arrives after the token's five minutes have passed.
 */
export function isMfaTokenGone(error: unknown, tokenAgeMs: number): boolean {
  if (!(error instanceof ApiError) || error.kind !== 'http') return false;
  const code = replyCode(error.body);
  if (code === MFA_CODES.tokenInvalid) return true;
  return error.status === 401 && tokenAgeMs >= MFA_TOKEN_LIFETIME_MS;
}

/** Enrolment can no longer be put off (no skips left): the screen stops offering it. */
export function isSkipRefused(error: unknown): boolean {
  return error instanceof ApiError && replyCode(error.body) === MFA_CODES.skipRefused;
}

/** A wrong code (401) reads as the server says; anything else as a failed sign-in does. */
export function mfaErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http' && error.status === 401)
    return serverMessage(error.body) ?? error.message;
  return loginErrorMessage(error);
}

/** Whether the server refused the code itself (so it belongs under the code field), not the attempt. */
export function isCodeRefused(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status === 401;
}

/** What is sent for a code typed with spaces or dashes as apps show it ("123 456"): the digits only. */
export function normalizeTotp(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

export function isTotpShaped(typed: string): boolean {
  return /^\d{6}$/.test(normalizeTotp(typed));
}

/** The base32 secret in groups of four, as it is easiest to type into an app by hand. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** The recovery codes as a text file: who and when, one code a line. */
export function recoveryCodesText(
  codes: readonly string[],
  username: string,
  productName: string,
  now: Date = new Date(),
): string {
  return [
    `${productName}: recovery codes of ${username}`,
    `Made ${now.toISOString().slice(0, 10)}. Each code signs in once, in place of the authenticator app's code.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

export function recoveryCodesFileName(username: string): string {
  return `recovery-codes-${username.replace(/[^\w.-]+/g, '_')}.txt`;
}

/** The notice after a recovery code was used: how many remain, and what to do when they run low. */
export function recoveryCodesLeftMessage(left: number): string {
  const count = `${left} recovery code${left === 1 ? '' : 's'} left`;
  if (left === 0)
    return `Signed in with your last recovery code: ${count}. Ask an administrator to reset your second factor, then enrol again.`;
  if (left <= 3)
    return `Signed in with a recovery code: ${count}. Ask an administrator to reset your second factor soon, then enrol again.`;
  return `Signed in with a recovery code: ${count}.`;
}
