// The fields of one question as a form holds them, their rules (title and type required, two options for a choice type) and their request form.
import { isChoiceType, joinOptions, parseOptions, type TOptionalValue, type TQuestion, type TQuestionType } from '@crm/shared';

/** '' stands for "not chosen" in the selects. */
export type TQuestionFieldValues = {
  type: TQuestionType | '';
  title: string;
  options: string[];
  optionalValue: TOptionalValue | '';
  instruction: string;
};
export type TQuestionFieldErrors = Partial<Record<'type' | 'title' | 'options', string>>;

export function emptyQuestionFields(): TQuestionFieldValues {
  return { type: '', title: '', options: [], optionalValue: '', instruction: '' };
}

export function questionFieldValues(question: TQuestion): TQuestionFieldValues {
  return {
    type: question.type,
    title: question.title,
    options: parseOptions(question.options),
    optionalValue: question.optionalValue ?? '',
    instruction: question.instruction ?? '',
  };
}

export function validateQuestionFields(values: TQuestionFieldValues): TQuestionFieldErrors {
  const errors: TQuestionFieldErrors = {};
  if (values.title.trim() === '') errors.title = 'Title is required';
  if (values.type === '') errors.type = 'Type is required';
  else if (isChoiceType(values.type) && values.options.length < 2) errors.options = 'Add at least two options';
  return errors;
}

export type TQuestionBody = { title: string; type: TQuestionType; options: string; optionalValue: TOptionalValue | null; instruction: string | null };

/** The fields as the server takes them; undefined until a type is chosen. */
export function toQuestionBody(values: TQuestionFieldValues): TQuestionBody | undefined {
  if (values.type === '') return undefined;
  const instruction = values.instruction.trim();
  return {
    title: values.title.trim(),
    type: values.type,
    // Options left behind after switching to a free-text type are not sent: the server refuses them there.
    options: isChoiceType(values.type) ? joinOptions(values.options) : '',
    optionalValue: values.optionalValue === '' ? null : values.optionalValue,
    instruction: instruction === '' ? null : instruction,
  };
}
