// The Create Questions form (docs/product.md §4, §5): campaign, data table and count before Go (the screen's own set-up), then
// each card by ZNewQuestion's rules; the good cards become the POST /questions/add body.
import type { FormErrors } from '@mantine/form';
import type { TNewQuestionInput } from '@crm/shared';
import { errorsAt } from '../../app/form-schema.ts';
import { toNewQuestion, validateNewQuestion, type TQuestionFieldValues } from './question-form.ts';

/** How many cards one Go may lay out (the server takes up to MAX_QUESTIONS_PER_SAVE in one save). */
export const MIN_QUESTIONS = 1;
export const MAX_QUESTIONS = 50;

export type TCreateQuestionsValues = {
  campaignName: string;
  dataTable: string;
  count: number | '';
  questions: TQuestionFieldValues[];
};

export const EMPTY_CREATE_QUESTIONS: TCreateQuestionsValues = {
  campaignName: '',
  dataTable: '',
  count: '',
  questions: [],
};

/** The set-up chooses what the cards are for; it is not part of a question, so its rules are the screen's. */
function setupErrors({ campaignName, dataTable, count }: TCreateQuestionsValues): FormErrors {
  const errors: FormErrors = {};
  if (campaignName === '') errors.campaignName = 'Campaign is required';
  if (dataTable === '') errors.dataTable = 'Data table is required';
  if (count === '') errors.count = 'Number of questions is required';
  else if (!Number.isInteger(count) || count < MIN_QUESTIONS || count > MAX_QUESTIONS) {
    errors.count = `Number of questions must be between ${MIN_QUESTIONS} and ${MAX_QUESTIONS}`;
  }
  return errors;
}

/** The whole form at once (before Go there are no cards), so each problem shows under its own field. */
export function validateCreateQuestions(values: TCreateQuestionsValues): FormErrors {
  const card = validateNewQuestion(values.campaignName);
  return Object.assign(
    setupErrors(values),
    ...values.questions.map((question, i) => errorsAt(`questions.${i}`, card(question))),
  );
}

/** Only for values that passed validateCreateQuestions. */
export function toNewQuestions(values: TCreateQuestionsValues): TNewQuestionInput[] {
  return values.questions.map((question) => toNewQuestion(values.campaignName, question));
}
