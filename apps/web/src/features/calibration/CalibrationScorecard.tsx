// A compact scorecard of the 14 criteria in two columns (a calibration scoring or the expert marks), the total and
// grade as the QC scorecard gives them; a note under a criterion can show the others' marks or the expert's.
import type { ReactNode } from 'react';
import { Badge, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { QC_CRITERIA, qcGrade, qcTotal, type TQcCriterionKey, type TQcScores } from '@crm/shared';
import { choicesOf } from './scorecard-marks.ts';

type Props = {
  values: TQcScores;
  onChange?: (key: TQcCriterionKey, marks: number) => void;
  disabled?: boolean;
  /** Under a criterion's choices. */
  notes?: Partial<Record<TQcCriterionKey, ReactNode>>;
  /** Names the controls ('Expert: Pace'). */
  label?: string;
};

export function CalibrationScorecard({ values, onChange, disabled = false, notes = {}, label }: Props) {
  const total = qcTotal(values);
  return (
    <Stack gap={6}>
      <SimpleGrid cols={2} spacing="md" verticalSpacing={4}>
        {QC_CRITERIA.map((c) => (
          <div key={c.key} data-criterion={c.key}>
            <Group justify="space-between" gap={4} wrap="nowrap">
              <Text fz="xs" fw={600} truncate>
                {c.name}
              </Text>
              {notes[c.key]}
            </Group>
            <SegmentedControl
              fullWidth
              size="xs"
              data={choicesOf(c)}
              value={String(values[c.key])}
              onChange={(v) => onChange?.(c.key, Number(v))}
              disabled={disabled || onChange === undefined}
              aria-label={label ? `${label}: ${c.name}` : c.name}
            />
          </div>
        ))}
      </SimpleGrid>
      <Group gap="xs" justify="flex-end">
        <Text fz="sm" fw={700} data-testid="scorecard-total">
          Total {total}
        </Text>
        <Badge variant="light">{qcGrade(total)}</Badge>
      </Group>
    </Stack>
  );
}
