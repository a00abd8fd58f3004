// The /api/logic calls of the logic screens and the full CRM view, and the react-query keys that reload them.
import { z } from 'zod';
import { ZClearedLogic, ZLogicRule, type TLogicRule, type TNewLogicRuleInput } from '@crm/shared';
import { api } from '../../app/api.ts';

/** Every rule query starts with this: invalidating it reloads every screen that shows rules. */
export const LOGIC_KEY = ['logic'] as const;
export const campaignRulesKey = (campaignName: string) => [...LOGIC_KEY, 'campaign', campaignName] as const;
export const questionRulesKey = (questionId: number) => [...LOGIC_KEY, 'question', questionId] as const;

const ZRuleList = z.array(ZLogicRule);

export function fetchCampaignRules(campaignName: string): Promise<TLogicRule[]> {
  return api.get('/api/logic/getAllCampaignLogic', { query: { campaignName }, schema: ZRuleList });
}

export function fetchQuestionRules(questionId: number): Promise<TLogicRule[]> {
  return api.get('/api/logic', { query: { questionId }, schema: ZRuleList });
}

/** A refusal (a target of another campaign, an option the question lacks, rules already set) is shown with the server's words. */
export function setLogics(rules: TNewLogicRuleInput[]): Promise<TLogicRule[]> {
  return api.post('/api/logic/setLogics', rules, { schema: ZRuleList });
}

/** Replaces the question's rules, and only that question's; an empty list leaves it with none. */
export function updateLogic(questionId: number, rules: TNewLogicRuleInput[]): Promise<TLogicRule[]> {
  return api.put('/api/logic/updateLogic', { questionId, rules }, { schema: ZRuleList });
}

export async function clearLogic(questionId: number): Promise<number> {
  return (await api.del('/api/logic/clearLogic', { query: { id: questionId }, schema: ZClearedLogic })).deleted;
}
