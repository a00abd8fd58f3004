// Per inspector (by name): the mean total as bars the page's width against the floor's mean (coloured by the lean),
// and under it the table of volume, difference, indicator and dispute outcomes.
import { Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import type { TQcInsights } from '@crm/shared';
import {
  LEAN_COLORS,
  formatDifference,
  formatHours,
  formatMarks,
  inspectorAxis,
  inspectorBars,
  type TInsightsQueryText,
} from './insight-data.ts';
import { SectionExport } from './SectionExport.tsx';

/** A bar's row in the chart; the chart is no taller than this many bars, the table below taking the rest. */
const BAR_ROW = 44;
const MOST_BARS_TALL = 7;

export function InspectorsPanel({ insights, query }: { insights: TQcInsights; query: TInsightsQueryText }) {
  const { inspectors, floor, leanThreshold, minLeanRecords } = insights;
  const bars = inspectorBars(inspectors);
  const axis = inspectorAxis(bars, floor.meanTotal);
  const chartHeight = Math.max(170, BAR_ROW * Math.min(bars.length, MOST_BARS_TALL) + 56);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          Floor mean {formatMarks(floor.meanTotal)} over {floor.records} records. Lenient: {leanThreshold} or more marks
          above it; strict: {leanThreshold} or more below (from {minLeanRecords} records). Disputes count the criteria
          disputed by final outcome.
        </Text>
        <SectionExport query={query} section="inspectors" label="Export inspectors" />
      </Group>
      {inspectors.length === 0 ? (
        <Text size="sm" role="status">
          No in-house QC records in this range.
        </Text>
      ) : (
        <Stack gap="sm">
          <BarChart
            h={chartHeight}
            data={bars}
            dataKey="inspector"
            orientation="vertical"
            series={[{ name: 'meanTotal', label: 'Mean total', color: 'indigo.6' }]}
            referenceLines={[
              {
                x: floor.meanTotal,
                color: 'gray.7',
                label: `Floor mean ${formatMarks(floor.meanTotal)}`,
                labelPosition: 'top',
                strokeDasharray: '4 3',
              },
            ]}
            barChartProps={{ margin: { top: 20, right: 48 } }}
            maxBarWidth={22}
            valueFormatter={formatMarks}
            withBarValueLabel
            gridAxis="none"
            xAxisProps={{
              domain: axis.domain,
              ticks: axis.ticks,
              allowDecimals: false,
              tickFormatter: (v: number) => String(v),
            }}
            yAxisProps={{ width: 150 }}
            aria-hidden
          />
          <ScrollArea.Autosize mah={`max(160px, calc(100dvh - ${300 + chartHeight}px))`}>
            <Table striped withTableBorder fz="sm" verticalSpacing={4} style={{ whiteSpace: 'nowrap' }}>
              <Table.Caption>
                Inspectors, {query.startDate} to {query.endDate}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Inspector</Table.Th>
                  <Table.Th ta="right">Records</Table.Th>
                  <Table.Th ta="right">Mean</Table.Th>
                  <Table.Th ta="right">± floor</Table.Th>
                  <Table.Th>Indicator</Table.Th>
                  <Table.Th ta="right">Raised</Table.Th>
                  <Table.Th ta="right">Accepted</Table.Th>
                  <Table.Th ta="right">Rejected</Table.Th>
                  <Table.Th ta="right">Changed</Table.Th>
                  <Table.Th ta="right">Escalated</Table.Th>
                  <Table.Th ta="right">Median answer</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {inspectors.map((i) => (
                  <Table.Tr key={`${i.inspectorId ?? ''}|${i.inspector}`}>
                    {/* The username in the tooltip: beside the name it would push the last columns out of a 1366 px window. */}
                    <Table.Td title={i.inspector}>{i.inspectorName}</Table.Td>
                    <Table.Td ta="right">{i.records}</Table.Td>
                    <Table.Td ta="right">{formatMarks(i.meanTotal)}</Table.Td>
                    <Table.Td ta="right">{formatDifference(i.difference)}</Table.Td>
                    <Table.Td>
                      <Text span size="sm" fw={600} c={LEAN_COLORS[i.lean]} style={{ whiteSpace: 'nowrap' }}>
                        {i.lean}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{i.disputes.raised}</Table.Td>
                    <Table.Td ta="right">{i.disputes.accepted}</Table.Td>
                    <Table.Td ta="right">{i.disputes.rejected}</Table.Td>
                    <Table.Td ta="right">{i.disputes.changed}</Table.Td>
                    <Table.Td ta="right">{i.disputes.escalated}</Table.Td>
                    <Table.Td ta="right">{formatHours(i.disputes.medianHoursToAnswer)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Stack>
  );
}
