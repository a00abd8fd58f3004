// Per agent: the table of records, mean, grade and the three weakest criteria (a row picks the agent), and beside it
// the picked agent's weekly mean total as a line against the grade bands, with its weeks as a table.
import { useState } from 'react';
import { Anchor, Button, Grid, Group, ScrollArea, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { LineChart } from '@mantine/charts';
import type { TAcknowledgementFigures, TAgentInsight } from '@crm/shared';
import {
  GRADE_COLORS,
  GRADE_LINES,
  acknowledgementsHref,
  coachHref,
  formatMarks,
  trendAxis,
  weakestText,
  weekLabel,
  weekPoints,
  type TInsightsQueryText,
} from './insight-data.ts';
import { SectionExport } from './SectionExport.tsx';

/** The agents table's height: the window's, less the header, range, tabs and caption above and below it. */
const AGENTS_HEIGHT = 'max(220px, calc(100dvh - 276px))';
const TREND_HEIGHT = 200;
/** The weeks table's: under the trend's title and chart. */
const WEEKS_HEIGHT = `max(150px, calc(100dvh - ${276 + TREND_HEIGHT + 30}px))`;
/** Room right of the plot for the grade lines' names, clear of the last week's point. */
const GRADE_LABEL_ROOM = 72;
/** Up to this many weeks every week has its label; more share the axis. */
const ALL_WEEK_LABELS = 10;

/** The grade in its colour, as text on one line: a badge would cut a long grade short in a narrow column. */
function GradeText({ grade }: { grade: TAgentInsight['grade'] }) {
  return (
    <Text span size="sm" fw={600} c={GRADE_COLORS[grade]} style={{ whiteSpace: 'nowrap' }}>
      {grade}
    </Text>
  );
}

/** The weakest three on one line, cut short with an ellipsis in the room the cell has left; the whole line in a tooltip. */
function WeakestLine({ agent }: { agent: TAgentInsight }) {
  const text = weakestText(agent);
  return (
    <Tooltip label={text} openDelay={300} multiline maw={320}>
      <Text size="sm" truncate="end">
        {text}
      </Text>
    </Tooltip>
  );
}

/** A count linking to the list of those records; a dimmed 0 for none. */
function CountLink({ count, to, label, overdue }: { count: number; to: string; label: string; overdue?: boolean }) {
  if (count === 0)
    return (
      <Text span size="sm" c="dimmed">
        0
      </Text>
    );
  return (
    <Anchor
      component={Link}
      to={to}
      fz="sm"
      fw={overdue ? 700 : undefined}
      c={overdue ? 'red.8' : undefined}
      aria-label={label}
    >
      {count}
    </Anchor>
  );
}

/** The range's records awaiting acknowledgement and overdue, each linking to the list. */
function AcknowledgementsTotal({ figures, query }: { figures: TAcknowledgementFigures; query: TInsightsQueryText }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="acknowledgements-total">
      Unacknowledged:{' '}
      <Anchor component={Link} to={acknowledgementsHref(query)} fz="sm" fw={600}>
        {figures.unacknowledged}
      </Anchor>
      {' · '}overdue:{' '}
      <Anchor
        component={Link}
        to={acknowledgementsHref(query, { overdueOnly: true })}
        fz="sm"
        fw={700}
        c={figures.overdue > 0 ? 'red.8' : undefined}
      >
        {figures.overdue}
      </Anchor>
    </Text>
  );
}

