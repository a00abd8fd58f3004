// Holds the session in React state, signs out on token expiry or a 401, and offers signIn/signOut.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ZSignOutResult } from '@crm/shared';
import { ApiError, api, notifyError, notifySessionExpired, setSessionExpiredHandler } from './api.ts';
import type { TLoginState } from './navigation.ts';
import {
  SessionContext,
  clearSession,
  readSession,
  storeSession,
  type TSession,
  type TSessionContext,
  type TSessionEnd,
} from './session.ts';

// setTimeout fires at once for delays above 2^31-1 ms, so longer-lived tokens get no timer.
const MAX_TIMER_MS = 2_147_483_647;
const SIGN_OUT_TIMEOUT_MS = 5000;

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<TSession | null>(() => readSession());
  const [endedBy, setEndedBy] = useState<TSessionEnd | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  const endSession = useCallback(
    (reason: TSessionEnd) => {
      const { pathname, search } = locationRef.current;
      clearSession();
      setEndedBy(reason);
      setSession(null);
      // Cached lists belong to the user who fetched them.
      queryClient.clear();
      // After an expiry, signing in again returns to the interrupted page; after a logout the next user starts fresh.
      const state: TLoginState | undefined =
        reason === 'expired' && pathname !== '/login' && pathname !== '/'
          ? { from: `${pathname}${search}` }
          : undefined;
      void navigate('/login', { replace: true, state });
    },
    [navigate, queryClient],
  );
  // The server ends an agent's sign-in record (and the token with it); if it cannot be reached the screen still
  // signs out, and says the session lasts on the server until it expires.
  const signOut = useCallback(() => {
    void api
      .post('/api/auth/signOut', undefined, { schema: ZSignOutResult, timeoutMs: SIGN_OUT_TIMEOUT_MS, notify: false })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) return; // already over on the server
        notifyError(
          `Signed out on this screen, but the server could not be told: ${error instanceof Error ? error.message : String(error)} The session ends when it expires.`,
        );
      })
      .finally(() => endSession('logout'));
  }, [endSession]);
  const expire = useCallback(() => endSession('expired'), [endSession]);

  useEffect(() => setSessionExpiredHandler(expire), [expire]);

  useEffect(() => {
    if (session?.expiresAt == null) return undefined;
    const delay = session.expiresAt - Date.now();
    if (delay > MAX_TIMER_MS) return undefined;
    const timer = setTimeout(
      () => {
        notifySessionExpired();
        expire();
      },
      Math.max(delay, 0),
    );
    return () => clearTimeout(timer);
  }, [session, expire]);

  const signIn = useCallback((token: string) => {
    const next = storeSession(token);
    setEndedBy(null);
    setSession(next);
    return next;
  }, []);

  const value = useMemo<TSessionContext>(
    () => ({ session, endedBy, signIn, signOut }),
    [session, endedBy, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
