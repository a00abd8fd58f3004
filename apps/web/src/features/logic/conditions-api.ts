// The "show only if" calls (docs/product.md, conditions): a campaign's conditions in words, and setting or removing one.
import { z } from 'zod';
import { ZQuestionCondition, type TQuestionCondition, type TShowIf } from '@crm/shared';
import { api } from '../../app/api.ts';
import { LOGIC_KEY } from './api.ts';

export const campaignConditionsKey = (campaignName: string) => [...LOGIC_KEY, 'conditions', campaignName] as const;

const ZConditionList = z.array(ZQuestionCondition);

export function fetchCampaignConditions(campaignName: string): Promise<TQuestionCondition[]> {
  return api.get('/api/logic/conditions', { query: { campaignName }, schema: ZConditionList, notify: false });
}

/** A refusal (a later question, an unknown field, an option the question lacks) comes back with the server's words. */
export function saveCondition(questionId: number, showIf: TShowIf | null): Promise<TQuestionCondition[]> {
  return api.put(`/api/logic/conditions/${questionId}`, { showIf }, { schema: ZConditionList, notify: false });
}
