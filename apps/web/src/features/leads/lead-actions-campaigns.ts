// The campaigns the generate, regenerate, delete and report screens offer: every campaign with a data table.
// Inactive ones stay (their leads can still be deleted or reported) and say so in their label.
import { useQuery } from '@tanstack/react-query';
import { ALL_CAMPAIGNS_KEY, fetchAllCampaigns } from '../campaigns/api.ts';
import { ALL_DATA_TABLES_KEY, fetchAllDataTables } from '../data-tables/api.ts';

export type TCampaignOption = { value: string; label: string };

export type TLeadTableCampaigns = {
  options: TCampaignOption[];
  pending: boolean;
  /** Why the data tables could not be read, or null (without the campaign list only the "inactive" labels are lost). */
  error: string | null;
  retry: () => void;
};

export function useLeadTableCampaigns(): TLeadTableCampaigns {
  const campaigns = useQuery({ queryKey: ALL_CAMPAIGNS_KEY, queryFn: fetchAllCampaigns, staleTime: 0 });
  const tables = useQuery({ queryKey: ALL_DATA_TABLES_KEY, queryFn: fetchAllDataTables, staleTime: 0 });
  const inactive = new Set((campaigns.data ?? []).filter((c) => !c.status).map((c) => c.campaignName));
  const names = [...new Set((tables.data ?? []).map((t) => t.campaignName))].sort((a, b) => a.localeCompare(b));
  return {
    options: names.map((name) => ({ value: name, label: inactive.has(name) ? `${name} (inactive)` : name })),
    pending: tables.isPending,
    error: tables.error?.message ?? null,
    retry: () => void tables.refetch(),
  };
}
