// What the server prints about the second factor when it starts (main.ts).
import type { TMfaConfig } from '../../config.ts';

/** MFA_REQUIRED as it is written: none, or admins, qc and client joined by commas, in that order. */
export function mfaRequiredText(mfa: TMfaConfig): string {
  if (mfa.requiredRoles.length === 0) return 'none';
  const names = { admin: 'admins', qc: 'qc', client: 'client' } as const;
  return (['admin', 'qc', 'client'] as const)
    .filter((role) => mfa.requiredRoles.includes(role))
    .map((role) => names[role])
    .join(',');
}

/**
 * The start's line about the second factor: how the administrator enrols, on the first start (when user `admin` was
 * created), and a warning on every start while MFA_REQUIRED=none leaves it off.
 */
export function mfaStartNotice(
  mfa: TMfaConfig,
  firstStart: boolean,
): { level: 'info' | 'warn'; text: string } | undefined {
  if (mfa.requiredRoles.length === 0) {
    return {
      level: 'warn',
      text: 'MFA_REQUIRED=none: sign-in asks for no second factor. Unsafe: for test set-ups and the older client only (docs/trust.md, Second factor).',
    };
  }
  if (!firstStart) return undefined;
  const grace =
    mfa.graceSignIns === 0
      ? 'it cannot be put off'
      : `it can be put off ${mfa.graceSignIns} time${mfa.graceSignIns === 1 ? '' : 's'} (MFA_GRACE_SIGNINS)`;
  return {
    level: 'info',
    text:
      `Second factor (MFA_REQUIRED=${mfaRequiredText(mfa)}): at the first sign-in "admin" is asked to set up an authenticator app ` +
      `(scan the QR code, type its 6-digit code, keep the ten recovery codes); ${grace}. ` +
      'A lost device: npm run reset-mfa -w apps/server -- admin, on the server.',
  };
}
