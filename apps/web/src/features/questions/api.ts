// The /questions calls of the question screens, and the react-query keys that reload them.
import { z } from 'zod';
import {
  questionSearchQuery,
  ZDeletedQuestion,
  ZQuestion,
  ZQuestionDeleteImpact,
  type TQuestionDeleteImpact,
  ZRulesInUseReply,
  zPaged,
  type TDeletedQuestion,
  type TLogicRule,
  type TNewQuestionInput,
  type TPaged,
  type TQuestion,
  type TUpdateQuestionInput,
} from '@crm/shared';
import { api, ApiError } from '../../app/api.ts';
import { QUESTIONS_KEY } from '../../app/query-keys.ts';
// Shared with other areas' screens (app/query-keys.ts); re-exported for this area's files.
export { QUESTIONS_KEY, campaignQuestionsKey } from '../../app/query-keys.ts';
// The survey's read (components/survey/): the CRM, the logic screens and the QC panel read it too.
export { fetchCampaignQuestions } from '../../components/survey/survey-reads.ts';

export const QUESTION_LIST_KEY = [...QUESTIONS_KEY, 'list'] as const;
export const questionKey = (id: number) => [...QUESTIONS_KEY, 'one', id] as const;

const ZQuestionPage = zPaged(ZQuestion);
const ZQuestionList = z.array(ZQuestion);

/** One page of every campaign's questions, or of one campaign's when campaignName is given. */
export function fetchQuestionPage(page: number, size: number, campaignName = ''): Promise<TPaged<TQuestion>> {
  return api.get(`/questions/pagination/${page}/${size}`, {
    query: { campaignName: campaignName === '' ? undefined : campaignName },
    schema: ZQuestionPage,
  });
}

export function searchQuestions(term: string): Promise<TQuestion[]> {
  return api.get('/questions/searchQuestion', { query: questionSearchQuery(term), schema: ZQuestionList });
}

/** The edit page shows a missing question itself. */
export function fetchQuestion(id: number): Promise<TQuestion> {
  return api.get(`/questions/getQuestion/${id}`, { schema: ZQuestion, notify: false });
}

/** How many logic rules a delete takes with it, for the confirmation. */
export async function fetchDeleteImpact(id: number): Promise<TQuestionDeleteImpact> {
  return api.get(`/questions/deleteImpact/${id}`, { schema: ZQuestionDeleteImpact });
}

export function deleteQuestion(id: number): Promise<TDeletedQuestion> {
  return api.del(`/questions/deleteQuestion/${id}`, { schema: ZDeletedQuestion });
}

/** The screen shows the failure itself ('Error saving questions' with the server's reason). */
export function addQuestions(body: TNewQuestionInput[]): Promise<TQuestion[]> {
  return api.post('/questions/add', body, { schema: ZQuestionList, notify: false });
}

export type TUpdateOutcome =
  { kind: 'updated'; question: TQuestion } | { kind: 'rulesInUse'; message: string; rules: TLogicRule[] };

/**
 * PUT /questions/updateQuestion. A 409 naming the rules that use removed options is an answer the
 * screen asks the admin about, not a failure; every other failure is thrown for the screen to show.
 */
export async function updateQuestion(body: TUpdateQuestionInput): Promise<TUpdateOutcome> {
  try {
    return {
      kind: 'updated',
      question: await api.put('/questions/updateQuestion', body, { schema: ZQuestion, notify: false }),
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      const reply = ZRulesInUseReply.safeParse(error.body);
      if (reply.success) return { kind: 'rulesInUse', ...reply.data };
    }
    throw error;
  }
}
