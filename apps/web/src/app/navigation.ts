// Where to send a user after sign-in: back to the page that asked them to sign in, if their role may open it.
import { matchPath } from 'react-router';
import { APP_ROUTES, type TRole } from '@crm/shared';
import { landingPath, type TSession } from './session.ts';

/** The route guard puts the page it turned away into location.state so sign-in can return there. */
export type TLoginState = { from?: string };

export function roleMayOpen(role: TRole, pathname: string): boolean {
  return APP_ROUTES.some(
    (route) => (route.roles as readonly TRole[]).includes(role) && matchPath(route.path, pathname) !== null,
  );
}

export function pathAfterSignIn(session: TSession, state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  if (typeof from === 'string' && from.startsWith('/')) {
    const pathname = from.split(/[?#]/)[0] ?? from;
    if (roleMayOpen(session.role, pathname)) return from;
  }
  return landingPath(session);
}
