// The campaign's survey a call of the CRM screen runs on (issue 35): fetched once per sign-in, not at every search, and
// again when a lookup names another survey version than the one held, so a call always runs on its lookup's version.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TCampaignSurvey } from '../../components/survey/use-campaign-survey.ts';
import { crmSurveyKey, fetchSurvey, type TVersionedCampaignSurvey } from './api.ts';

/**
 * The campaign's survey, held for the sign-in (the cache is cleared at sign-out, never collected before): read at the
 * first search, then again only when a lookup names another version (surveyFor).
 */
export function surveyQuery(campaignName: string) {
  return queryOptions({
    queryKey: crmSurveyKey(campaignName),
    queryFn: () => fetchSurvey(campaignName),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/**
 * A call runs on the survey version its lookup names (`named`; undefined from a server that names none): the one held,
 * or the survey read again when the version differs.
 */
export async function surveyFor(
  queryClient: QueryClient,
  campaignName: string,
  held: TVersionedCampaignSurvey,
  named: number | undefined,
): Promise<TCampaignSurvey> {
  if (named === undefined || named === held.version) return held.survey;
  const fresh = await queryClient.fetchQuery({ ...surveyQuery(campaignName), staleTime: 0 });
  return fresh.survey;
}
