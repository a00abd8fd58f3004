// The second factor's refusals and notices, word for word (docs/product.md, Second factor).
export const MFA_MESSAGES = {
  tokenInvalid: 'This sign-in step has ended (it lasts 5 minutes and works once). Sign in again with your password.',
  codeWrong:
    'The code is not right. Type the 6-digit code your authenticator app shows now, or one of your recovery codes.',
  codeUsed: 'This code was used already. Wait for the next code of your authenticator app.',
  noSkipsLeft: 'Setting up the second factor cannot be put off any longer: scan the QR code and type the code.',
  enrolledAlready: 'This account has a second factor: type its code.',
  resetOwn:
    'You cannot reset your own second factor: ask another administrator (for the admin user: run npm run reset-mfa -w apps/server -- admin on the server).',
  reset: (username: string) =>
    `The second factor of "${username}" was reset; they set it up again at their next sign-in.`,
} as const;
