// The live result of marks on any scorecard: total, grade, pass or fail (auto-fail named), marks of the scored
// criteria out of their best, and how many criteria are scored; computed as the server will (scoreMarks).
import type { ReactNode } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import { criteriaOf, scoreMarks, type TScorecardDefinition, type TScorecardMark } from '@crm/shared';

type Props = {
  definition: TScorecardDefinition;
  marks: readonly TScorecardMark[];
  /** Names the figures when two records are scored on one page ('Marks 1 total'); 'Total' and 'Grade' without it. */
  title?: string;
  /** At the right (a save button). */
  children?: ReactNode;
};

export function ScorecardSummary({ definition, marks, title, children }: Props) {
  const result = scoreMarks(definition, marks);
  const criteria = criteriaOf(definition);
  const known = new Set(criteria.map((c) => c.key));
  const scored = marks.filter((m) => known.has(m.key)).length;
  const name = (what: string) => (title === undefined ? what : `${title} ${what.toLowerCase()}`);
  const verdict = result.autoFailed ? 'Fail (auto-fail)' : result.passed ? 'Pass' : 'Fail';
  return (
    <Group gap="sm" wrap="wrap" justify="space-between" data-testid="scorecard-summary">
      <Group gap="sm" wrap="wrap" align="center">
        <Group gap={6} wrap="nowrap" align="center">
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {title ?? 'Total'}
          </Text>
          <Text component="output" aria-label={name('Total')} aria-live="polite" fw={700} fz={20} lh={1}>
            {result.total}
          </Text>
        </Group>
        <Badge component="output" aria-label={name('Grade')} variant="light" tt="none" size="md">
          {result.grade}
        </Badge>
        <Badge
          component="output"
          aria-label={name('Result')}
          color={result.passed ? 'green' : 'red'}
          variant={result.autoFailed ? 'filled' : 'light'}
          tt="none"
          size="md"
        >
          {verdict}
        </Badge>
        <Text size="xs" c="dimmed" aria-label={name('Marks')}>
          {result.points} of {result.maxPoints} marks · {scored} of {criteria.length} scored · pass mark{' '}
          {definition.passMark}
        </Text>
      </Group>
      {children}
    </Group>
  );
}
