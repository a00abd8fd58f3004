// The fields of one question as a form holds them, the shared schemas' rules for them in the form's words (title and
// type required, two options for a choice type, lengths), and the request rows they become.
import {
  isChoiceType,
  joinOptions,
  parseOptions,
  ZNewQuestion,
  ZUpdateQuestionRequest,
  type TNewQuestionInput,
  type TOptionalValue,
  type TQuestion,
  type TQuestionType,
  type TUpdateQuestionInput,
} from '@crm/shared';
import type { FormErrors } from '@mantine/form';
import { schemaValidate } from '../../app/form-schema.ts';

/** '' stands for "not chosen" in the selects. */
export type TQuestionFieldValues = {
  type: TQuestionType | '';
  title: string;
  options: string[];
  optionalValue: TOptionalValue | '';
  instruction: string;
};
export type TQuestionFieldErrors = Partial<Record<keyof TQuestionFieldValues, string>>;

/** The edit page's form: the fields and the status. */
export type TQuestionEditValues = TQuestionFieldValues & { status: 'true' | 'false' };

const QUESTION_LABELS = {
  title: 'Title',
  type: 'Type',
  options: 'Options',
  optionalValue: 'Optional value',
  instruction: 'Instruction',
};

export function emptyQuestionFields(): TQuestionFieldValues {
  return { type: '', title: '', options: [], optionalValue: '', instruction: '' };
}

export function questionEditValues(question: TQuestion): TQuestionEditValues {
  return {
    type: question.type,
    title: question.title,
    options: parseOptions(question.options),
    optionalValue: question.optionalValue ?? '',
    instruction: question.instruction ?? '',
    status: question.status ? 'true' : 'false',
  };
}

/** The request fields the values make, before the schema trims and checks them. */
function questionInput(values: TQuestionFieldValues) {
  return {
    title: values.title,
    type: values.type === '' ? undefined : values.type,
    // Options left behind after switching to a free-text type are not sent: the server refuses them there.
    options: values.type !== '' && isChoiceType(values.type) ? joinOptions(values.options) : '',
    optionalValue: values.optionalValue,
    instruction: values.instruction,
  };
}

const newQuestionInput = (campaignName: string, values: TQuestionFieldValues) => ({
  campaignId: campaignName,
  ...questionInput(values),
});
const editInput = (id: number, values: TQuestionEditValues) => ({
  id,
  ...questionInput(values),
  status: values.status === 'true',
});

/** ZNewQuestion's rules for one card of Create Questions. */
export function validateNewQuestion(campaignName: string): (values: TQuestionFieldValues) => FormErrors {
  return schemaValidate(ZNewQuestion, {
    labels: QUESTION_LABELS,
    toInput: (values: TQuestionFieldValues) => newQuestionInput(campaignName, values),
  });
}

/** ZUpdateQuestionRequest's rules for the question being edited. */
export function validateQuestionEdit(id: number): (values: TQuestionEditValues) => FormErrors {
  return schemaValidate(ZUpdateQuestionRequest, {
    labels: QUESTION_LABELS,
    toInput: (values: TQuestionEditValues) => editInput(id, values),
  });
}

/** A POST /questions/add row: the schema's own output (trimmed, options normalised). Only for values that passed. */
export function toNewQuestion(campaignName: string, values: TQuestionFieldValues): TNewQuestionInput {
  return ZNewQuestion.parse(newQuestionInput(campaignName, values));
}

export function toQuestionUpdate(id: number, values: TQuestionEditValues): TUpdateQuestionInput {
  return ZUpdateQuestionRequest.parse(editInput(id, values));
}
