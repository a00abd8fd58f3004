// The scorecard versions QC scores on (docs/scorecards.md, QC panel): a campaign's in-house and client choice, and one
// version's definition, cached by id for the session (a published version never changes, a record keeps its own).
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../app/api.ts';
import {
  campaignScorecardsQuery,
  isOwnVersion,
  scorecardVersionQuery,
} from '../../../components/scorecard/campaign-scorecards.ts';

/** A version other than Standard, fetched once; undefined data for Standard (its screens keep the 14 criteria). */
export function useScorecardVersion(id: number | null | undefined) {
  return useQuery({ ...scorecardVersionQuery(id ?? 0), enabled: isOwnVersion(id) });
}

/** The campaign's versions for in-house and client QC (changed by an admin at any time: read afresh for each call). */
export function useCampaignScorecards(campaignName: string | null) {
  return useQuery({
    ...campaignScorecardsQuery(campaignName ?? ''),
    enabled: campaignName !== null && campaignName !== '',
  });
}

/** The criterion a refusal names (field scorecard.marks.<key>) and its message, or null. */
export function refusedCriterion(error: unknown): { key: string; message: string } | null {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return null;
  const field = (error.body as { field?: unknown }).field;
  const match = typeof field === 'string' ? /^scorecard\.marks\.(.+)$/.exec(field) : null;
  return match === null ? null : { key: match[1]!, message: error.message };
}
