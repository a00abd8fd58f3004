// The scorecard versions QC scores on (docs/scorecards.md, QC panel): a campaign's in-house and client choice, and one
// version's definition, cached by id for the session (a published version never changes, a record keeps its own).
import { useQuery } from '@tanstack/react-query';
import {
  STANDARD_SCORECARD_ID,
  ZCampaignScorecards,
  ZScorecard,
  type TCampaignScorecards,
  type TScorecard,
} from '@crm/shared';
import { api } from '../../../app/api.ts';
import { ApiError } from '../../../app/api.ts';

export const scorecardVersionKey = (id: number) => ['qc', 'scorecard-version', id] as const;
export const campaignScorecardsKey = (campaignName: string) => ['qc', 'campaign-scorecards', campaignName] as const;

export function fetchScorecardVersion(id: number): Promise<TScorecard> {
  return api.get(`/api/scorecards/${id}`, { schema: ZScorecard, notify: false });
}

export function fetchCampaignScorecards(campaignName: string): Promise<TCampaignScorecards> {
  return api.get('/api/campaign-scorecards', {
    query: { campaignName },
    schema: ZCampaignScorecards,
    notify: false,
  });
}

/** A version other than Standard, fetched once; undefined data for Standard (its screens keep the 14 criteria). */
export function useScorecardVersion(id: number | null | undefined) {
  const wanted = id !== null && id !== undefined && id !== STANDARD_SCORECARD_ID;
  return useQuery({
    queryKey: scorecardVersionKey(id ?? 0),
    queryFn: () => fetchScorecardVersion(id ?? 0),
    enabled: wanted,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The campaign's versions for in-house and client QC (changed by an admin at any time: read afresh for each call). */
export function useCampaignScorecards(campaignName: string | null) {
  return useQuery({
    queryKey: campaignScorecardsKey(campaignName ?? ''),
    queryFn: () => fetchCampaignScorecards(campaignName ?? ''),
    enabled: campaignName !== null && campaignName !== '',
    staleTime: 0,
    // Unreadable: the columns stay on Standard at once (the server refuses marks not on the campaign's version).
    retry: false,
  });
}

/** The criterion a refusal names (field scorecard.marks.<key>) and its message, or null. */
export function refusedCriterion(error: unknown): { key: string; message: string } | null {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return null;
  const field = (error.body as { field?: unknown }).field;
  const match = typeof field === 'string' ? /^scorecard\.marks\.(.+)$/.exec(field) : null;
  return match === null ? null : { key: match[1]!, message: error.message };
}
