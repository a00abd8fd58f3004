// Quota progress: per quota its count against its limit and how full it is; beside them, per quota, its running fill
// (the selection's completes summed day by day over the range, against the limit line); under them the completes each
// quota counted per day.
import { AreaChart } from '@mantine/charts';
import { Grid, Group, Paper, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { TResultQuota } from '@crm/shared';
import { SERIES_COLORS, fillAxisTop, runningFill, shortDay } from './results-charts.ts';
import { groupNumber, percentText } from './results-params.ts';

const FILL_HEIGHT = 150;
/** The running fills' column: what is left of a 768-pixel window under the top bar, the filters and the tabs. */
const FILLS_HEIGHT = 'max(260px, calc(100dvh - 330px))';

/** One row per day any quota counted a complete: each quota's count that day (0 where it counted none). */
export function quotaDays(quotas: TResultQuota[]): { day: string; counts: number[] }[] {
  const days = [...new Set(quotas.flatMap((q) => q.perDay.map((d) => d.day)))].sort();
  return days.map((day) => ({
    day,
    counts: quotas.map((q) => q.perDay.find((d) => d.day === day)?.count ?? 0),
  }));
}

/** A quota's running fill: the selection's completes so far, day by day, under a dashed line at its limit. */
function RunningFill({ quota, from, to, color }: { quota: TResultQuota; from: string; to: string; color: string }) {
  const points = runningFill(quota.perDay, quota.limit, from, to);
  const last = points.at(-1);
  const top = fillAxisTop(points, quota.limit);
  const summary = `${groupNumber(last?.running ?? 0)} of ${groupNumber(quota.limit)} (${percentText(last?.fillPercent ?? 0)})`;
  return (
    <Paper withBorder p="xs" radius="sm" role="img" aria-label={`Running fill of ${quota.name}: ${summary} by ${to}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs" aria-hidden>
        <Text size="sm" fw={600} truncate="end">
          {quota.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {summary} since {from}
        </Text>
      </Group>
      <AreaChart
        h={FILL_HEIGHT}
        data={points}
        dataKey="day"
        curveType="stepAfter"
        series={[{ name: 'running', label: 'Completes so far', color }]}
        referenceLines={[
          {
            y: quota.limit,
            color: 'red.6',
            label: `Limit ${groupNumber(quota.limit)}`,
            labelPosition: 'insideTopLeft',
            strokeDasharray: '4 3',
          },
        ]}
        valueFormatter={groupNumber}
        withDots={points.length <= 31}
        gridAxis="y"
        xAxisProps={{ tickFormatter: shortDay, interval: 'preserveStartEnd', minTickGap: 16 }}
        yAxisProps={{ domain: [0, top], allowDecimals: false, width: 48 }}
        tooltipAnimationDuration={0}
        aria-hidden
      />
    </Paper>
  );
}

export function QuotasPanel({ quotas, from, to }: { quotas: TResultQuota[]; from: string; to: string }) {
  if (quotas.length === 0)
    return (
      <Text size="sm" role="status">
        This campaign has no quotas. An admin sets them on the Quotas screen.
      </Text>
    );
  const days = quotaDays(quotas);
  return (
    <Stack gap="md">
      <Grid gap="md" columns={24}>
        <Grid.Col span={13}>
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
          <Text size="xs" c="dimmed" mt={4}>
            Count and fill are the quota's own: every completed call in it, whatever the filters. The running fill
            beside sums the completes these filters select, day by day from {from}.
          </Text>
        </Grid.Col>
        <Grid.Col span={11}>
          <ScrollArea.Autosize mah={FILLS_HEIGHT} type="auto" offsetScrollbars data-testid="quota-fills">
            <Stack gap="xs">
              {quotas.map((q, i) => (
                <RunningFill
                  key={q.quotaId}
                  quota={q}
                  from={from}
                  to={to}
                  color={SERIES_COLORS[i % SERIES_COLORS.length] ?? 'indigo.6'}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Grid.Col>
      </Grid>
      {days.length > 0 && (
        <ScrollArea.Autosize mah={320} type="auto">
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
      )}
    </Stack>
  );
}
