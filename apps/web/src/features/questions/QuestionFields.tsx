// The fields of one question (type, title, options, optional value, instruction), shared by Create Questions and Edit Question.
import { Grid, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { isChoiceType, OPTIONAL_VALUES, QUESTION_TYPES, type TOptionalValue, type TQuestionType } from '@crm/shared';
import { OptionsEditor } from './OptionsEditor.tsx';
import type { TQuestionFieldErrors, TQuestionFieldValues } from './question-form.ts';

type Props = {
  values: TQuestionFieldValues;
  errors: TQuestionFieldErrors;
  disabled?: boolean;
  /** The new values and the field that changed (the form clears its error). */
  onChange: (values: TQuestionFieldValues, changed: keyof TQuestionFieldValues) => void;
};

const isQuestionType = (value: string): value is TQuestionType => (QUESTION_TYPES as readonly string[]).includes(value);
const isOptionalValue = (value: string): value is TOptionalValue =>
  (OPTIONAL_VALUES as readonly string[]).includes(value);

export function QuestionFields({ values, errors, disabled = false, onChange }: Props) {
  const set = <K extends keyof TQuestionFieldValues>(key: K, value: TQuestionFieldValues[K]) =>
    onChange({ ...values, [key]: value }, key);

  return (
    <Stack gap="sm">
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <NativeSelect
            label="Type"
            withAsterisk
            disabled={disabled}
            value={values.type}
            data={[{ value: '', label: 'Choose question type', disabled: true }, ...QUESTION_TYPES]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              set('type', isQuestionType(value) ? value : '');
            }}
            error={errors.type}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <TextInput
            label="Title"
            withAsterisk
            disabled={disabled}
            value={values.title}
            onChange={(event) => set('title', event.currentTarget.value)}
            error={errors.title}
          />
        </Grid.Col>
      </Grid>
      {values.type !== '' && isChoiceType(values.type) && (
        <OptionsEditor
          options={values.options}
          disabled={disabled}
          error={errors.options}
          onChange={(options) => set('options', options)}
        />
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <NativeSelect
            label="Optional value"
            disabled={disabled}
            value={values.optionalValue}
            data={[{ value: '', label: 'None' }, ...OPTIONAL_VALUES]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              set('optionalValue', isOptionalValue(value) ? value : '');
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Textarea
            label="Instruction"
            rows={2}
            placeholder="What the agent should know or say before asking"
            disabled={disabled}
            value={values.instruction}
            onChange={(event) => set('instruction', event.currentTarget.value)}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
