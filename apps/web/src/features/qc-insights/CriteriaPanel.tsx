// Per criterion across the floor: mean marks lost per record as bars (the criteria that lost any, worst first), and
// every criterion's figures as a table.
import { Grid, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import type { TCriterionInsight } from '@crm/shared';
import { criterionBars, formatMarks, type TInsightsQueryText } from './insight-data.ts';
import { SectionExport } from './SectionExport.tsx';

export function CriteriaPanel({ criteria, records, query }: { criteria: TCriterionInsight[]; records: number; query: TInsightsQueryText }) {
  const bars = criterionBars(criteria);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Marks lost on each criterion over {records} record{records === 1 ? '' : 's'}: its best mark minus the mark given.
        </Text>
        <SectionExport query={query} section="criteria" label="Export criteria" />
      </Group>
      <Grid gap="md">
        <Grid.Col span={5}>
          {bars.length === 0 ? (
            <Text size="sm" role="status">
              No marks lost in this range.
            </Text>
          ) : (
            <BarChart
              h={Math.min(370, Math.max(120, 30 * bars.length + 40))}
              data={bars}
              dataKey="criterion"
              orientation="vertical"
              series={[{ name: 'meanLost', label: 'Mean marks lost', color: 'red.6' }]}
              valueFormatter={formatMarks}
              withBarValueLabel
              gridAxis="x"
              yAxisProps={{ width: 170 }}
              aria-hidden
            />
          )}
        </Grid.Col>
        <Grid.Col span={7}>
          <ScrollArea.Autosize mah={370}>
            <Table striped withTableBorder fz="sm">
              <Table.Caption>Marks lost per criterion, {query.startDate} to {query.endDate}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Criterion</Table.Th>
                  <Table.Th ta="right">Best mark</Table.Th>
                  <Table.Th ta="right">Marks lost</Table.Th>
                  <Table.Th ta="right">Mean lost</Table.Th>
                  <Table.Th ta="right">Records losing</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {criteria.map((c) => (
                  <Table.Tr key={c.criterion}>
                    <Table.Td>{c.name}</Table.Td>
                    <Table.Td ta="right">{c.maxMarks}</Table.Td>
                    <Table.Td ta="right">{c.marksLost}</Table.Td>
                    <Table.Td ta="right">{c.meanLost.toFixed(2)}</Table.Td>
                    <Table.Td ta="right">{c.recordsLosing}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
