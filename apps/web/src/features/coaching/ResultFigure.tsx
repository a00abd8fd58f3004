// The before/after figure of a closed session: the verdict, the focus criteria's average marks before and after, the
// share of their scale each side and how many records each side used.
import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { TCoachingResult } from '@crm/shared';
import { VERDICT_COLORS, VERDICT_LABELS, formatChange, formatFigure, sideRecords } from './coaching-view.ts';

export function ResultFigure({ result }: { result: TCoachingResult }) {
  return (
    <Paper withBorder p="sm" role="region" aria-label="Before and after">
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap">
          <Text fw={600}>Before and after</Text>
          <Badge color={VERDICT_COLORS[result.verdict]} size="lg" variant="filled" data-testid="coaching-verdict">
            {VERDICT_LABELS[result.verdict]}
          </Badge>
          <Text fz="sm">
            {formatFigure(result.before.share, '%')} → {formatFigure(result.after.share, '%')} of the focus
            criteria&apos;s scale ({formatChange(result.change)})
          </Text>
        </Group>
        <Table withTableBorder fz="sm" verticalSpacing={2}>
          <Table.Caption>{result.summary}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Focus criterion</Table.Th>
              <Table.Th ta="right">Average before</Table.Th>
              <Table.Th ta="right">Average after</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.criteria.map((c) => (
              <Table.Tr key={c.key}>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td ta="right">{formatFigure(c.before)}</Table.Td>
                <Table.Td ta="right">{formatFigure(c.after)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr fw={600}>
              <Table.Td>Records compared</Table.Td>
              <Table.Td ta="right">{sideRecords(result.before.records, result.compareCount)}</Table.Td>
              <Table.Td ta="right">{sideRecords(result.after.records, result.compareCount)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
