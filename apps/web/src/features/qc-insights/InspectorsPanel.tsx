// Per inspector: the mean total as bars against the floor's mean (coloured by the lean), and the table of volume,
// difference, indicator and dispute outcomes.
import { Grid, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import type { TQcInsights } from '@crm/shared';
import { LEAN_COLORS, formatDifference, formatHours, formatMarks, inspectorBars, type TInsightsQueryText } from './insight-data.ts';
import { SectionExport } from './SectionExport.tsx';

export function InspectorsPanel({ insights, query }: { insights: TQcInsights; query: TInsightsQueryText }) {
  const { inspectors, floor, leanThreshold, minLeanRecords } = insights;
  const bars = inspectorBars(inspectors);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          Floor mean {formatMarks(floor.meanTotal)} over {floor.records} records. Lenient: {leanThreshold} or more marks above it; strict: {leanThreshold} or more below
          (from {minLeanRecords} records). Disputes count the criteria disputed by final outcome.
        </Text>
        <SectionExport query={query} section="inspectors" label="Export inspectors" />
      </Group>
      {inspectors.length === 0 ? (
        <Text size="sm" role="status">
          No in-house QC records in this range.
        </Text>
      ) : (
        <Grid gap="md">
          <Grid.Col span={3}>
            <BarChart
              h={Math.min(360, Math.max(140, 40 * bars.length + 60))}
              data={bars}
              dataKey="inspector"
              orientation="vertical"
              series={[{ name: 'meanTotal', label: 'Mean total', color: 'indigo.6' }]}
              referenceLines={[{ x: floor.meanTotal, color: 'gray.7', label: 'Floor' }]}
              valueFormatter={formatMarks}
              withBarValueLabel
              gridAxis="x"
              xAxisProps={{ domain: [Math.min(0, ...bars.map((b) => Math.floor(b.meanTotal))), 100] }}
              yAxisProps={{ width: 90 }}
              aria-hidden
            />
          </Grid.Col>
          <Grid.Col span={9}>
            <ScrollArea.Autosize mah={370}>
              <Table striped withTableBorder fz="xs" horizontalSpacing="xs">
                <Table.Caption>Inspectors, {query.startDate} to {query.endDate}</Table.Caption>
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
                      <Table.Td>{i.inspector}</Table.Td>
                      <Table.Td ta="right">{i.records}</Table.Td>
                      <Table.Td ta="right">{formatMarks(i.meanTotal)}</Table.Td>
                      <Table.Td ta="right">{formatDifference(i.difference)}</Table.Td>
                      <Table.Td>
                        <Text span size="xs" fw={600} c={LEAN_COLORS[i.lean]}>
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
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
