// The /api/qcReport review calls: an agent's QC records with their reviews (paged), submitting a review, acknowledging, the open reviews
// an inspector resolves, and the agents an admin may look at.
import { z } from 'zod';
import {
  ZAgentQcRecordPage,
  ZAgentReview,
  ZQcRecordAcknowledgement,
  type TAgentQcRecordPage,
  type TAgentReview,
  type TAgentReviewSubmitInput,
  type TQcRecordAcknowledgement,
} from '@crm/shared';
import { api } from '../../../app/api.ts';
import { REVIEWS_KEY } from '../../../app/query-keys.ts';
// Shared with other areas' screens (app/query-keys.ts); re-exported for this area's files.
export { REVIEWS_KEY } from '../../../app/query-keys.ts';

/** An agent's own list has no agentId (the server takes the session's); an admin names the agent. */
export const agentRecordsKey = (agentId: string | null) => [...REVIEWS_KEY, 'agent', agentId ?? 'self'] as const;
export const OPEN_REVIEWS_KEY = [...REVIEWS_KEY, 'open'] as const;
export const SCORABLE_AGENTS_KEY = [...REVIEWS_KEY, 'agents'] as const;

/** Which page of the QC Review: by key (docs/api.md "Pages"), narrowed to call dates from/to ('' for none). */
export type TAgentRecordsQuery = {
  size: number;
  page: { kind: 'first' } | { kind: 'last' } | { kind: 'after' | 'before'; cursor: string };
  startDate: string;
  endDate: string;
};

/** One keyset page of the agent's records, newest call first (docs/qc-records.md, The agent's QC Review list). */
export function fetchAgentQcRecords(agentId: string | null, q: TAgentRecordsQuery): Promise<TAgentQcRecordPage> {
  const { page } = q;
  return api.get('/api/qcReport/list-of-qc-records-by-agent-id', {
    query: {
      agentId: agentId ?? undefined,
      size: q.size,
      after: page.kind === 'after' ? page.cursor : undefined,
      before: page.kind === 'before' ? page.cursor : undefined,
      last: page.kind === 'last' ? true : undefined,
      startDate: q.startDate === '' ? undefined : q.startDate,
      endDate: q.endDate === '' ? undefined : q.endDate,
    },
    schema: ZAgentQcRecordPage,
    notify: false,
  });
}

/** The agent signs a record off, once (a second is 409 with the day it was done); the card shows a failure itself. */
export function acknowledgeQcRecord(id: number, comment: string): Promise<TQcRecordAcknowledgement> {
  return api.post(
    `/api/qc-records/${id}/acknowledge`,
    { comment },
    { schema: ZQcRecordAcknowledgement, notify: false },
  );
}

const ZScorableAgent = z.object({ agentId: z.string(), name: z.string() });
export type TScorableAgent = z.infer<typeof ZScorableAgent>;

/** The agents an admin may pick (also the QC panel's scoring list). */
export function fetchScorableAgents(): Promise<TScorableAgent[]> {
  return api.get('/api/qcReport/agents', { schema: z.array(ZScorableAgent), notify: false });
}

/** The row shows the failure itself ('Failed to submit review' with the server's reason). */
export function submitReview(body: TAgentReviewSubmitInput): Promise<TAgentReview> {
  return api.post('/api/qcReport/submit', body, { schema: ZAgentReview, notify: false });
}

export function fetchOpenReviews(): Promise<TAgentReview[]> {
  return api.get('/api/qcReport/get-agent-reviews', { schema: z.array(ZAgentReview), notify: false });
}

/** The row shows the failure itself ('Failed to update review status.' with the server's reason). */
export function resolveReview(id: number, resolvedMessage: string): Promise<TAgentReview> {
  return api.put(
    `/api/qcReport/agent-review/${id}`,
    { isResolved: true, resolvedMessage },
    { schema: ZAgentReview, notify: false },
  );
}
