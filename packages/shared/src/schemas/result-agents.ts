// The results screen's agent picker (issue 38, docs/guide/results.md "Agent"): the agents who made at least one call
// attempt in a campaign, any time, with their names. Admins and QC inspectors; never a client (no agent profiles).
import { z } from 'zod';

/** GET /api/results/agents. */
export const ZResultAgentsQuery = z.object({
  campaignName: z
    .string({ message: 'campaignName is required' })
    .trim()
    .min(1, 'campaignName is required')
    .max(200, 'campaignName can be at most 200 characters'),
});
export type TResultAgentsQuery = z.infer<typeof ZResultAgentsQuery>;

export const ZResultAgent = z.object({
  /** As the campaign's calls carry it: what the results' agentId filter matches. */
  agentId: z.string(),
  /** The user's name; null for an ID no user holds now (an agent whose ID was changed since). */
  name: z.string().nullable(),
});
export type TResultAgent = z.infer<typeof ZResultAgent>;

/** Sorted by agentId, numbers in it by value (AG-2 before AG-10). */
export const ZResultAgents = z.array(ZResultAgent);
export type TResultAgents = z.infer<typeof ZResultAgents>;

/** The order of the list: by agentId, case aside, the numbers in it by value. */
export function compareAgentIds(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0);
}
