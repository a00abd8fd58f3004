// The react-query keys more than one area reads or invalidates: a screen that changes data reloads the other screens
// that show it through these (docs/architecture.md §1: a feature never imports another). A key one area alone uses
// stays in that area's api.ts; an area's api.ts re-exports the shared keys it owns.
import type { TDisputeListQuery } from '@crm/shared';

/** Every campaign query starts with this: invalidating it reloads lists, lead counts and selectors. */
export const CAMPAIGNS_KEY = ['campaigns'] as const;
export const ALL_CAMPAIGNS_KEY = [...CAMPAIGNS_KEY, 'all'] as const;
export const CAMPAIGN_LIST_KEY = [...CAMPAIGNS_KEY, 'list'] as const;
export const LEAD_COUNTS_KEY = [...CAMPAIGNS_KEY, 'leadCounts'] as const;

export const DATA_TABLES_KEY = ['dataTables'] as const;
export const ALL_DATA_TABLES_KEY = [...DATA_TABLES_KEY, 'all'] as const;
export const DATA_TABLE_LIST_KEY = [...DATA_TABLES_KEY, 'list'] as const;

/** The dashboard's figures: lead jobs (upload, generate, regenerate, delete) reload them. */
export const DASHBOARD_KEY = ['dashboard'] as const;

/** The dialer's settings and sends (a generate offers the send at once). */
export const DIALER_KEY = ['dialer'] as const;

export const LEADS_KEY = ['leads'] as const;
export const dataDatesKey = (campaign: string) => [...LEADS_KEY, 'dataDates', campaign] as const;

/** A campaign's survey is read under these three (questions, logic rules, "show only if" conditions). */
export const QUESTIONS_KEY = ['questions'] as const;
export const campaignQuestionsKey = (campaignName: string) => [...QUESTIONS_KEY, 'campaign', campaignName] as const;
export const LOGIC_KEY = ['logic'] as const;
export const campaignRulesKey = (campaignName: string) => [...LOGIC_KEY, 'campaign', campaignName] as const;
export const campaignConditionsKey = (campaignName: string) => [...LOGIC_KEY, 'conditions', campaignName] as const;

export const QC_RECORDS_KEY = ['qc-records'] as const;
/** The agents' reviews of QC records. */
export const REVIEWS_KEY = ['qc-reviews'] as const;
/** Under the reviews' key: a dispute raised or answered reloads the reviews too, and the other way round. */
export const DISPUTES_KEY = [...REVIEWS_KEY, 'disputes'] as const;
export const disputeListKey = (query: TDisputeListQuery, page: number, size: number) =>
  [...DISPUTES_KEY, 'list', query, page, size] as const;
export const DISPUTE_SETTINGS_KEY = ['dispute-settings'] as const;
