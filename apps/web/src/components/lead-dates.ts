// A campaign's data dates and one date's lead figures, read by the lead screens and the lead reports; the counts in
// words they both write. The leads area's files re-export them.
import { z } from 'zod';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { ZLeadDateSummary, type TLeadDateSummary } from '@crm/shared';
import { api } from '../app/api.ts';
import { LEADS_KEY } from '../app/query-keys.ts';

export const leadSummaryKey = (campaign: string, dataDate: string) =>
  [...LEADS_KEY, 'summary', campaign, dataDate] as const;

/** The campaign's data dates, newest first (empty ones left out). */
export async function fetchDataDates(campaign: string): Promise<string[]> {
  const dates = await api.get(`/dynamic/unique_data_dates/${encodeURIComponent(campaign)}`, {
    schema: z.array(z.string().nullable()),
  });
  return dates.filter((d): d is string => d !== null && d !== '').sort((a, b) => b.localeCompare(a));
}

/** GET /dynamic/leadSummary/{campaign}?dataDate: totals and per-selector figures of one date. */
export function fetchLeadSummary(campaign: string, dataDate: string): Promise<TLeadDateSummary> {
  return api.get(`/dynamic/leadSummary/${encodeURIComponent(campaign)}`, {
    query: { dataDate },
    schema: ZLeadDateSummary,
    notify: false,
  });
}

/** The figures of the chosen date; fetched again after every lead change (the key is under LEADS_KEY). */
export function useDateSummary({
  campaign,
  dataDate,
}: {
  campaign: string;
  dataDate: string;
}): UseQueryResult<TLeadDateSummary> {
  return useQuery({
    queryKey: leadSummaryKey(campaign, dataDate),
    queryFn: () => fetchLeadSummary(campaign, dataDate),
    enabled: campaign !== '' && dataDate !== '',
    staleTime: 0,
  });
}

/** A count as the screens write it: 12,345. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** 'lead' or 'leads' after a formatted count. */
export function countOf(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
