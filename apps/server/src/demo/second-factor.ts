// The demo's closing line about the second factor (docs/trust.md): who is asked for it, and where to see it, so the
// demo shows it without locking anyone out (enrolment can be put off MFA_GRACE_SIGNINS times).
import type { TMfaConfig } from '../config.ts';

const WHO: Record<string, string> = {
  admin: 'administrators',
  'admin,qc': 'administrators and QC inspectors',
  qc: 'QC inspectors',
};

export function describeDemoSecondFactor(mfa: TMfaConfig): string {
  if (mfa.requiredRoles.length === 0) {
    return 'Second factor: off (MFA_REQUIRED=none, unsafe); with MFA_REQUIRED=admins Login As Admin asks administrators for an authenticator code (docs/trust.md).';
  }
  const who = WHO[[...mfa.requiredRoles].sort().join(',')] ?? mfa.requiredRoles.join(', ');
  const grace =
    mfa.graceSignIns === 0
      ? 'it cannot be put off (MFA_GRACE_SIGNINS=0)'
      : `"Skip for now" puts it off ${mfa.graceSignIns} times (MFA_GRACE_SIGNINS)`;
  return [
    `Second factor for ${who}: Login As Admin as admin shows a QR code to scan with an authenticator app, then ten recovery codes once; ${grace}.`,
    "  Users shows who has one (2-step) and resets another account's; the admin user's own: npm run reset-mfa -w apps/server -- admin (docs/trust.md).",
  ].join('\n');
}
