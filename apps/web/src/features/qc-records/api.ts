// The calls of the unacknowledged QC records list: one page of the records awaiting acknowledgement, and the agents
// the caller scores (the agent filter's choices).
import { z } from 'zod';
import { ZUnacknowledgedPage, type TUnacknowledgedPage } from '@crm/shared';
import { api } from '../../app/api.ts';
import { listQuery, type TAcknowledgementFilters } from './list-params.ts';

export const UNACKNOWLEDGED_KEY = ['qc-records', 'unacknowledged'] as const;
export const unacknowledgedListKey = (f: TAcknowledgementFilters) => [...UNACKNOWLEDGED_KEY, listQuery(f)] as const;
export const ACKNOWLEDGEMENT_AGENTS_KEY = ['qc-records', 'agents'] as const;

/** One server page (0-based). The screen shows a failure itself, beside the list. */
export function fetchUnacknowledged(
  f: TAcknowledgementFilters,
  page: number,
  size: number,
): Promise<TUnacknowledgedPage> {
  return api.get('/api/qc-records/unacknowledged', {
    query: { ...listQuery(f), page: String(page), size: String(size) },
    schema: ZUnacknowledgedPage,
    notify: false,
  });
}

const ZScorableAgent = z.object({ agentId: z.string(), name: z.string() });
export type TScorableAgent = z.infer<typeof ZScorableAgent>;

/** The agents the caller may score: the agent filter's choices. */
export function fetchAgents(): Promise<TScorableAgent[]> {
  return api.get('/api/qcReport/agents', { schema: z.array(ZScorableAgent), notify: false });
}
