// The "show only if" calls (docs/product.md, conditions): a campaign's conditions in words, and setting or removing one.
import { z } from 'zod';
import { ZQuestionCondition, type TQuestionCondition, type TShowIf } from '@crm/shared';
import { api } from '../../app/api.ts';
// Shared with other areas' screens (app/query-keys.ts); re-exported for this area's files.
export { campaignConditionsKey } from '../../app/query-keys.ts';
// The survey's read (components/survey/): the CRM and the View Full CRM read it too.
export { fetchCampaignConditions } from '../../components/survey/survey-reads.ts';

const ZConditionList = z.array(ZQuestionCondition);

/** A refusal (a later question, an unknown field, an option the question lacks) comes back with the server's words. */
export function saveCondition(questionId: number, showIf: TShowIf | null): Promise<TQuestionCondition[]> {
  return api.put(`/api/logic/conditions/${questionId}`, { showIf }, { schema: ZConditionList, notify: false });
}
