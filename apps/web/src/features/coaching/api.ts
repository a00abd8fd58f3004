// The coaching calls (docs/coaching.md): sessions listed, read, planned and moved through their states; and what the
// New session form chooses from: the agents, the campaign's in-house scorecard version and the agent's QC records.
import { z } from 'zod';
import {
  MAX_PAGE_SIZE,
  ZCampaignScorecards,
  ZCoachingList,
  ZCoachingSession,
  ZScorecard,
  type TCoachingCreateInput,
  type TCoachingListQuery,
  type TCoachingSession,
  type TScorecard,
} from '@crm/shared';
import { api } from '../../app/api.ts';

export const COACHING_KEY = ['coaching'] as const;
export const coachingListKey = (q: TCoachingListQuery) =>
  [...COACHING_KEY, 'list', q.agentId ?? '', q.campaignName ?? '', q.state ?? ''] as const;
export const coachingSessionKey = (id: number) => [...COACHING_KEY, 'session', id] as const;

/** Shown by the screen itself, beside the list. */
export function fetchCoachingSessions(q: TCoachingListQuery): Promise<TCoachingSession[]> {
  return api.get('/api/coaching', { query: { ...q }, schema: ZCoachingList, notify: false });
}

export function fetchCoachingSession(id: number): Promise<TCoachingSession> {
  return api.get(`/api/coaching/${id}`, { schema: ZCoachingSession, notify: false });
}

/** The form shows a refusal itself, above its Save button. */
export function createCoachingSession(body: TCoachingCreateInput): Promise<TCoachingSession> {
  return api.post('/api/coaching', body, { schema: ZCoachingSession, notify: false });
}

export type TCoachingStep = 'held' | 'close';
/** Held or Close: the session as it is after the step (on Close, with the before/after figure). */
export function stepCoachingSession(id: number, step: TCoachingStep): Promise<TCoachingSession> {
  return api.post(`/api/coaching/${id}/${step}`, {}, { schema: ZCoachingSession, notify: false });
}

export function acknowledgeCoachingSession(id: number, comment: string): Promise<TCoachingSession> {
  return api.post(`/api/coaching/${id}/acknowledge`, { comment }, { schema: ZCoachingSession, notify: false });
}

const ZAgentOption = z.object({ agentId: z.string(), name: z.string() });
export type TAgentOption = z.infer<typeof ZAgentOption>;
export const COACHING_AGENTS_KEY = [...COACHING_KEY, 'agents'] as const;

/** The active agents (the QC panel's list of agents to score). */
export function fetchCoachingAgents(): Promise<TAgentOption[]> {
  return api.get('/api/qcReport/agents', { schema: z.array(ZAgentOption), notify: false });
}

export const inHouseVersionKey = (campaignName: string) => [...COACHING_KEY, 'in-house', campaignName] as const;

/** The campaign's in-house scorecard version, whose criteria the focus is chosen from. */
export async function fetchInHouseScorecard(campaignName: string): Promise<TScorecard> {
  const versions = await api.get('/api/campaign-scorecards', {
    query: { campaignName },
    schema: ZCampaignScorecards,
    notify: false,
  });
  return api.get(`/api/scorecards/${versions.inHouse.id}`, { schema: ZScorecard, notify: false });
}

const ZRecordOption = z.object({
  id: z.number().int(),
  callDate: z.string(),
  agentId: z.string(),
  campaignName: z.string(),
  consumerNumber: z.string(),
  total: z.number(),
  agentGrade: z.string(),
});
export type TRecordOption = z.infer<typeof ZRecordOption>;
const ZRecordOptionPage = z.object({ response: z.object({ content: z.array(ZRecordOption) }) });

export const agentRecordsKey = (agentId: string) => [...COACHING_KEY, 'records', agentId] as const;

/**
 * The agent's in-house QC records the caller sees, newest call first: the in-house list (an inspector's own records,
 * an admin's all) searched by the agent's ID, kept to that agent exactly (the search also matches names and numbers).
 */
export async function fetchAgentRecords(agentId: string): Promise<TRecordOption[]> {
  const page = await api.get('/api/qcReport/getqcreportbyqcinspector', {
    query: { search: agentId, size: MAX_PAGE_SIZE },
    schema: ZRecordOptionPage,
    notify: false,
  });
  return page.response.content.filter((r) => r.agentId.toLowerCase() === agentId.toLowerCase());
}
