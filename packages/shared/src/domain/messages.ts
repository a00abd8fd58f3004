// User-visible strings of spec §8, kept word for word; server and web both read them from here.
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
} as const;

/** The delete confirmation of spec §8, without the older system's stray quote. */
export function deleteConfirmation(name: string): string {
  return `Do you really want to delete ${name}'s record? This process cannot be undone!`;
}
