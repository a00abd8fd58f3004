// The paged lists of campaigns and data tables and the campaigns' lead figures: the campaign, data-table and dashboard
// screens read them, and so do the logic setting and the leads screens; each owning area's api.ts re-exports them.
import { z } from 'zod';
import {
  campaignSearchQuery,
  dataTableSearchQuery,
  ZCampaign,
  ZDashboard,
  ZDataTable,
  zPaged,
  type TCampaign,
  type TDashboard,
  type TDataTable,
  type TPaged,
} from '@crm/shared';
import { api } from '../app/api.ts';

export function fetchCampaignPage(page: number, size: number): Promise<TPaged<TCampaign>> {
  return api.get(`/cc/pagination/${page}/${size}`, { schema: zPaged(ZCampaign) });
}

export function searchCampaigns(term: string): Promise<TCampaign[]> {
  return api.get('/cc/searchCampaign', { query: campaignSearchQuery(term), schema: z.array(ZCampaign) });
}

export function fetchDataTablePage(page: number, size: number): Promise<TPaged<TDataTable>> {
  return api.get(`/dt/pagination/${page}/${size}`, { schema: zPaged(ZDataTable) });
}

export function searchDataTables(term: string): Promise<TDataTable[]> {
  return api.get('/dt/searchDataTables', { query: dataTableSearchQuery(term), schema: z.array(ZDataTable) });
}

/** Each campaign's lead figures (the dashboard's table; the leads screen shows them too). */
export function fetchCampaignFigures(): Promise<TDashboard> {
  return api.get('/dynamic/dashboard', { schema: ZDashboard, notify: false });
}
