// The /api/dnc calls of the Do Not Call screen, the list filter's query, and the react-query key that reloads them;
// with what VICIdial made of the lists (/api/dialer/sync: the pulls, and the sent leads a number would pull).
import {
  MAX_PAGE_SIZE,
  ZDncCounts,
  ZDncEntry,
  ZDncUploadRejected,
  ZDncUploadResult,
  ZDialerSyncRetried,
  ZDialerSyncSummary,
  ZDncSentCheck,
  zPaged,
  type TDncAdd,
  type TDncCounts,
  type TDncEntry,
  type TDncUploadResult,
  type TDialerSyncSummary,
  type TDncSentCheck,
  type TPaged,
  type TUploadRowError,
} from '@crm/shared';
import { api, ApiError } from '../../app/api.ts';

export const DNC_KEY = ['dnc'] as const;
/** Under DNC_KEY: a change to the lists reloads it too. */
export const DNC_SYNC_KEY = [...DNC_KEY, 'dialer-sync'] as const;

const ZDncPage = zPaged(ZDncEntry);

/** The list filter: both lists, the system list, or one campaign's list. */
export type TDncFilter = { kind: 'all' } | { kind: 'system' } | { kind: 'campaign'; campaignName: string };

/** The select's value of a filter ('all', 'system', or 'c:' and the campaign's name). */
export function filterValue(filter: TDncFilter): string {
  return filter.kind === 'campaign' ? `c:${filter.campaignName}` : filter.kind;
}

export function filterOf(value: string): TDncFilter {
  if (value.startsWith('c:')) return { kind: 'campaign', campaignName: value.slice(2) };
  return value === 'system' ? { kind: 'system' } : { kind: 'all' };
}

/** The query of a filter: no campaignName is both lists, an empty one the system list. */
export function filterQuery(filter: TDncFilter): { campaignName?: string } {
  if (filter.kind === 'all') return {};
  return { campaignName: filter.kind === 'system' ? '' : filter.campaignName };
}

export function fetchDncPage(filter: TDncFilter, page: number, size: number): Promise<TPaged<TDncEntry>> {
  return api.get(`/api/dnc/pagination/${page}/${size}`, { query: filterQuery(filter), schema: ZDncPage });
}

export function searchDnc(filter: TDncFilter, term: string): Promise<TPaged<TDncEntry>> {
  return api.get(`/api/dnc/pagination/0/${MAX_PAGE_SIZE}`, {
    query: { ...filterQuery(filter), q: term },
    schema: ZDncPage,
  });
}

export function fetchDncCounts(): Promise<TDncCounts> {
  return api.get('/api/dnc/counts', { schema: ZDncCounts });
}

export function addDncNumber(body: TDncAdd): Promise<TDncEntry> {
  return api.post('/api/dnc', body, { schema: ZDncEntry });
}

export async function removeDncNumber(id: number): Promise<void> {
  await api.del(`/api/dnc/${id}`);
}

/** A refused upload: the server's reason and, for a file with bad rows, each of them. */
export class DncUploadError extends Error {
  readonly errors: TUploadRowError[];
  readonly errorCount: number;
  constructor(message: string, errors: TUploadRowError[] = [], errorCount = errors.length) {
    super(message);
    this.name = 'DncUploadError';
    this.errors = errors;
    this.errorCount = errorCount;
  }
}

/** POST /api/dnc/upload to a campaign's list ('' the system list); throws DncUploadError with the per-row report. */
export async function uploadDncCsv(file: File, campaignName: string): Promise<TDncUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    return await api.post('/api/dnc/upload', form, {
      query: campaignName === '' ? {} : { campaignName },
      schema: ZDncUploadResult,
      notify: false,
      timeoutMs: 10 * 60_000,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const report = ZDncUploadRejected.safeParse(error.body);
    if (report.success) throw new DncUploadError(report.data.message, report.data.errors, report.data.errorCount);
    throw new DncUploadError(error.message);
  }
}

/** "System list: 12 · Spring Survey: 3" */
export function countsText(counts: TDncCounts): string {
  const n = (k: number) => k.toLocaleString('en-US');
  return [`System list: ${n(counts.system)}`, ...counts.campaigns.map((c) => `${c.campaignName}: ${n(c.count)}`)].join(
    ' · ',
  );
}

/** The numbers of the lists sent to VICIdial's DNC lists and the sent leads pulled for them: done, waiting, refused. */
export function fetchDncSync(): Promise<TDialerSyncSummary> {
  return api.get('/api/dialer/sync/dnc', { schema: ZDialerSyncSummary, notify: false });
}

/** The refused ones go to VICIdial again; answers the server's message. */
export async function retryDncSync(): Promise<string> {
  const { message } = await api.post('/api/dialer/sync/retry', {}, { schema: ZDialerSyncRetried });
  return message;
}

/** The sent, not yet completed leads of `number` that putting it on the filter's list would pull from the dialer. */
export function fetchDncSent(number: string, filter: TDncFilter, signal?: AbortSignal): Promise<TDncSentCheck> {
  const { campaignName } = filterQuery(filter);
  return api.get('/api/dialer/sync/sent', {
    query: { number, ...(campaignName ? { campaignName } : {}) },
    schema: ZDncSentCheck,
    signal,
    notify: false,
  });
}
