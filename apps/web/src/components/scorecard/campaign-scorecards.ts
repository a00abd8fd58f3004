// The scorecard versions QC scores a campaign's calls on (docs/scorecards.md, QC panel): the campaign's in-house and
// client choice and one version's definition, as queries the QC panel reads and the call warm-up fills beforehand
// (components/qc-call/prefetch.ts), under the same keys and freshness.
import { queryOptions } from '@tanstack/react-query';
import {
  STANDARD_SCORECARD_ID,
  ZCampaignScorecards,
  ZScorecard,
  type TCampaignScorecards,
  type TScorecard,
} from '@crm/shared';
import { api } from '../../app/api.ts';

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

/** True for a version the screens draw from its definition (Standard keeps its 14 criteria). */
export const isOwnVersion = (id: number | null | undefined): id is number =>
  id !== null && id !== undefined && id !== STANDARD_SCORECARD_ID;

/** A published version never changes (a record keeps its own): fetched once for the session. */
export const scorecardVersionQuery = (id: number) =>
  queryOptions({
    queryKey: scorecardVersionKey(id),
    queryFn: () => fetchScorecardVersion(id),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/**
 * The campaign's versions for in-house and client QC. An admin may change them at any time: read afresh for each call
 * (a warmed answer is shown at once and checked again behind it; the screen redraws only if it changed).
 */
export const campaignScorecardsQuery = (campaignName: string) =>
  queryOptions({
    queryKey: campaignScorecardsKey(campaignName),
    queryFn: () => fetchCampaignScorecards(campaignName),
    staleTime: 0,
    // Unreadable: the columns stay on Standard at once (the server refuses marks not on the campaign's version).
    retry: false,
  });
