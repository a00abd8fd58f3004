// The campaigns a campaign selector offers, and the two lists it reads (every campaign, every data table), with the
// react-query keys the campaign and data-table screens invalidate after a change.
import { z } from 'zod';
import { ZCampaign, ZDataTable, type TCampaign, type TDataTable } from '@crm/shared';
import { api } from '../app/api.ts';

export { ALL_CAMPAIGNS_KEY, ALL_DATA_TABLES_KEY, CAMPAIGNS_KEY, DATA_TABLES_KEY } from '../app/query-keys.ts';

export function fetchAllCampaigns(): Promise<TCampaign[]> {
  return api.get('/cc/campaigns', { schema: z.array(ZCampaign) });
}

export function fetchAllDataTables(): Promise<TDataTable[]> {
  return api.get('/dt/viewAllDataTables', { schema: z.array(ZDataTable) });
}

/**
 * all: every campaign. withDataTable: those with a data table (leads, reports and questions need one).
 * withoutDataTable: those without one yet (Create Table: a campaign has at most one).
 */
export type TCampaignOffer = 'all' | 'withDataTable' | 'withoutDataTable';

export type TCampaignOption = { value: string; label: string };

type TOptionsInput = {
  campaigns: readonly TCampaign[];
  /** undefined while unread: an offer that depends on data tables then offers nothing rather than a wrong list. */
  tables: readonly TDataTable[] | undefined;
  offer: TCampaignOffer;
  /** Leave out inactive campaigns (leads go only to active ones); otherwise their label says "(inactive)". */
  activeOnly: boolean;
};

/** By name; an inactive campaign's label says so. */
export function campaignOptions({ campaigns, tables, offer, activeOnly }: TOptionsInput): TCampaignOption[] {
  if (offer !== 'all' && tables === undefined) return [];
  const withTable = new Set((tables ?? []).map((t) => t.campaignName));
  return campaigns
    .filter((c) =>
      offer === 'all'
        ? true
        : offer === 'withDataTable'
          ? withTable.has(c.campaignName)
          : !withTable.has(c.campaignName),
    )
    .filter((c) => c.status || !activeOnly)
    .map((c) => ({ value: c.campaignName, label: c.status ? c.campaignName : `${c.campaignName} (inactive)` }))
    .sort((a, b) => a.value.localeCompare(b.value));
}
