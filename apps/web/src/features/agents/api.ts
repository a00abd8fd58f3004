// The /api/ac calls of the agent screens, and the react-query keys that reload them.
import { z } from 'zod';
import {
  ZAgent,
  zPaged,
  type TAgent,
  type TCreateAgentRequest,
  type TPaged,
  type TUpdateAgentRequest,
} from '@crm/shared';
import { api } from '../../app/api.ts';

/** Every agent query starts with this: invalidating it reloads the list, searches and pickers. */
export const AGENTS_KEY = ['agents'] as const;
export const AGENT_LIST_KEY = [...AGENTS_KEY, 'list'] as const;
export const agentKey = (id: number) => [...AGENTS_KEY, 'one', id] as const;

const ZAgentPage = zPaged(ZAgent);

export function fetchAgentPage(page: number, size: number): Promise<TPaged<TAgent>> {
  return api.get(`/api/ac/pagination/${page}/${size}`, { schema: ZAgentPage });
}

/** The one search box looks in name, agentId and type at once (docs/product.md §7). */
export function searchAgents(term: string): Promise<TAgent[]> {
  return api.get('/api/ac/search', { query: { name: term, agentId: term, type: term }, schema: z.array(ZAgent) });
}

/** The edit page shows a missing agent itself, so the client stays quiet about it. */
export function fetchAgent(id: number): Promise<TAgent> {
  return api.get(`/api/ac/getAgent/${id}`, { schema: ZAgent, notify: false });
}

/** The screen shows the failure itself ('Data Addition failed!' with the server's reason). */
export function addAgent(body: TCreateAgentRequest): Promise<TAgent> {
  return api.post('/api/ac/addAgent', body, { schema: ZAgent, notify: false });
}

/** The screen shows the failure itself ('Update failed!' with the server's reason). */
export function updateAgent(body: TUpdateAgentRequest): Promise<TAgent> {
  return api.put('/api/ac/editAgent', body, { schema: ZAgent, notify: false });
}

export async function deleteAgent(id: number): Promise<void> {
  await api.del(`/api/ac/deleteAgent/${id}`);
}
