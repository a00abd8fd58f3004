// The /cc calls of the campaign screens and the campaign's dispositions, and the react-query keys that reload them.
import { z } from 'zod';
import {
  campaignSearchQuery,
  ZCampaign,
  ZCampaignLeadCounts,
  ZDispositions,
  zPaged,
  type TCampaign,
  type TCampaignLeadCounts,
  type TCreateCampaignRequest,
  type TDispositions,
  type TDispositionsPut,
  type TPaged,
  type TUpdateCampaignRequest,
} from '@crm/shared';
import { api } from '../../app/api.ts';
import { CAMPAIGNS_KEY } from '../../components/campaign-options.ts';

// The campaign selector (components/CampaignSelect.tsx) reads every campaign under the same keys.
export { ALL_CAMPAIGNS_KEY, CAMPAIGNS_KEY, fetchAllCampaigns } from '../../components/campaign-options.ts';
export const CAMPAIGN_LIST_KEY = [...CAMPAIGNS_KEY, 'list'] as const;
export const LEAD_COUNTS_KEY = [...CAMPAIGNS_KEY, 'leadCounts'] as const;
export const campaignKey = (id: number) => [...CAMPAIGNS_KEY, 'one', id] as const;

const ZCampaignPage = zPaged(ZCampaign);

export function fetchCampaignPage(page: number, size: number): Promise<TPaged<TCampaign>> {
  return api.get(`/cc/pagination/${page}/${size}`, { schema: ZCampaignPage });
}

export function searchCampaigns(term: string): Promise<TCampaign[]> {
  return api.get('/cc/searchCampaign', { query: campaignSearchQuery(term), schema: z.array(ZCampaign) });
}

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

/** GET /api/dispositions?campaignName=: the campaign's set in the agent's order (docs/call-loop.md); the editor shows a failure itself. */
export function fetchDispositions(campaignName: string): Promise<TDispositions> {
  return api.get('/api/dispositions', { query: { campaignName }, schema: ZDispositions, notify: false });
}

/** PUT /api/dispositions: the whole set, stored whole or refused whole (the editor puts the problems under its fields); the set as stored. */
export function saveDispositions(body: TDispositionsPut): Promise<TDispositions> {
  return api.put('/api/dispositions', body, { schema: ZDispositions, notify: false });
}
