// Per criterion across the floor: mean marks lost per record as bars (the criteria that lost any, worst first), and
// every criterion's figures as a table in the same order; a scorecard other than "Standard" named beside its criteria,
// and a line per version under a criterion whose scale changed between versions.
import { Fragment } from 'react';
import { Grid, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { STANDARD_SCORECARD_ID, type TCriterionInsight } from '@crm/shared';
import { criteriaByLoss, criterionBars, formatMarks, lossAxis, type TInsightsQueryText } from './insight-data.ts';
import { SectionExport } from './SectionExport.tsx';

/** The table's and chart's height: the window's, less the header, range, tabs and the caption under the table. */
const CRITERIA_HEIGHT = 'max(240px, calc(100dvh - 274px))';

export function CriteriaPanel({
  criteria,
  records,
  query,
}: {
  criteria: TCriterionInsight[];
  records: number;
  query: TInsightsQueryText;
}) {
  const bars = criterionBars(criteria);
  const axis = lossAxis(bars);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Marks lost on each criterion over {records} record{records === 1 ? '' : 's'}: its best mark minus the mark
          given (N/A left out). Worst first.
        </Text>
        <SectionExport query={query} section="criteria" label="Export criteria" />
      </Group>
      <Grid gap="lg" columns={24}>
        <Grid.Col span={9}>
          {bars.length === 0 ? (
            <Text size="sm" role="status">
              No marks lost in this range.
            </Text>
          ) : (
            <BarChart
              h={Math.min(430, Math.max(120, 28 * bars.length + 40))}
              data={bars}
              dataKey="criterion"
              orientation="vertical"
              series={[{ name: 'meanLost', label: 'Mean marks lost', color: 'red.6' }]}
              valueFormatter={formatMarks}
              withBarValueLabel
              gridAxis="none"
              barChartProps={{ margin: { right: 12 } }}
              xAxisProps={{ domain: axis.domain, ticks: axis.ticks, tickFormatter: (v: number) => String(v) }}
              yAxisProps={{ width: 150 }}
              aria-hidden
            />
          )}
        </Grid.Col>
        <Grid.Col span={15}>
          <ScrollArea.Autosize mah={CRITERIA_HEIGHT}>
            <Table
              striped
              withTableBorder
              fz="sm"
              verticalSpacing={4}
              horizontalSpacing="xs"
              style={{ whiteSpace: 'nowrap' }}
            >
              <Table.Caption>
                Marks lost per criterion, {query.startDate} to {query.endDate}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Criterion</Table.Th>
                  <Table.Th ta="right" title="The criterion's best mark">
                    Best
                  </Table.Th>
                  <Table.Th ta="right" title="Marks lost over every record">
                    Lost
                  </Table.Th>
                  <Table.Th ta="right">Mean lost</Table.Th>
                  <Table.Th ta="right">Records losing</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {criteriaByLoss(criteria).map((c) => (
                  <Fragment key={`${c.scorecardId}:${c.criterion}`}>
                    <Table.Tr>
                      <Table.Td>
                        {c.name}
                        {c.scorecardId !== STANDARD_SCORECARD_ID && ' '}
                        {c.scorecardId !== STANDARD_SCORECARD_ID && (
                          <Text span size="xs" c="dimmed" ml={4}>
                            {c.scorecard}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{c.maxMarks}</Table.Td>
                      <Table.Td ta="right">{c.marksLost}</Table.Td>
                      <Table.Td ta="right">{c.meanLost.toFixed(2)}</Table.Td>
                      <Table.Td ta="right">{c.recordsLosing}</Table.Td>
                    </Table.Tr>
                    {c.versions.map((v) => (
                      <Table.Tr key={v.versionId} c="dimmed">
                        <Table.Td pl="lg" title={v.scale}>
                          version {v.version}: {v.scale}
                        </Table.Td>
                        <Table.Td ta="right">{v.maxMarks}</Table.Td>
                        <Table.Td ta="right">{v.marksLost}</Table.Td>
                        <Table.Td ta="right">{v.meanLost.toFixed(2)}</Table.Td>
                        <Table.Td ta="right">{v.recordsLosing}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Fragment>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
