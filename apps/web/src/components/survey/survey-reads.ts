// The three reads that make a campaign's survey (its questions, logic rules and "show only if" conditions), shared by
// the agent's CRM, the View Full CRM preview and the logic screens; each area's api.ts re-exports the one it owns.
import { z } from 'zod';
import {
  ZLogicRule,
  ZQuestion,
  ZQuestionCondition,
  type TLogicRule,
  type TQuestion,
  type TQuestionCondition,
} from '@crm/shared';
import { api } from '../../app/api.ts';

/** A campaign's questions in qno order, inactive ones included (admins, QC, and agents of that campaign). */
export function fetchCampaignQuestions(campaignName: string): Promise<TQuestion[]> {
  return api.get(`/questions/getToSetLogic/${encodeURIComponent(campaignName)}`, { schema: z.array(ZQuestion) });
}

export function fetchCampaignRules(campaignName: string): Promise<TLogicRule[]> {
  return api.get('/api/logic/getAllCampaignLogic', { query: { campaignName }, schema: z.array(ZLogicRule) });
}

export function fetchCampaignConditions(campaignName: string): Promise<TQuestionCondition[]> {
  return api.get('/api/logic/conditions', {
    query: { campaignName },
    schema: z.array(ZQuestionCondition),
    notify: false,
  });
}
