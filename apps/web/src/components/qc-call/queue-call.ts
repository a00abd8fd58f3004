// The QC queue's calls as the queue screen and the QC panel both use them (docs/guide/qc-queue.md): claiming the next
// call with the queue's filters, releasing a claim, peeking at the call Score next would take (without claiming it),
// and the QC panel's address of a call opened from the queue (the call, and the queue's filters for "Submit and next").
import { z } from 'zod';
import {
  ZQcQueueClaimReply,
  ZQcQueueCall,
  ZQcQueuePage,
  type TQcQueueCall,
  type TQcQueueClaimReply,
} from '@crm/shared';
import { api } from '../../app/api.ts';

export type TQueueFilters = { campaignName: string; date: string };

const queryOf = (filters: TQueueFilters) => ({
  campaignName: filters.campaignName || undefined,
  date: filters.date || undefined,
});

/** The next call for this inspector (of the campaign and date filtered on), claimed; 404 NO_CALL_LEFT when none. */
export function claimNextCall(filters: TQueueFilters): Promise<TQcQueueClaimReply> {
  return api.post('/api/qcQueue/claim', queryOf(filters), { schema: ZQcQueueClaimReply, notify: false });
}

export function releaseClaim(id: number): Promise<{ message: string }> {
  return api.del(`/api/qcQueue/claim/${id}`, { schema: z.object({ message: z.string() }), notify: false });
}

/** How many rows of the queue's head are read to find the first free call. */
const PEEK_ROWS = 5;

/**
 * The call Score next would most likely take: the first row of the queue nobody holds (the list is in Score next's
 * order). Nothing is claimed, so nothing is reserved: a guess to warm the caches with, never a promise.
 */
export async function peekNextCall(filters: TQueueFilters, skipFile?: string): Promise<TQcQueueCall | null> {
  const page = await api.get(`/api/qcQueue/pagination/0/${PEEK_ROWS}`, {
    query: queryOf(filters),
    schema: ZQcQueuePage,
    notify: false,
  });
  return page.response.content.find((call) => call.claim === null && call.fileName !== skipFile) ?? null;
}

/** The address's names of the queue a call was opened from (kept while scoring, for "Submit and next"). */
const QUEUE_KEYS = { from: 'queue', campaignName: 'queueCampaign', date: 'queueDate' } as const;

/** Where "Score next" goes: the QC panel with the call searched, its recording chosen, and the queue's filters. */
export function panelAddress(
  call: Pick<TQcQueueCall, 'campaignName' | 'phoneNumber' | 'callDate' | 'fileName'>,
  filters?: TQueueFilters,
): string {
  const params = new URLSearchParams({
    campaignName: call.campaignName,
    consumerNumber: call.phoneNumber,
    callDate: call.callDate,
    file: call.fileName,
  });
  if (filters !== undefined) {
    params.set(QUEUE_KEYS.from, '1');
    if (filters.campaignName !== '') params.set(QUEUE_KEYS.campaignName, filters.campaignName);
    if (filters.date !== '') params.set(QUEUE_KEYS.date, filters.date);
  }
  return `/qcChecking?${params.toString()}`;
}

/** The queue a call on the QC panel was opened from (its filters), or null: a call searched by hand. */
export function queueFromAddress(params: URLSearchParams): TQueueFilters | null {
  if (params.get(QUEUE_KEYS.from) !== '1') return null;
  return { campaignName: params.get(QUEUE_KEYS.campaignName) ?? '', date: params.get(QUEUE_KEYS.date) ?? '' };
}

/** What Score next hands the QC panel with the address (router state): the claimed row, so nothing waits for a search. */
export const ZClaimedState = z.object({ claimed: ZQcQueueCall });

export function claimedFromState(state: unknown): TQcQueueCall | null {
  const parsed = ZClaimedState.safeParse(state);
  return parsed.success ? parsed.data.claimed : null;
}