function Trend({ agent }: { agent: TAgentInsight }) {
  const points = weekPoints(agent);
  const axis = trendAxis(points);
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        Weekly trend of {agent.agentName}
      </Text>
      <LineChart
        h={TREND_HEIGHT}
        data={points}
        dataKey="week"
        series={[{ name: 'meanTotal', label: 'Mean total', color: 'indigo.6' }]}
        referenceLines={GRADE_LINES.map((l) => ({
          y: l.y,
          color: l.color,
          label: `${l.label} ${l.y}`,
          labelPosition: 'right',
          strokeDasharray: '4 3',
          ifOverflow: 'discard',
        }))}
        lineChartProps={{ margin: { right: GRADE_LABEL_ROOM, top: 8 } }}
        yAxisProps={{
          domain: axis.domain,
          ticks: axis.ticks,
          allowDecimals: false,
          tickFormatter: (v: number) => String(v),
          width: 36,
        }}
        xAxisProps={{
          tickFormatter: weekLabel,
          interval: points.length <= ALL_WEEK_LABELS ? 0 : 'preserveStartEnd',
          padding: { left: 16, right: 16 },
        }}
        valueFormatter={formatMarks}
        curveType="linear"
        aria-hidden
      />
      <ScrollArea.Autosize mah={WEEKS_HEIGHT}>
        <Table striped withTableBorder fz="sm" verticalSpacing={4} horizontalSpacing={6}>
          <Table.Caption>Weeks of {agent.agentName}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Week of</Table.Th>
              <Table.Th ta="right">Records</Table.Th>
              <Table.Th ta="right">Mean</Table.Th>
              <Table.Th>Grade</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {agent.weeks.map((w) => (
              <Table.Tr key={w.weekStart}>
                <Table.Td>{w.weekStart}</Table.Td>
                <Table.Td ta="right">{w.records}</Table.Td>
                <Table.Td ta="right">{formatMarks(w.meanTotal)}</Table.Td>
                <Table.Td>
                  <GradeText grade={w.grade} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

export function AgentsPanel({
  agents,
  query,
  acknowledgements,
}: {
  agents: TAgentInsight[];
  query: TInsightsQueryText;
  acknowledgements: TAcknowledgementFigures;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const shown = agents.find((a) => a.agentId === picked) ?? agents[0];
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          Mean total and grade per agent; weakest criteria by mean marks lost (best mark − mark given). Pick an agent
          for its weekly trend.
        </Text>
        <Group gap="sm" wrap="nowrap">
          <AcknowledgementsTotal figures={acknowledgements} query={query} />
          <SectionExport query={query} section="agents" label="Export agents" />
        </Group>
      </Group>
      {shown === undefined ? (
        <Text size="sm" role="status">
          No in-house QC records in this range.
        </Text>
      ) : (
        <Grid gap="md" columns={24}>
          <Grid.Col span={15}>
            <ScrollArea.Autosize mah={AGENTS_HEIGHT}>
              <Table
                striped
                highlightOnHover
                withTableBorder
                fz="sm"
                verticalSpacing={4}
                horizontalSpacing="xs"
                style={{ whiteSpace: 'nowrap' }}
              >
                <Table.Caption>
                  Agents, {query.startDate} to {query.endDate}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Agent</Table.Th>
                    <Table.Th ta="right">Records</Table.Th>
                    <Table.Th ta="right">Mean</Table.Th>
                    <Table.Th>Grade</Table.Th>
                    <Table.Th ta="right" title="Records awaiting the agent's acknowledgement">
                      Unack.
                    </Table.Th>
                    <Table.Th ta="right" title="Of those, past the campaign's acknowledgement window">
                      Overdue
                    </Table.Th>
                    <Table.Th title="Mean marks lost per record">Weakest criteria</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Coaching</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {agents.map((a) => (
                    <Table.Tr
                      key={a.agentId}
                      bg={a.agentId === shown.agentId ? 'var(--mantine-color-indigo-light)' : undefined}
                    >
                      <Table.Td>
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          onClick={() => setPicked(a.agentId)}
                          aria-pressed={a.agentId === shown.agentId}
                          title={a.agentId}
                        >
                          {a.agentName}
                        </Button>
                      </Table.Td>
                      <Table.Td ta="right">{a.records}</Table.Td>
                      <Table.Td ta="right">{formatMarks(a.meanTotal)}</Table.Td>
                      <Table.Td>
                        <GradeText grade={a.grade} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <CountLink
                          count={a.acknowledgements.unacknowledged}
                          to={acknowledgementsHref(query, { agentId: a.agentId })}
                          label={`${a.acknowledgements.unacknowledged} records of ${a.agentName} awaiting acknowledgement`}
                        />
                      </Table.Td>
                      <Table.Td ta="right">
                        <CountLink
                          count={a.acknowledgements.overdue}
                          overdue
                          to={acknowledgementsHref(query, { agentId: a.agentId, overdueOnly: true })}
                          label={`${a.acknowledgements.overdue} overdue acknowledgements of ${a.agentName}`}
                        />
                      </Table.Td>
                      {/* Max-width 0 and width 100%: the cell takes the row's remaining width, no more. */}
                      <Table.Td style={{ maxWidth: 0, width: '100%' }}>
                        <WeakestLine agent={a} />
                      </Table.Td>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={coachHref(a, query.campaignName)}
                          fz="sm"
                          aria-label={`Coach ${a.agentName} on their weakest criteria`}
                        >
                          Coach
                        </Anchor>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Grid.Col>
          <Grid.Col span={9}>
            <Trend agent={shown} />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
