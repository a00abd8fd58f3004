// Helpers for the question and logic API tests: valid question rows and quick adds through the API.
import { expect } from 'vitest';
import type { TLogicRule, TNewQuestionInput, TQuestion } from '@crm/shared';
import type { Caller } from './harness.ts';

/** A valid Select Option row of POST /questions/add. */
export function newQuestion(campaignName: string, overrides: Partial<TNewQuestionInput> = {}): TNewQuestionInput {
  return {
    campaignId: campaignName,
    title: 'Did you receive the product?',
    type: 'Select Option',
    options: 'Yes, No',
    ...overrides,
  };
}

export async function addQuestions(api: Caller, rows: TNewQuestionInput[]): Promise<TQuestion[]> {
  const r = await api.post('/questions/add', rows);
  expect(r.status, r.text).toBe(200);
  return r.json<TQuestion[]>();
}

/** n Select Option questions (options Yes, No, Maybe) of one campaign. */
export async function addSurvey(api: Caller, campaignName: string, n: number): Promise<TQuestion[]> {
  return addQuestions(
    api,
    Array.from({ length: n }, (_, i) =>
      newQuestion(campaignName, { title: `Question ${i + 1}`, options: 'Yes, No, Maybe' }),
    ),
  );
}

export async function setRules(api: Caller, rules: Partial<TLogicRule>[]): Promise<TLogicRule[]> {
  const r = await api.post('/api/logic/setLogics', rules);
  expect(r.status, r.text).toBe(200);
  return r.json<TLogicRule[]>();
}
