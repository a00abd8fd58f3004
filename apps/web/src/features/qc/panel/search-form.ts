// The "QC by Number" search (docs/product.md §5: a QC search needs the campaign, the number and the call date).
import { isIsoDate } from '@crm/shared';
import { dayText } from '../../../app/time-zone.ts';

export type TQcSearch = { campaignName: string; consumerNumber: string; callDate: string };
export type TSearchProblems = Partial<Record<keyof TQcSearch, string>>;

export const SEARCH_PROBLEMS = {
  campaignName: 'Choose a campaign',
  consumerNumber: 'Enter the consumer number',
  callDate: 'Choose the call date',
  callDateFormat: 'Write the call date as yyyy-MM-dd',
} as const;

export function searchProblems(search: TQcSearch): TSearchProblems {
  const problems: TSearchProblems = {};
  if (search.campaignName.trim() === '') problems.campaignName = SEARCH_PROBLEMS.campaignName;
  if (search.consumerNumber.trim() === '') problems.consumerNumber = SEARCH_PROBLEMS.consumerNumber;
  const date = search.callDate.trim();
  if (date === '') problems.callDate = SEARCH_PROBLEMS.callDate;
  else if (!isIsoDate(date)) problems.callDate = SEARCH_PROBLEMS.callDateFormat;
  return problems;
}

export function trimmedSearch(search: TQcSearch): TQcSearch {
  return {
    campaignName: search.campaignName.trim(),
    consumerNumber: search.consumerNumber.trim(),
    callDate: search.callDate.trim(),
  };
}

/** Today on the call centre's calendar (its time zone), yyyy-MM-dd: the call date the form starts with. */
export function today(now = new Date()): string {
  return dayText(now);
}
