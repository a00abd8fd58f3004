// The agents a QC inspector can score (the QC panel's Agent picker), read by the panel and warmed with the call it opens.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../app/api.ts';

export const ZScorableAgent = z.object({ agentId: z.string(), name: z.string() });
export type TScorableAgent = z.infer<typeof ZScorableAgent>;

export const SCORABLE_AGENTS_KEY = ['qc', 'scorable-agents'] as const;

export function fetchScorableAgents(): Promise<TScorableAgent[]> {
  return api.get('/api/qcReport/agents', { schema: z.array(ZScorableAgent), notify: false });
}

export const scorableAgentsQuery = queryOptions({
  queryKey: SCORABLE_AGENTS_KEY,
  queryFn: fetchScorableAgents,
  staleTime: 60_000,
});
