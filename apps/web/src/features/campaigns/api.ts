// The /cc calls of the campaign screens and the campaign's dispositions, and the react-query keys that reload them.
import {
  ZCampaign,
  ZCampaignLeadCounts,
  ZDispositions,
  type TCampaign,
  type TCampaignLeadCounts,
  type TCreateCampaignRequest,
  type TDispositions,
  type TDispositionsPut,
  type TUpdateCampaignRequest,
} from '@crm/shared';
import { api } from '../../app/api.ts';
import { CAMPAIGNS_KEY } from '../../components/campaign-options.ts';
// Shared with other areas' screens (app/query-keys.ts); re-exported for this area's files.
export { CAMPAIGN_LIST_KEY, LEAD_COUNTS_KEY } from '../../app/query-keys.ts';
export { fetchCampaignPage, searchCampaigns } from '../../components/list-reads.ts';

// The campaign selector (components/CampaignSelect.tsx) reads every campaign under the same keys.
export { ALL_CAMPAIGNS_KEY, CAMPAIGNS_KEY, fetchAllCampaigns } from '../../components/campaign-options.ts';
export const campaignKey = (id: number) => [...CAMPAIGNS_KEY, 'one', id] as const;

export function fetchCampaign(id: number): Promise<TCampaign> {
  return api.get(`/cc/campaign/${id}`, { schema: ZCampaign });
}

export function fetchLeadCounts(): Promise<TCampaignLeadCounts> {
  return api.get('/cc/leadCounts', { schema: ZCampaignLeadCounts });
}

/** The screen shows the failure itself ('Campaign Addition failed!' with the server's reason). */
export function addCampaign(body: TCreateCampaignRequest): Promise<TCampaign> {
  return api.post('/cc/addCampaign', body, { schema: ZCampaign, notify: false });
}

export function updateCampaign(body: TUpdateCampaignRequest): Promise<TCampaign> {
  return api.put('/cc/updateCampaign', body, { schema: ZCampaign, notify: false });
}

/** A refusal (data table or leads attached) is shown by the API client with the server's words. */
export async function deleteCampaign(id: number): Promise<void> {
  await api.del(`/cc/delete/${id}`);
}

export const dispositionsKey = (campaignName: string) => ['dispositions', campaignName] as const;

/** GET /api/dispositions?campaignName=: the campaign's set in the agent's order (docs/guide/call-loop.md); the editor shows a failure itself. */
export function fetchDispositions(campaignName: string): Promise<TDispositions> {
  return api.get('/api/dispositions', { query: { campaignName }, schema: ZDispositions, notify: false });
}

/** PUT /api/dispositions: the whole set, stored whole or refused whole (the editor puts the problems under its fields); the set as stored. */
export function saveDispositions(body: TDispositionsPut): Promise<TDispositions> {
  return api.put('/api/dispositions', body, { schema: ZDispositions, notify: false });
}
