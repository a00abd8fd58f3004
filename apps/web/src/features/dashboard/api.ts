// The dashboard's calls: the five totals, the per-campaign figures of a range of days, the media token of the live stream, agent sign-ins
// and the missed callbacks.
import { z } from 'zod';
import {
  ZAgentSession,
  ZAgentsOnline,
  ZDashboardFigures,
  ZMediaToken,
  ZMissedCallbacks,
  ZTotal,
  type TAgentSession,
  type TAgentsOnline,
  type TDashboardFigures,
  type TDashboardQuery,
  type TMissedCallbacks,
} from '@crm/shared';
import { api } from '../../app/api.ts';
import { DASHBOARD_KEY } from '../../app/query-keys.ts';
// Shared with other areas' screens (app/query-keys.ts); re-exported for this area's files.
export { DASHBOARD_KEY } from '../../app/query-keys.ts';

/** Each campaign's lead figures (all time) and its calls ended in the range's days (GET /dynamic/dashboard). */
export function fetchDashboardFigures(
  query: Required<TDashboardQuery>,
  signal: AbortSignal,
): Promise<TDashboardFigures> {
  return api.get('/dynamic/dashboard', { query, schema: ZDashboardFigures, signal, notify: false });
}

/** The totals cards read these bare integers (docs/product.md §7); each card shows its own failure. */
export const TOTAL_PATHS = {
  agents: '/api/ac/totalAgents',
  campaigns: '/cc/totalCampaigns',
  inbound: '/cc/totalInbound',
  outbound: '/cc/totalOutbound',
  dataTables: '/dt/totalDataTables',
} as const;
export type TTotalName = keyof typeof TOTAL_PATHS;

export function fetchTotal(name: TTotalName): Promise<number> {
  return api.get(TOTAL_PATHS[name], { schema: ZTotal, notify: false });
}

export const DIALER_STREAM_PATH = '/api/dialer/stream';

/** A fresh five-minute token for each (re)connection; the panel shows a failure as "reconnecting". */
export async function fetchStreamToken(signal: AbortSignal): Promise<string> {
  const { token } = await api.get('/api/auth/media-token', { schema: ZMediaToken, signal, notify: false });
  return token;
}

export function fetchAgentsOnline(): Promise<TAgentsOnline> {
  return api.get('/api/agentSessions/online', { schema: ZAgentsOnline, notify: false });
}

/** Today's sign-ins (the server's day), newest first. */
export function fetchTodaysSignIns(): Promise<TAgentSession[]> {
  return api.get('/api/agentSessions', { schema: z.array(ZAgentSession), notify: false });
}

export const missedCallbacksKey = (campaignName: string) =>
  [...DASHBOARD_KEY, 'missed-callbacks', campaignName] as const;

/** GET /api/callbacks/missed: past due by more than the campaign's grace, the longest missed first ('' for every campaign). */
export function fetchMissedCallbacks(campaignName: string): Promise<TMissedCallbacks> {
  return api.get('/api/callbacks/missed', {
    query: { campaignName: campaignName === '' ? undefined : campaignName },
    schema: ZMissedCallbacks,
    notify: false,
  });
}
