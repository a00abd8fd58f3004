// Beside a daily export: how the day's in-house QC records fell in the four grades, as bars and as a table.
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { useQuery } from '@tanstack/react-query';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { fetchGradeDistribution, gradeDistributionKey } from './api.ts';
import { gradeBars } from './chart-data.ts';

export const GRADES_FAILED = 'The grade distribution could not be loaded';

export function gradesTitle(date: string): string {
  return `Grades of ${date}`;
}

export function GradeDistributionPanel({ date }: { date: string }) {
  const query = useQuery({
    queryKey: gradeDistributionKey(date),
    queryFn: () => fetchGradeDistribution(date),
    staleTime: 0,
  });
  const bars = query.data === undefined ? [] : gradeBars(query.data);
  const total = bars.reduce((sum, b) => sum + b.count, 0);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="qc-grades-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="qc-grades-title">
          {gradesTitle(date)}
        </Title>
        <Text size="sm" c="dimmed">
          The in-house QC records of the day, by the agent's grade.
        </Text>
        {query.isPending && <LoadingRow />}
        {query.isError && (
          <RetryAlert title={GRADES_FAILED} message={query.error.message} onRetry={() => void query.refetch()} />
        )}
        {query.isSuccess && total === 0 && (
          <Text size="sm" role="status">
            No in-house QC records on {date}.
          </Text>
        )}
        {query.isSuccess && total > 0 && (
          <>
            <BarChart
              h={240}
              data={bars}
              dataKey="grade"
              series={[{ name: 'count', label: 'Records', color: 'indigo.6' }]}
              tickLine="y"
              yAxisProps={{ allowDecimals: false }}
              aria-hidden
            />
            <Table striped withTableBorder>
              <Table.Caption>Records per grade, {date}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Grade</Table.Th>
                  <Table.Th ta="right">Records</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bars.map((b) => (
                  <Table.Tr key={b.grade}>
                    <Table.Td>{b.grade}</Table.Td>
                    <Table.Td ta="right">{b.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>Total</Table.Th>
                  <Table.Th ta="right">{total}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </>
        )}
      </Stack>
    </Paper>
  );
}
