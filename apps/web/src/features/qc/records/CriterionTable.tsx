// The edit pages' scorecard: the QC panel's scorecard with one column, the record's, and its keys noted above it.
import { useCallback, type Dispatch, type SetStateAction } from 'react';
import { Stack, Text } from '@mantine/core';
import type { TQcCriterionKey } from '@crm/shared';
import { MARK_KEYS_NOTE, Scorecard, type TScorecardColumn } from '../scorecard/Scorecard.tsx';
import type { TScorecardText } from '../scorecard/scorecard-values.ts';
import type { TQcRecordForm } from './record-form.ts';

type Props = {
  form: TQcRecordForm;
  onChange: Dispatch<SetStateAction<TQcRecordForm>>;
  disabled: boolean;
  /** The player's keys, when the record has a recording to play. */
  keysNote?: string;
};

export function CriterionTable({ form, onChange, disabled, keysNote }: Props) {
  // Stable, so picking a mark re-renders only its row.
  const onScore = useCallback(
    (_column: string, key: TQcCriterionKey, marks: number) =>
      onChange((f) => ({ ...f, scores: { ...f.scores, [key]: marks } })),
    [onChange],
  );
  const onText = useCallback(
    (_column: string, field: TScorecardText, value: string) => onChange((f) => ({ ...f, [field]: value })),
    [onChange],
  );
  const columns: TScorecardColumn[] = [{ key: 'record', values: form, locked: false }];
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed">
        {MARK_KEYS_NOTE}
        {keysNote === undefined ? '' : ` ${keysNote}`}
      </Text>
      <Scorecard columns={columns} onScore={onScore} onText={onText} disabled={disabled} />
    </Stack>
  );
}
