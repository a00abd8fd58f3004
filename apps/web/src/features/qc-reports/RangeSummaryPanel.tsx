// Beside the monthly export: each agent's average over the range as a bar (in its grade's colour), and the export's
// Sum / Count / Average per agent as a table.
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { useQuery } from '@tanstack/react-query';
import type { TQcRangeQuery } from '@crm/shared';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { fetchRangeSummary, rangeSummaryKey } from './api.ts';
import { agentBars, agentLabels, averageDomain, formatMarks, gradeColor } from './chart-data.ts';

export const RANGE_FAILED = 'The agent averages could not be loaded';

export function rangeTitle({ startDate, endDate }: TQcRangeQuery): string {
  return `Agent averages, ${startDate} to ${endDate}`;
}

export function RangeSummaryPanel({ range }: { range: TQcRangeQuery }) {
  const query = useQuery({ queryKey: rangeSummaryKey(range), queryFn: () => fetchRangeSummary(range), staleTime: 0 });
  const summaries = query.data ?? [];
  const bars = agentBars(summaries);
  const labels = agentLabels(summaries);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="qc-range-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="qc-range-title">
          {rangeTitle(range)}
        </Title>
        <Text size="sm" c="dimmed">
          Each agent's average in-house QC total over the range, coloured by the grade it falls in.
        </Text>
        {query.isPending && <LoadingRow />}
        {query.isError && (
          <RetryAlert title={RANGE_FAILED} message={query.error.message} onRetry={() => void query.refetch()} />
        )}
        {query.isSuccess && summaries.length === 0 && (
          <Text size="sm" role="status">
            No in-house QC records from {range.startDate} to {range.endDate}.
          </Text>
        )}
        {query.isSuccess && summaries.length > 0 && (
          <>
            <BarChart
              h={Math.max(140, 44 * bars.length + 50)}
              data={bars}
              dataKey="agent"
              orientation="vertical"
              series={[{ name: 'average', label: 'Average', color: 'indigo.6' }]}
              getBarColor={gradeColor}
              withBarValueLabel
              valueFormatter={formatMarks}
              maxBarWidth={28}
              gridAxis="x"
              xAxisProps={{ domain: averageDomain(bars), tickFormatter: (value: number) => String(value) }}
              yAxisProps={{ width: 150 }}
              aria-hidden
            />
            <Table striped withTableBorder>
              <Table.Caption>
                Per agent, {range.startDate} to {range.endDate}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Agent</Table.Th>
                  <Table.Th ta="right">Sum</Table.Th>
                  <Table.Th ta="right">Count</Table.Th>
                  <Table.Th ta="right">Average</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summaries.map((s, i) => (
                  <Table.Tr key={s.agentId}>
                    <Table.Td>{labels[i]}</Table.Td>
                    <Table.Td ta="right">{formatMarks(s.sum)}</Table.Td>
                    <Table.Td ta="right">{s.count}</Table.Td>
                    <Table.Td ta="right">{formatMarks(s.average)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </Paper>
  );
}
