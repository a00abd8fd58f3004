// The bar under a scorecard that stays at the bottom of the screen while the inspector scores: each column's live
// total and grade, and the button that saves (Submit on the panel, Update on an edit page); above them, what went
// wrong with the last save.
import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { TQcGrade } from '@crm/shared';
import { GRADE_COLOURS } from './scorecard-values.ts';

export type TBarResult = {
  key: string;
  /** 'Marks 1': names its total and grade ('Marks 1 total'); without it they are 'Total' and 'Grade'. */
  title?: string;
  total: number;
  /** One of the spec's four grades on Standard (coloured as the daily summary), a scorecard's own band otherwise. */
  grade: TQcGrade | string;
};

type Props = {
  results: readonly TBarResult[];
  /** The save button (and any other), at the right. */
  actions: ReactNode;
  /** Under the totals, at the left (what saving does with the recording). */
  note?: ReactNode;
  /** Above the totals: the problems of the last save. */
  children?: ReactNode;
};

function Result({ result }: { result: TBarResult }) {
  const name =
    result.title === undefined
      ? { total: 'Total', grade: 'Grade' }
      : { total: `${result.title} total`, grade: `${result.title} grade` };
  return (
    <Group gap={6} wrap="nowrap" align="center">
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {result.title ?? 'Total'}
      </Text>
      <Text component="output" aria-label={name.total} aria-live="polite" fw={700} fz={20} lh={1} miw={40} ta="right">
        {result.total}
      </Text>
      <Badge
        component="output"
        aria-label={name.grade}
        size="md"
        variant="light"
        tt="none"
        color={GRADE_COLOURS[result.grade as TQcGrade] ?? 'gray'}
      >
        {result.grade}
      </Badge>
    </Group>
  );
}

export function ScoreBar({ results, actions, note, children }: Props) {
  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      px="sm"
      py={6}
      component="section"
      aria-label="Score"
      style={{ position: 'sticky', bottom: 8, zIndex: 3 }}
    >
      <Stack gap={4}>
        {children}
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="md" wrap="wrap">
              {results.map((result) => (
                <Result key={result.key} result={result} />
              ))}
            </Group>
            {note}
          </Stack>
          <Group gap="xs" wrap="nowrap">
            {actions}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
