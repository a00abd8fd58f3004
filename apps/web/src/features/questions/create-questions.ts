// The Create Questions form's rules (spec §4, §5): campaign, data table and count before Go, then title and type per question.
import type { TNewQuestionInput } from '@crm/shared';
import { toQuestionBody, validateQuestionFields, type TQuestionFieldErrors, type TQuestionFieldValues } from './question-form.ts';

export const MIN_QUESTIONS = 1;
export const MAX_QUESTIONS = 50;

export type TQuestionSetup = { campaignName: string; dataTable: string; count: number | '' };
export type TSetupErrors = Partial<Record<keyof TQuestionSetup, string>>;

export const EMPTY_SETUP: TQuestionSetup = { campaignName: '', dataTable: '', count: '' };

export function validateSetup({ campaignName, dataTable, count }: TQuestionSetup): TSetupErrors {
  const errors: TSetupErrors = {};
  if (campaignName === '') errors.campaignName = 'Campaign is required';
  if (dataTable === '') errors.dataTable = 'Data table is required';
  if (count === '') errors.count = 'Number of questions is required';
  else if (!Number.isInteger(count) || count < MIN_QUESTIONS || count > MAX_QUESTIONS) {
    errors.count = `Number of questions must be between ${MIN_QUESTIONS} and ${MAX_QUESTIONS}`;
  }
  return errors;
}

export type TDraftsCheck = { kind: 'invalid'; errors: TQuestionFieldErrors[] } | { kind: 'ok'; questions: TNewQuestionInput[] };

/** Every card checked at once, so each problem shows under its own field; good cards become the POST /questions/add body. */
export function checkDrafts(campaignName: string, drafts: readonly TQuestionFieldValues[]): TDraftsCheck {
  const errors = drafts.map(validateQuestionFields);
  const bodies = drafts.map(toQuestionBody);
  if (errors.some((e) => Object.keys(e).length > 0)) return { kind: 'invalid', errors };
  const questions = bodies.flatMap((body) => (body === undefined ? [] : [{ campaignId: campaignName, ...body }]));
  return questions.length === drafts.length ? { kind: 'ok', questions } : { kind: 'invalid', errors };
}
