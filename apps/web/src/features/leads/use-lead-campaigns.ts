// The campaigns leads can go to: active campaigns that have a data table (the table names the lead columns).
import { useQuery } from '@tanstack/react-query';
import { ALL_CAMPAIGNS_KEY, fetchAllCampaigns } from '../campaigns/api.ts';
import { ALL_DATA_TABLES_KEY, fetchAllDataTables } from '../data-tables/api.ts';

export type TLeadCampaigns = {
  /** Campaign names, in the server's order. */
  names: string[];
  pending: boolean;
  /** The reason either list could not be read, or null. */
  error: string | null;
};

export function useLeadCampaigns(): TLeadCampaigns {
  const campaigns = useQuery({ queryKey: ALL_CAMPAIGNS_KEY, queryFn: fetchAllCampaigns, staleTime: 0 });
  const tables = useQuery({ queryKey: ALL_DATA_TABLES_KEY, queryFn: fetchAllDataTables, staleTime: 0 });
  const withTable = new Set((tables.data ?? []).map((t) => t.campaignName));
  return {
    names: (campaigns.data ?? []).filter((c) => c.status && withTable.has(c.campaignName)).map((c) => c.campaignName),
    pending: campaigns.isPending || tables.isPending,
    error: campaigns.error?.message ?? tables.error?.message ?? null,
  };
}
