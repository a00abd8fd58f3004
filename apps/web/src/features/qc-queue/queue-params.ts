// What the QC queue screen keeps in the address (?campaignName=&date=&page=&size=), so a reload or a shared link shows
// the same calls; the QC panel's address of a claimed call; and the words of a claim's time left.
import { isIsoDate } from '@crm/shared';

import type { TQueueFilters } from '../../components/qc-call/queue-call.ts';

export type { TQueueFilters };
// The panel's address of a claimed call is shared with the QC panel, which reads it back.
export { panelAddress } from '../../components/qc-call/queue-call.ts';
export type TQueueParams = TQueueFilters & { page: number; size: number };

/** "Show entries": 15 rows (the default) fill the table at 1366×768; the larger sizes scroll inside it. */
export const QUEUE_PAGE_SIZES = [15, 25, 50, 100] as const;
export const QUEUE_PAGE_SIZE: number = QUEUE_PAGE_SIZES[0];
const isQueuePageSize = (n: number) => (QUEUE_PAGE_SIZES as readonly number[]).includes(n);

export function readQueueParams(params: URLSearchParams): TQueueParams {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const date = params.get('date') ?? '';
  return {
    campaignName: (params.get('campaignName') ?? '').trim(),
    date: isIsoDate(date) ? date : '',
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    size: isQueuePageSize(size) ? size : QUEUE_PAGE_SIZE,
  };
}

/**
 * The address of a state: empty filters, the first page and the default size are left out. A filter or size change
 * goes back to page one.
 */
export function writeQueueParams(current: TQueueParams, change: Partial<TQueueParams>): URLSearchParams {
  const resetsPage = Object.keys(change).some((k) => k !== 'page');
  const next = { ...current, ...change, page: change.page ?? (resetsPage ? 0 : current.page) };
  const params = new URLSearchParams();
  if (next.campaignName !== '') params.set('campaignName', next.campaignName);
  if (next.date !== '') params.set('date', next.date);
  if (next.page > 0) params.set('page', String(next.page + 1));
  if (next.size !== QUEUE_PAGE_SIZE) params.set('size', String(next.size));
  return params;
}

/** "12 min left", "under a minute left", "expired". */
export function timeLeftText(expiresAt: string, now: number = Date.now()): string {
  const ms = Date.parse(expiresAt) - now;
  if (!(ms > 0)) return 'expired';
  const minutes = Math.floor(ms / 60_000);
  return minutes < 1 ? 'under a minute left' : `${minutes} min left`;
}

/** m:ss of a call's length: 95 → 1:35; unknown → —. */
export function durationText(seconds: number | null): string {
  if (seconds === null) return '—';
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Whether a key press is the queue's "N" shortcut: not typed into a field, no modifier held. */
export function isScoreNextKey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
  target: EventTarget | null,
): boolean {
  if (event.key !== 'n' && event.key !== 'N') return false;
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  const element = target as { tagName?: string; isContentEditable?: boolean } | null;
  const tag = element?.tagName?.toLowerCase();
  return !(tag === 'input' || tag === 'textarea' || tag === 'select' || element?.isContentEditable === true);
}
