// The /qc-acknowledgements list keeps its filters, page and size in the address (?state=overdue&agentId=…&
// campaignName=…&startDate=…&endDate=…&page=2&size=25, the defaults left out), so a reload, Back, a shared link, the
// overdue notification and QC insights' figures all open the same rows. The names are the API's (docs/qc-records.md).
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  UNACKNOWLEDGED_STATES,
  isIsoDate,
  type TUnacknowledgedState,
} from '@crm/shared';

export type TAcknowledgementFilters = {
  /** `all` (the screen's default): every record awaiting acknowledgement; `overdue`: past the window only. */
  state: TUnacknowledgedState;
  agentId: string;
  campaignName: string;
  startDate: string;
  endDate: string;
};

export type TAcknowledgementParams = TAcknowledgementFilters & {
  /** 0-based (the address shows it 1-based). */
  page: number;
  size: number;
};

const day = (value: string | null) => (value !== null && isIsoDate(value) ? value : '');

export function readListParams(params: URLSearchParams): TAcknowledgementParams {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const state = params.get('state');
  return {
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    state: (UNACKNOWLEDGED_STATES as readonly string[]).includes(state ?? '') ? (state as TUnacknowledgedState) : 'all',
    agentId: (params.get('agentId') ?? '').trim(),
    campaignName: (params.get('campaignName') ?? '').trim(),
    startDate: day(params.get('startDate')),
    endDate: day(params.get('endDate')),
  };
}

export function writeListParams(state: TAcknowledgementParams): URLSearchParams {
  const params = new URLSearchParams();
  if (state.state !== 'all') params.set('state', state.state);
  if (state.agentId !== '') params.set('agentId', state.agentId);
  if (state.campaignName !== '') params.set('campaignName', state.campaignName);
  if (state.startDate !== '') params.set('startDate', state.startDate);
  if (state.endDate !== '') params.set('endDate', state.endDate);
  if (state.page > 0) params.set('page', String(state.page + 1));
  if (state.size !== DEFAULT_PAGE_SIZE) params.set('size', String(state.size));
  return params;
}

/** A filter or size change starts again at the first page; a page change keeps the filters. */
export function changeListParams(
  current: TAcknowledgementParams,
  change: Partial<TAcknowledgementParams>,
): TAcknowledgementParams {
  const resetsPage = Object.keys(change).some((k) => k !== 'page');
  return { ...current, ...change, page: change.page ?? (resetsPage ? 0 : current.page) };
}

/** The list call's query: the state always named (the API's default is `overdue`), empty filters left out. */
export function listQuery(f: TAcknowledgementFilters): Record<string, string> {
  const query: Record<string, string> = { state: f.state };
  for (const key of ['agentId', 'campaignName', 'startDate', 'endDate'] as const)
    if (f[key] !== '') query[key] = f[key];
  return query;
}
