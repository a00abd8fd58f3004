// The signed-in agent's callbacks (GET /api/callbacks, docs/guide/call-loop.md): one query the top bar's due count and the
// CRM's idle list share, so a save that sets or calls a callback refreshes both. Polled modestly: a callback comes due
// by the clock, not by anything the screen does.
import { useQuery } from '@tanstack/react-query';
import { ZCallbacks, type TCallbacks } from '@crm/shared';
import { api } from './api.ts';

/** How often the due count is asked again while a screen shows it. */
export const CALLBACKS_POLL_MS = 30_000;

export const callbacksKey = ['callbacks', 'mine'] as const;

/** The agent's own callbacks and their campaign's anyone-callbacks, due first. */
export function fetchCallbacks(): Promise<TCallbacks> {
  // The bar polls: a failure is shown where the list is, never as a notification every 30 s.
  return api.get('/api/callbacks', { schema: ZCallbacks, notify: false });
}

export function useCallbacks({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: callbacksKey,
    queryFn: fetchCallbacks,
    enabled,
    refetchInterval: CALLBACKS_POLL_MS,
    staleTime: 0,
  });
}
