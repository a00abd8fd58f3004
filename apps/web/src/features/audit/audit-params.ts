// The /audit screen keeps its filters, page and size in the address (?actor=…&objectType=…&from=…&page=2), so a
// reload, Back or a shared link shows the same entries; and the names the screen gives object types and actions.
import {
  AUDIT_ACTIONS,
  AUDIT_OBJECT_TYPES,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  isIsoDate,
  type TAuditAction,
  type TAuditObjectType,
} from '@crm/shared';

/** The filters; empty strings mean "not filtered". */
export type TAuditFilters = {
  actor: string;
  objectType: TAuditObjectType | '';
  objectId: string;
  action: TAuditAction | '';
  from: string;
  to: string;
};

export type TAuditParams = TAuditFilters & {
  /** 0-based (the address shows it 1-based). */
  page: number;
  size: number;
};

export const OBJECT_TYPE_LABELS: Record<TAuditObjectType, string> = {
  agent: 'Agent',
  user: 'User',
  campaign: 'Campaign',
  dataTable: 'Data table',
  question: 'Question',
  logicRule: 'Logic rule',
  leads: 'Leads',
  qcRecord: 'QC record',
  review: 'Review',
  recording: 'Recording',
  calibrationSession: 'Calibration session',
  qcSettings: 'QC settings',
  dnc: 'Do-not-call number',
  dialerSettings: 'Dialer settings',
  dialerSend: 'Send to dialer',
  quota: 'Quota',
  dispositions: 'Dispositions',
  callback: 'Callback',
  scorecard: 'Scorecard',
  campaignScorecards: 'Campaign scorecards',
  coachingSession: 'Coaching session',
};

export const ACTION_LABELS: Record<TAuditAction, string> = {
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  upload: 'Upload',
  generate: 'Generate',
  regenerate: 'Regenerate',
  resolve: 'Resolve',
  link: 'Link',
};

/** A type or action the screen does not know (written by a newer server) is shown as it is. */
export const objectTypeLabel = (type: string) =>
  type in OBJECT_TYPE_LABELS ? OBJECT_TYPE_LABELS[type as TAuditObjectType] : type;
export const actionLabel = (action: string) =>
  action in ACTION_LABELS ? ACTION_LABELS[action as TAuditAction] : action;

const oneOf = <T extends string>(choices: readonly T[], value: string | null): T | '' =>
  (choices as readonly string[]).includes(value ?? '') ? (value as T) : '';
const day = (value: string | null) => (value !== null && isIsoDate(value) ? value : '');

export function readAuditParams(params: URLSearchParams): TAuditParams {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    actor: (params.get('actor') ?? '').trim(),
    objectType: oneOf(AUDIT_OBJECT_TYPES, params.get('objectType')),
    objectId: (params.get('objectId') ?? '').trim(),
    action: oneOf(AUDIT_ACTIONS, params.get('action')),
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
}

const FILTER_KEYS = ['actor', 'objectType', 'objectId', 'action', 'from', 'to'] as const;

/** The address of a state: defaults and empty filters are left out, so the unfiltered first page is a bare /audit. */
export function writeAuditParams(state: TAuditParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (state[key].trim() !== '') params.set(key, state[key].trim());
  if (state.page > 0) params.set('page', String(state.page + 1));
  if (state.size !== DEFAULT_PAGE_SIZE) params.set('size', String(state.size));
  return params;
}

/** A filter or size change starts again at the first page; a page change keeps the filters. */
export function changeAuditParams(current: TAuditParams, change: Partial<TAuditParams>): TAuditParams {
  const resetsPage = Object.keys(change).some((k) => k !== 'page');
  return { ...current, ...change, page: change.page ?? (resetsPage ? 0 : current.page) };
}

export function hasAuditFilters(filters: TAuditFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key].trim() !== '');
}

export const NO_FILTERS: TAuditFilters = { actor: '', objectType: '', objectId: '', action: '', from: '', to: '' };

/** The query string of the list and the export: only the filters that are set. */
export function auditQuery(filters: TAuditFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of FILTER_KEYS) if (filters[key].trim() !== '') query[key] = filters[key].trim();
  return query;
}

/** Why the date range cannot be asked for, or null (the server would refuse it: "from must not be after to"). */
export function rangeProblem(filters: TAuditFilters): string | null {
  return filters.from !== '' && filters.to !== '' && filters.from > filters.to ? 'From must not be after To' : null;
}
