// The /api/logic calls of the logic screens and the full CRM view, and the react-query keys that reload them.
import { z } from 'zod';
import { ZClearedLogic, ZLogicRule, type TLogicRule, type TNewLogicRuleInput } from '@crm/shared';
import { api } from '../../app/api.ts';
import { LOGIC_KEY } from '../../app/query-keys.ts';
// Shared with other areas' screens (app/query-keys.ts); re-exported for this area's files.
export { LOGIC_KEY, campaignRulesKey } from '../../app/query-keys.ts';
// The survey's read (components/survey/): the CRM and the View Full CRM read it too.
export { fetchCampaignRules } from '../../components/survey/survey-reads.ts';

export const questionRulesKey = (questionId: number) => [...LOGIC_KEY, 'question', questionId] as const;

const ZRuleList = z.array(ZLogicRule);

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
