// The "Add quota" form's values and checks: a lead field or a question, the value (one of a choice question's
// options), and the limit, checked by the shared ZQuotaBody so the browser refuses what the server would.
import { useForm } from '@mantine/form';
import { QUOTA_MESSAGES, ZQuotaBody, isChoiceType, parseOptions, type TQuestion, type TQuotaBody } from '@crm/shared';
import { schemaValidate } from '../../app/form-schema.ts';

export type TQuotaFormValues = {
  kind: 'field' | 'question';
  field: string;
  questionNo: string;
  value: string;
  limit: number | string;
};

export const QUOTA_LABELS = { field: 'Lead field', questionNo: 'Question', value: 'Value', limit: 'Limit' } as const;

/** The request the values make; an unchosen field or question is left out. */
export function quotaInput(values: TQuotaFormValues): Partial<TQuotaBody> {
  const limit = values.limit === '' ? undefined : Number(values.limit);
  const target =
    values.kind === 'field'
      ? values.field === ''
        ? {}
        : { field: values.field }
      : values.questionNo === ''
        ? {}
        : { questionNo: Number(values.questionNo) };
  return { ...target, value: values.value, ...(limit === undefined ? {} : { limit }) };
}

const validateBody = schemaValidate(ZQuotaBody, { labels: QUOTA_LABELS, toInput: quotaInput });

/** The schema's errors, with a missing question said under the question (the schema names the field for both). */
export function validateQuota(values: TQuotaFormValues) {
  const errors = validateBody(values);
  if (values.kind === 'question' && errors.field !== undefined) {
    const { field: _field, ...rest } = errors;
    return {
      ...rest,
      questionNo: values.questionNo === '' ? `${QUOTA_LABELS.questionNo} is required` : QUOTA_MESSAGES.fieldOrQuestion,
    };
  }
  return errors;
}

/** The options a value is chosen from: a choice question's, or none (typed in). */
export function valueChoices(question: TQuestion | undefined): string[] | null {
  return question !== undefined && isChoiceType(question.type) ? parseOptions(question.options) : null;
}

export const EMPTY_QUOTA: TQuotaFormValues = { kind: 'field', field: '', questionNo: '', value: '', limit: '' };

export function useQuotaForm() {
  return useForm<TQuotaFormValues>({ mode: 'controlled', initialValues: EMPTY_QUOTA, validate: validateQuota });
}
