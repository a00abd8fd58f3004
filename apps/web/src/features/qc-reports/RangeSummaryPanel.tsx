// Beside the monthly export: each agent's daily average over the range (one line per agent, x = day), and the
// export's Sum / Count / Average per agent as a table.
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import { useQuery } from '@tanstack/react-query';
import type { TQcRangeQuery } from '@crm/shared';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { fetchRangeSummary, rangeSummaryKey } from './api.ts';
import { agentLabels, formatMarks, rangeChart } from './chart-data.ts';
import { daysOf } from './qc-report-form.ts';

export const RANGE_FAILED = 'The daily averages could not be loaded';

export function rangeTitle({ startDate, endDate }: TQcRangeQuery): string {
  return `Daily averages, ${startDate} to ${endDate}`;
}

export function RangeSummaryPanel({ range }: { range: TQcRangeQuery }) {
  const query = useQuery({ queryKey: rangeSummaryKey(range), queryFn: () => fetchRangeSummary(range), staleTime: 0 });
  const summaries = query.data ?? [];
  const chart = rangeChart(summaries, daysOf(range.startDate, range.endDate));
  const labels = agentLabels(summaries);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="qc-range-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="qc-range-title">
          {rangeTitle(range)}
        </Title>
        <Text size="sm" c="dimmed">
          Each agent's average in-house QC total per day; a day without records leaves a gap.
        </Text>
        {query.isPending && <LoadingRow />}
        {query.isError && <RetryAlert title={RANGE_FAILED} message={query.error.message} onRetry={() => void query.refetch()} />}
        {query.isSuccess && summaries.length === 0 && (
          <Text size="sm" role="status">
            No in-house QC records from {range.startDate} to {range.endDate}.
          </Text>
        )}
        {query.isSuccess && summaries.length > 0 && (
          <>
            <LineChart
              h={300}
              data={chart.data}
              dataKey="day"
              series={chart.series}
              withLegend
              connectNulls={false}
              tickLine="y"
              valueFormatter={formatMarks}
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
