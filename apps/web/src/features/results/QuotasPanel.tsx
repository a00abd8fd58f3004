// Quota progress: per quota its count against its limit and how full it is, and the completes it counted per day.
import { BarChart } from '@mantine/charts';
import { Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { TResultQuota } from '@crm/shared';
import { groupNumber, percentText } from './results-params.ts';

const COLORS = ['indigo.6', 'teal.6', 'orange.5', 'grape.6', 'cyan.6', 'red.5', 'lime.6', 'pink.5'];

/** One row per day any quota counted a complete: each quota's count that day (0 where it counted none). */
export function quotaDays(quotas: TResultQuota[]): { day: string; counts: number[] }[] {
  const days = [...new Set(quotas.flatMap((q) => q.perDay.map((d) => d.day)))].sort();
  return days.map((day) => ({
    day,
    counts: quotas.map((q) => q.perDay.find((d) => d.day === day)?.count ?? 0),
  }));
}

export function QuotasPanel({ quotas }: { quotas: TResultQuota[] }) {
  if (quotas.length === 0)
    return (
      <Text size="sm" role="status">
        This campaign has no quotas. An admin sets them on the Quotas screen.
      </Text>
    );
  const days = quotaDays(quotas);
  return (
    <Stack gap="md">
      <Table striped withTableBorder fz="sm" verticalSpacing={4} horizontalSpacing="xs">
        <Table.Caption>Quota progress</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Quota</Table.Th>
            <Table.Th ta="right">Count</Table.Th>
            <Table.Th ta="right">Limit</Table.Th>
            <Table.Th ta="right">Fill</Table.Th>
            <Table.Th w="30%">
              <span aria-hidden>Progress</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {quotas.map((q) => (
            <Table.Tr key={q.quotaId}>
              <Table.Td>{q.name}</Table.Td>
              <Table.Td ta="right">{groupNumber(q.count)}</Table.Td>
              <Table.Td ta="right">{groupNumber(q.limit)}</Table.Td>
              <Table.Td ta="right">{percentText(q.fillPercent)}</Table.Td>
              <Table.Td>
                <Progress
                  value={Math.min(100, q.fillPercent)}
                  color={q.fillPercent >= 100 ? 'green' : 'indigo'}
                  aria-label={`${q.name} ${percentText(q.fillPercent)} full`}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {days.length > 0 && (
        <>
          <BarChart
            h={200}
            data={days.map((d) => Object.fromEntries([['day', d.day], ...d.counts.map((c, i) => [`q${i}`, c])]))}
            dataKey="day"
            series={quotas.map((q, i) => ({
              name: `q${i}`,
              label: q.name,
              color: COLORS[i % COLORS.length] ?? 'gray.6',
            }))}
            valueFormatter={groupNumber}
            withLegend
            yAxisProps={{ allowDecimals: false, width: 48 }}
            aria-hidden
          />
          <ScrollArea.Autosize mah={320}>
            <Table striped withTableBorder fz="sm" verticalSpacing={4} horizontalSpacing="xs">
              <Table.Caption>Completes counted per day</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Call date</Table.Th>
                  {quotas.map((q) => (
                    <Table.Th key={q.quotaId} ta="right">
                      {q.name}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {days.map((d) => (
                  <Table.Tr key={d.day}>
                    <Table.Td>{d.day}</Table.Td>
                    {d.counts.map((c, i) => (
                      <Table.Td key={quotas[i]?.quotaId ?? i} ta="right">
                        {groupNumber(c)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </>
      )}
    </Stack>
  );
}
