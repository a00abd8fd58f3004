// The input of one lead answer in the QC panel's edit mode, by its question's type (docs/product.md §3 Question types).
import { MultiSelect, NativeSelect, NumberInput, TextInput } from '@mantine/core';
import { GrowingTextarea } from '../../../components/GrowingTextarea.tsx';
import { parseOptions } from '@crm/shared';
import type { TAnswerRow, TDraft } from './answer-edit.ts';

type Props = {
  row: TAnswerRow;
  draft: TDraft;
  error: string | undefined;
  disabled: boolean;
  onChange: (draft: TDraft) => void;
};

/** The question's options, plus what is stored that is no longer offered (so it shows instead of vanishing). */
function choices(row: TAnswerRow, chosen: readonly string[]): string[] {
  const offered = parseOptions(row.question?.options);
  return [...offered, ...chosen.filter((c) => c !== '' && !offered.includes(c))];
}

export function AnswerInput({ row, draft, error, disabled, onChange }: Props) {
  const label = `Answer to ${row.qno}`;
  const common = { 'aria-label': label, error, disabled };
  const text = typeof draft === 'string' ? draft : draft.join(', ');
  switch (row.question?.type) {
    case 'Select Option':
      return (
        <NativeSelect
          {...common}
          value={text}
          data={[{ value: '', label: 'No answer' }, ...choices(row, [text])]}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'Multi Select Option': {
      const list = typeof draft === 'string' ? (draft === '' ? [] : [draft]) : draft;
      const options = choices(row, list);
      return (
        <MultiSelect
          {...common}
          data={options}
          value={list}
          clearable
          searchable
          // Kept in the question's order, as the survey stores them.
          onChange={(chosen) => onChange(options.filter((o) => chosen.includes(o)))}
        />
      );
    }
    case 'Number':
      return (
        <NumberInput
          {...common}
          hideControls
          allowedDecimalSeparators={['.']}
          value={text}
          onChange={(value) => onChange(String(value))}
        />
      );
    case 'Email':
      return (
        <TextInput {...common} type="email" value={text} onChange={(event) => onChange(event.currentTarget.value)} />
      );
    case 'Textarea':
      return (
        <GrowingTextarea
          {...common}
          minRows={2}
          maxRows={8}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    default:
      return <TextInput {...common} value={text} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
}
