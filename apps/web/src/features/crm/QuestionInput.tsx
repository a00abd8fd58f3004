// The answer input of one survey question, by type (docs/product.md §3 Question types): radios, checkboxes, text, number,
// email or a text area; Plain Text has none. Each option shows the number key that picks it, and its text as the agent reads
// it (lead fields filled in) while the answer keeps the option as written.
import { Checkbox, Group, Kbd, NumberInput, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { parseOptions, type TQuestion } from '@crm/shared';
import type { TRunAnswer } from './survey-run.ts';

type Props = {
  question: TQuestion;
  /** Each option's label as shown, by position (the lead's values filled in); the option as written when absent. */
  optionLabels?: readonly string[];
  answer: TRunAnswer | undefined;
  error: string | null;
  disabled: boolean;
  onAnswer: (answer: TRunAnswer) => void;
};

/** Keys 1–9 pick options; a longer list still shows every option, the rest without a key. */
export const MAX_NUMBER_KEY = 9;

function OptionLabel({ index, option }: { index: number; option: string }) {
  return (
    <Group gap={6} wrap="nowrap" component="span">
      {index < MAX_NUMBER_KEY && <Kbd size="xs">{index + 1}</Kbd>}
      <Text span size="sm">
        {option}
      </Text>
    </Group>
  );
}

const asText = (answer: TRunAnswer | undefined): string => (typeof answer === 'string' ? answer : '');
const asList = (answer: TRunAnswer | undefined): string[] =>
  answer === undefined ? [] : typeof answer === 'string' ? [answer] : [...answer];

export function QuestionInput({ question, optionLabels, answer, error, disabled, onAnswer }: Props) {
  const label = `Answer to ${question.qno}`;
  const common = { label, error, disabled };
  const options = parseOptions(question.options);
  switch (question.type) {
    case 'Plain Text':
      return error === null ? null : (
        <Text c="red" size="sm">
          {error}
        </Text>
      );
    case 'Select Option':
      return (
        <Radio.Group label={label} error={error} value={asText(answer)} onChange={onAnswer}>
          <Stack gap={6} mt={4}>
            {options.map((option, index) => (
              <Radio
                key={option}
                value={option}
                label={<OptionLabel index={index} option={optionLabels?.[index] ?? option} />}
                disabled={disabled}
              />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'Multi Select Option':
      return (
        <Checkbox.Group
          label={label}
          error={error}
          value={asList(answer)}
          onChange={(chosen) => onAnswer(options.filter((o) => chosen.includes(o)))}
        >
          <Stack gap={6} mt={4}>
            {options.map((option, index) => (
              <Checkbox
                key={option}
                value={option}
                label={<OptionLabel index={index} option={optionLabels?.[index] ?? option} />}
                disabled={disabled}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'Number':
      return (
        <NumberInput
          {...common}
          w={280}
          hideControls
          allowedDecimalSeparators={['.']}
          value={asText(answer)}
          onChange={(value) => onAnswer(String(value))}
        />
      );
    case 'Email':
      return (
        <TextInput
          {...common}
          type="email"
          w={360}
          value={asText(answer)}
          onChange={(event) => onAnswer(event.currentTarget.value)}
        />
      );
    case 'Textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxRows={6}
          value={asText(answer)}
          onChange={(event) => onAnswer(event.currentTarget.value)}
        />
      );
    case 'Text Input':
      return <TextInput {...common} value={asText(answer)} onChange={(event) => onAnswer(event.currentTarget.value)} />;
  }
}
