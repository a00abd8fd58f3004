// The signed-in user: token storage (docs/product.md §3 Session user), token decoding and the useSession hook.
import { createContext, useContext } from 'react';
import { LANDING_PAGES, ZTokenPayload, type TRole, type TTokenPayload } from '@crm/shared';
import { setDisplayTimeZone } from './time-zone.ts';

export const STORAGE_KEYS = {
  authUser: 'auth-user',
  username: 'username',
  campaignName: 'campaignName',
  agentId: 'agentId',
} as const;

export type TSession = {
  token: string;
  user: TTokenPayload;
  /** The role the app acts on when a token carries several (the widest wins). */
  role: TRole;
  /** Milliseconds since the epoch, or null for a token without exp. */
  expiresAt: number | null;
};

const ROLE_PRIORITY: readonly TRole[] = ['ADMIN', 'QC', 'AGENT', 'CLIENT'];

function decodeBase64Url(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads a JWT's payload without verifying it: the server verifies every call, the browser only needs the claims. */
export function decodeToken(token: string): TTokenPayload | null {
  const segment = token.split('.')[1];
  if (segment === undefined) return null;
  try {
    const parsed = ZTokenPayload.safeParse(JSON.parse(decodeBase64Url(segment)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function primaryRole(user: TTokenPayload): TRole {
  const names = user.roles.map((r) => r.roleName);
  return ROLE_PRIORITY.find((role) => names.includes(role)) ?? 'AGENT';
}

/** Builds a session from a token; null when the token is unreadable or already expired. */
export function sessionFromToken(token: string, now: number = Date.now()): TSession | null {
  const user = decodeToken(token);
  if (user === null) return null;
  const expiresAt = user.exp === undefined ? null : user.exp * 1000;
  if (expiresAt !== null && expiresAt <= now) return null;
  return { token, user, role: primaryRole(user), expiresAt };
}

export function clearSession(): void {
  setDisplayTimeZone(undefined);
  sessionStorage.removeItem(STORAGE_KEYS.authUser);
  localStorage.removeItem(STORAGE_KEYS.username);
  localStorage.removeItem(STORAGE_KEYS.campaignName);
  localStorage.removeItem(STORAGE_KEYS.agentId);
}

/**
 * The stored session, or null; an unreadable or expired entry is removed so it cannot half-work later. Dates are shown
 * in the time zone its token names (the call centre's).
 */
export function readSession(now: number = Date.now()): TSession | null {
  const raw = sessionStorage.getItem(STORAGE_KEYS.authUser);
  if (raw === null) return null;
  let token: unknown;
  try {
    token = (JSON.parse(raw) as { jwtToken?: unknown }).jwtToken;
  } catch {
    token = undefined;
  }
  const session = typeof token === 'string' ? sessionFromToken(token, now) : null;
  if (session === null) clearSession();
  else setDisplayTimeZone(session.user.timeZone);
  return session;
}

/**
 * Stores a fresh sign-in; throws when the server's token cannot be used, so the caller reports a failed login. Dates
 * are shown in the time zone the token names (the call centre's) from now on.
 */
export function storeSession(token: string, now: number = Date.now()): TSession {
  const session = sessionFromToken(token, now);
  if (session === null) throw new Error('The server returned an unusable token.');
  clearSession();
  setDisplayTimeZone(session.user.timeZone);
  sessionStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify({ jwtToken: token }));
  if (session.role === 'AGENT') {
    const agentId = session.user.agentId ?? session.user.userName;
    localStorage.setItem(STORAGE_KEYS.username, agentId);
    localStorage.setItem(STORAGE_KEYS.agentId, agentId);
    if (session.user.campaign !== undefined) localStorage.setItem(STORAGE_KEYS.campaignName, session.user.campaign);
  }
  return session;
}

/** The campaign an agent signed in with; screens such as CRM fall back to it when the URL has none. */
export function sessionCampaign(session: TSession | null): string | undefined {
  return session?.user.campaign ?? localStorage.getItem(STORAGE_KEYS.campaignName) ?? undefined;
}

/** Where a user lands after sign-in; an agent's CRM link names their campaign. */
export function landingPath(session: TSession): string {
  const path = LANDING_PAGES[session.role];
  const campaign = sessionCampaign(session);
  return session.role === 'AGENT' && campaign ? `${path}?campaignName=${encodeURIComponent(campaign)}` : path;
}

/** Why the last session of this tab ended: a logout forgets the page, an expiry remembers it for the next sign-in. */
export type TSessionEnd = 'logout' | 'expired';

export type TSessionContext = {
  session: TSession | null;
  endedBy: TSessionEnd | null;
  /** Stores the token of a successful sign-in and returns the new session. */
  signIn: (token: string) => TSession;
  /** Clears every stored key and goes to /login. */
  signOut: () => void;
};

export const SessionContext = createContext<TSessionContext | null>(null);

export function useSession(): TSessionContext {
  const context = useContext(SessionContext);
  if (context === null) throw new Error('useSession must be used inside <SessionProvider>.');
  return context;
}
