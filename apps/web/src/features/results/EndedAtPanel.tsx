// Where calls end: per question, the not-completed and the partial calls whose last question shown was it, as stacked
// bars and a table in survey order.
import { BarChart } from '@mantine/charts';
import { Grid, ScrollArea, Table, Text } from '@mantine/core';
import type { TResultEndedAt, TResultQuestion } from '@crm/shared';
import { groupNumber } from './results-params.ts';

export function EndedAtPanel({ endedAt, questions }: { endedAt: TResultEndedAt[]; questions: TResultQuestion[] }) {
  const titles = new Map(questions.map((q) => [q.qno, q.title]));
  const rows = endedAt.filter((e) => e.notCompleted + e.partial > 0);
  if (rows.length === 0)
    return (
      <Text size="sm" role="status">
        No call under these filters ended before the end of the survey. Clear Completed only to include the calls that
        did not complete.
      </Text>
    );
  return (
    <Grid gap="md" columns={24}>
      <Grid.Col span={11}>
        <BarChart
          h={Math.min(440, 28 * rows.length + 60)}
          data={rows.map((e) => ({ qno: e.qno, notCompleted: e.notCompleted, partial: e.partial }))}
          dataKey="qno"
          type="stacked"
          orientation="vertical"
          series={[
            { name: 'notCompleted', label: 'Not completed', color: 'red.5' },
            { name: 'partial', label: 'Partial', color: 'orange.4' },
          ]}
          valueFormatter={groupNumber}
          withLegend
          gridAxis="none"
          yAxisProps={{ width: 56 }}
          xAxisProps={{ allowDecimals: false }}
          aria-hidden
        />
      </Grid.Col>
      <Grid.Col span={13}>
        <ScrollArea.Autosize mah="max(240px, calc(100dvh - 320px))">
          <Table striped withTableBorder fz="sm" verticalSpacing={4} horizontalSpacing="xs">
            <Table.Caption>Where calls end, per question</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Question</Table.Th>
                <Table.Th ta="right" title="Calls not completed whose last question shown was this">
                  Not completed
                </Table.Th>
                <Table.Th ta="right" title="Partial calls that stopped here">
                  Partial
                </Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((e) => (
                <Table.Tr key={e.qno}>
                  <Table.Td>
                    <b>{e.qno}</b> {titles.get(e.qno) ?? ''}
                  </Table.Td>
                  <Table.Td ta="right">{groupNumber(e.notCompleted)}</Table.Td>
                  <Table.Td ta="right">{groupNumber(e.partial)}</Table.Td>
                  <Table.Td ta="right">{groupNumber(e.notCompleted + e.partial)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </Grid.Col>
    </Grid>
  );
}
